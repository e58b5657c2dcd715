// What a delivery body says, read once when it arrives: its event id and name, and the values in
// its data that a record is matched by. The sink keeps these few small fields, so matching and
// counting attempts never read a body again, and they outlive a body the byte cap drops. Pure.
import { parseExactJson } from '../model/exact-json.js';

/** The fields of a delivery body the sink keeps (see SinkDelivery). */
export interface DeliveryContent {
  readonly eventId?: string;
  readonly eventName?: string;
  readonly dataValues: ReadonlySet<string>;
}

/** Parses JSON text; exactly (ids beyond 2^53 kept as digits) unless a test counts the parses. */
export type JsonParser = (text: string) => unknown;

/** Longest id, event name or data value kept; a longer one is left out (ids are short in practice). */
export const maxKeptTextChars = 256;
/** Most values of `data` kept for matching, taken breadth first, so `data.id` always comes first. */
export const maxDataValues = 32;
// As deep as the suites ever looked for a record id; a hostile body may nest far deeper.
const maxDataDepth = 8;
// Containers and values looked at in `data`, so a body of a million tiny items costs no more.
const maxDataNodes = 10_000;

const nothing: DeliveryContent = { dataValues: new Set() };

/** Reads `body` once; a cut body (over maxBodyBytes) is not parsed and says nothing. */
export function readDeliveryContent(
  body: Buffer,
  isTruncated: boolean,
  parse: JsonParser = (text) => parseExactJson(text).json,
): DeliveryContent {
  if (isTruncated) return nothing;
  let parsed: unknown;
  try {
    // V8 parses iteratively, so deep nesting cannot overflow the stack here; the walk below is iterative too.
    parsed = parse(body.toString('utf8'));
  } catch {
    return nothing;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return nothing;
  const { id, event, data } = parsed as Record<string, unknown>;
  return {
    ...(isKeptText(id) ? { eventId: id } : {}),
    ...(isKeptText(event) ? { eventName: event } : {}),
    dataValues: collectDataValues(data),
  };
}

/** The characters `content` holds, for the sink's byte accounting. */
export function contentChars(content: DeliveryContent): number {
  let chars = (content.eventId?.length ?? 0) + (content.eventName?.length ?? 0);
  for (const value of content.dataValues) chars += value.length;
  return chars;
}

function isKeptText(value: unknown): value is string {
  return typeof value === 'string' && value.length <= maxKeptTextChars;
}

// Breadth first and iterative: a string or number anywhere in the first levels of `data` is a
// value a record may be matched by (a delivery about an order may name its customer's id too).
function collectDataValues(data: unknown): ReadonlySet<string> {
  const values = new Set<string>();
  const queue: Array<{ readonly value: unknown; readonly depth: number }> = [{ value: data, depth: 0 }];
  for (let head = 0; head < queue.length && values.size < maxDataValues; head += 1) {
    const { value, depth } = queue[head]!;
    if (typeof value === 'string' || typeof value === 'number') {
      const text = String(value);
      if (text.length <= maxKeptTextChars) values.add(text);
      continue;
    }
    if (depth >= maxDataDepth || value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length && queue.length < maxDataNodes; i += 1)
        queue.push({ value: value[i], depth: depth + 1 });
    } else {
      for (const key in value) {
        if (queue.length >= maxDataNodes) break;
        queue.push({ value: (value as Record<string, unknown>)[key], depth: depth + 1 });
      }
    }
  }
  return values;
}
