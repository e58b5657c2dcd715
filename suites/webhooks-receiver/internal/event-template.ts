// Event bodies from webhooks.receiver.events. Pure. "{eventId}" and "{recordId}" in any string are
// replaced, so each delivery carries ids of its own (config validation requires "{eventId}").

/** The ids one delivery is built with. */
export interface EventIds {
  readonly eventId: string;
  readonly recordId: string;
}

/** A copy of `template` with "{eventId}" and "{recordId}" replaced in every string, keys left alone. */
export function fillEventTemplate(template: Readonly<Record<string, unknown>>, ids: EventIds): Record<string, unknown> {
  return fillStrings(template, ids) as Record<string, unknown>;
}

function fillStrings(value: unknown, ids: EventIds): unknown {
  if (typeof value === 'string')
    return value.replaceAll('{eventId}', ids.eventId).replaceAll('{recordId}', ids.recordId);
  if (Array.isArray(value)) return value.map((item) => fillStrings(item, ids));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillStrings(item, ids)]));
  }
  return value;
}

/** A copy of `event` without its top-level `field`: a delivery missing a required field (convention 2). */
export function withoutField(event: Readonly<Record<string, unknown>>, field: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(event).filter(([key]) => key !== field));
}
