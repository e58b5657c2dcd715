// The webhooks part of a config derived from an API description (derive-config.ts): the sender's
// registration from an operation whose callbacks name a URL field, its events from the callbacks'
// payloads, and the receiver from a webhook the document describes. Pure.
import { successSchema, type ApiModel, type JsonSchema } from './api-model.js';
import type { Say } from './derive-config.js';
import { singularOf, type FoundCollection } from './find-collections.js';
import { sampleBody } from './sample-body.js';

/** The webhooks section: the sender's registration and events, and the receiver, or what is missing. */
export function deriveWebhooks(
  model: ApiModel,
  found: readonly FoundCollection[],
  seed: number,
  derived: Say,
  missing: Say,
): Record<string, unknown> {
  const webhooks: Record<string, unknown> = {};
  const registration = model.operations.find(
    (operation) =>
      operation.body !== undefined && operation.callbacks.some((expression) => urlFieldOf(expression) !== undefined),
  );
  if (registration === undefined) {
    missing(
      '/webhooks/sender',
      'no operation has a callback whose URL comes from its request body ({$request.body#/url}); add webhooks.sender.register by hand to certify the sender',
    );
  } else {
    const field = registration.callbacks.map(urlFieldOf).find((name) => name !== undefined)!;
    const sample = sampleBody(registration.body!, { seed, version: model.version, collectionNames: [] });
    const body: Record<string, unknown> = sample.ok ? sample.body : {};
    body[field] = '{sinkUrl}';
    const secretField = Object.keys(
      (registration.body!.schema['properties'] as Record<string, unknown> | undefined) ?? {},
    ).find((name) => /secret/i.test(name));
    if (secretField !== undefined) body[secretField] = '{secret}';
    const sender: Record<string, unknown> = {
      register: { method: registration.method.toUpperCase(), path: registration.path, body },
    };
    derived(
      '/webhooks/sender/register',
      `${registration.method.toUpperCase()} ${registration.path} with the sink's URL in "${field}"${secretField === undefined ? '' : ` and the secret in "${secretField}"`} (its callback at ${registration.pointer})`,
    );
    if (secretField === undefined)
      missing(
        '/webhooks/sender/register/body',
        'the registration body has no field for the signing secret: add {secret} where the target takes it, or the sender checks cannot verify signatures',
      );
    const events = deriveEvents(model, found);
    if (events !== undefined) {
      sender['collection'] = events.collection;
      sender['events'] = events.names;
      derived(
        '/webhooks/sender/events',
        `${Object.values(events.names).join(', ')} for "${events.collection}" (the document's webhooks)`,
      );
    }
    missing(
      '/webhooks/sender/senderTimeoutMs',
      "how long the target waits for a delivery's answer is not in the document: set it (default 5000 ms), or the retry checks wait longer than they need",
    );
    webhooks['sender'] = sender;
  }
  const receiver = deriveReceiver(model, derived, missing);
  if (receiver !== undefined) webhooks['receiver'] = receiver;
  return webhooks;
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

/** "{$request.body#/url}" → "url": the top-level body field the callback URL comes from. */
function urlFieldOf(expression: string): string | undefined {
  return /^\{\$request\.body#\/([^/}]+)\}$/.exec(expression)?.[1];
}

function deriveEvents(
  model: ApiModel,
  found: readonly FoundCollection[],
): { collection: string; names: Record<string, string> } | undefined {
  const eventNames = new Set([
    ...model.webhooks.map((webhook) => webhook.name),
    ...model.webhooks.flatMap((webhook) => eventEnum(webhook.payload)),
  ]);
  for (const collection of found) {
    const singular = singularOf(collection.name);
    const names = Object.fromEntries(
      (['create', 'update', 'delete'] as const).flatMap((operation) => {
        const name = `${singular}.${operation}d`;
        return eventNames.has(name) ? [[operation, name]] : [];
      }),
    );
    if (Object.keys(names).length > 0) return { collection: collection.name, names };
  }
  return undefined;
}

function eventEnum(payload: JsonSchema | undefined): string[] {
  const event = ((payload?.['properties'] as Record<string, JsonSchema> | undefined) ?? {})['event'];
  return Array.isArray(event?.['enum'])
    ? event['enum'].filter((value): value is string => typeof value === 'string')
    : [];
}
