// The webhooks part of a config derived from an API description (derive-config.ts): the sender's
// registration from an operation whose callback takes its URL from the request body, its events from
// the 3.1 webhooks, and the receiver from a webhook the document describes; for a callback URL taken
// from the query or a header, and for webhooks nothing registers, lines saying what to fill. Pure.
import { propertiesOf } from './schema-properties.js';
import { successSchema, type ApiModel, type JsonSchema } from './api-model.js';
import type { Say } from './derive-config.js';
import { singularOf, type FoundCollection } from './find-collections.js';
import { sampleBody } from './sample-body.js';
import { callbackUrlSourceOf, describeSource, placedAt } from './callback-url.js';
import { operationOfEvent, recordOfEvent, type RecordOperation } from './webhook-events.js';

/** The webhooks section: the sender's registration and events, and the receiver, or what is missing. */
export function deriveWebhooks(
  model: ApiModel,
  found: readonly FoundCollection[],
  seed: number,
  derived: Say,
  missing: Say,
): Record<string, unknown> {
  const webhooks: Record<string, unknown> = {};
  const sender = deriveSender(model, found, seed, derived, missing);
  if (sender !== undefined) webhooks['sender'] = sender;
  const receiver = deriveReceiver(model, derived, missing);
  if (receiver !== undefined) webhooks['receiver'] = receiver;
  return webhooks;
}

function deriveSender(
  model: ApiModel,
  found: readonly FoundCollection[],
  seed: number,
  derived: Say,
  missing: Say,
): Record<string, unknown> | undefined {
  const callbacks = model.operations.flatMap((operation) =>
    operation.callbacks.flatMap((key) => {
      const source = callbackUrlSourceOf(key);
      return source === undefined ? [] : [{ operation, key, source }];
    }),
  );
  const registration = callbacks.find(({ operation, source }) => source.in === 'body' && operation.body !== undefined);
  const events = deriveEvents(model, found);
  if (registration === undefined || registration.source.in !== 'body') {
    const other = callbacks[0];
    if (other !== undefined)
      // The sink's URL goes into a JSON body ({sinkUrl}); a URL taken from the query or a header
      // cannot be registered from the config, so the user learns which field it is and fills it.
      missing(
        '/webhooks/sender/register',
        `${other.operation.method.toUpperCase()} ${other.operation.path} takes the callback URL in ${describeSource(other.source)} (callback "${other.key}" at ${other.operation.pointer}); apicert registers its sink with "{sinkUrl}" in a JSON request body, so set webhooks.sender.register by hand to a request that takes it there, or the sender checks cannot run`,
      );
    else if (model.webhooks.length > 0)
      missing(
        '/webhooks/sender',
        `the document's webhooks (${model.webhooks.map((webhook) => webhook.name).join(', ')}) are what the target sends, but no operation says how a URL subscribes to them (a callback at {$request.body#/url}); set webhooks.sender.register to the request that subscribes a URL, with "{sinkUrl}" in its body`,
      );
    else
      missing(
        '/webhooks/sender',
        'no operation has a callback whose URL comes from its request body ({$request.body#/url}); add webhooks.sender.register by hand to certify the sender',
      );
    sayEvents(events, missing, ' once webhooks.sender.register is set');
    return undefined;
  }
  const { operation, source } = registration;
  const sample = sampleBody(operation.body!, { seed, version: model.version, collectionNames: [] });
  const body = placedAt(sample.ok ? sample.body : {}, source.path, '{sinkUrl}');
  const secretField = [...propertiesOf(operation.body!.schema).always].find((name) => /secret/i.test(name));
  if (secretField !== undefined) body[secretField] = '{secret}';
  const sender: Record<string, unknown> = {
    register: { method: operation.method.toUpperCase(), path: operation.path, body },
  };
  derived(
    '/webhooks/sender/register',
    `${operation.method.toUpperCase()} ${operation.path} with the sink's URL in ${describeSource(source)}${secretField === undefined ? '' : ` and the secret in "${secretField}"`} (its callback at ${operation.pointer})`,
  );
  if (secretField === undefined)
    missing(
      '/webhooks/sender/register/body',
      'the registration body has no field for the signing secret: add {secret} where the target takes it, or the sender checks cannot verify signatures',
    );
  if (events?.inConfig === true) {
    sender['collection'] = events.collection;
    sender['events'] = events.names;
    derived(
      '/webhooks/sender/events',
      `${Object.values(events.names).join(', ')} for "${events.collection}" (the document's webhooks)`,
    );
  } else sayEvents(events, missing, '');
  missing(
    '/webhooks/sender/senderTimeoutMs',
    "how long the target waits for a delivery's answer is not in the document: set it (default 5000 ms), or the retry checks wait longer than they need",
  );
  return sender;
}

/** How the document's webhooks map to webhooks.sender.events when init cannot write them itself. */
function sayEvents(events: DerivedEvents | undefined, missing: Say, when: string): void {
  if (events === undefined) return;
  const mapped = Object.entries(events.names).map(([operation, name]) => `events.${operation} "${name}"`);
  if (mapped.length > 0)
    missing(
      '/webhooks/sender/events',
      `the document's webhooks map to ${mapped.join(', ')} of a "${events.collection}" collection${events.inConfig ? '' : ' (not among the collections found: add it)'}; set them, with collection "${events.collection}",${when === '' ? ' to pin them' : when}`,
    );
  for (const name of events.unmapped)
    missing(
      '/webhooks/sender/events',
      `webhook "${name}" names no create, update or delete of a record; put it under webhooks.sender.events by hand if it is one`,
    );
}

/**
 * The receiver: an operation that takes the convention's X-Signature header; and, to see what it
 * processed, a GET under its path taking an event id whose answer has a processed count.
 */
function deriveReceiver(model: ApiModel, derived: Say, missing: Say): Record<string, unknown> | undefined {
  const receiving = model.operations.find(
    (operation) =>
      operation.method === 'post' && operation.headerParameters.some((name) => name.toLowerCase() === 'x-signature'),
  );
  if (receiving === undefined) {
    missing(
      '/webhooks/receiver',
      'no operation takes an X-Signature header, so the document names no webhook receiver: set webhooks.receiver.url to certify one',
    );
    return undefined;
  }
  derived(
    '/webhooks/receiver/url',
    `${receiving.path} (it takes the X-Signature header, ${receiving.pointer}); the secret it verifies goes in APICERT_WEBHOOK_SECRET`,
  );
  const receiver: Record<string, unknown> = { url: receiving.path };
  const observing = model.operations.find(
    (operation) =>
      operation.method === 'get' &&
      operation.path.startsWith(`${receiving.path}/`) &&
      /\{[^}]*event[^}]*\}$/i.test(operation.path),
  );
  const count = Object.entries(
    ((observing === undefined ? undefined : successSchema(observing))?.['properties'] as
      Record<string, JsonSchema> | undefined) ?? {},
  ).find(([name, schema]) => /processed/i.test(name) && schema['type'] === 'integer')?.[0];
  if (observing !== undefined && count !== undefined) {
    receiver['observe'] = { urlTemplate: observing.path.replace(/\{[^}]*\}$/, '{eventId}'), pointer: `/${count}` };
    derived('/webhooks/receiver/observe', `${observing.path}, processed count at /${count} (${observing.pointer})`);
  } else {
    missing(
      '/webhooks/receiver/observe',
      "no GET under the receiver's path reads how often an event was processed: without it, deduplication is judged from the answers alone",
    );
  }
  return receiver;
}

interface DerivedEvents {
  readonly collection: string;
  readonly names: Partial<Record<RecordOperation, string>>;
  /** True when `collection` is one of the collections found, so the config may name it. */
  readonly inConfig: boolean;
  /** Documented event names that map to no operation. */
  readonly unmapped: readonly string[];
}

/** The documented events (3.1 webhooks and their payloads' "event" enums) as one collection's create, update, delete. */
function deriveEvents(model: ApiModel, found: readonly FoundCollection[]): DerivedEvents | undefined {
  const eventNames = [
    ...new Set([
      ...model.webhooks.map((webhook) => webhook.name),
      ...model.webhooks.flatMap((webhook) => eventEnum(webhook.payload)),
    ]),
  ];
  if (eventNames.length === 0) return undefined;
  const guessed = eventNames.map(recordOfEvent).find((record) => record !== undefined);
  const candidates = [
    ...found.map((collection) => ({
      collection: collection.name,
      singular: singularOf(collection.name),
      inConfig: true,
    })),
    ...(guessed === undefined ? [] : [{ collection: `${guessed}s`, singular: guessed, inConfig: false }]),
  ];
  for (const candidate of candidates) {
    const names: Partial<Record<RecordOperation, string>> = {};
    for (const name of eventNames) {
      const operation = operationOfEvent(name, candidate.singular);
      if (operation !== undefined && names[operation] === undefined) names[operation] = name;
    }
    if (Object.keys(names).length === 0) continue;
    const used = new Set(Object.values(names));
    return {
      collection: candidate.collection,
      names,
      inConfig: candidate.inConfig,
      unmapped: model.webhooks.map((webhook) => webhook.name).filter((name) => !used.has(name)),
    };
  }
  return { collection: '', names: {}, inConfig: false, unmapped: model.webhooks.map((webhook) => webhook.name) };
}

function eventEnum(payload: JsonSchema | undefined): string[] {
  const event = ((payload?.['properties'] as Record<string, JsonSchema> | undefined) ?? {})['event'];
  return Array.isArray(event?.['enum'])
    ? event['enum'].filter((value): value is string => typeof value === 'string')
    : [];
}
