// The config's two webhook roles (schema.ts's webhooks section): the sender, whose deliveries the
// kit's sink captures and verifies, and the receiver, to which the kit sends signed deliveries; with
// the signature profile keys both share. Part of the one JSON Schema of the config (see schema.ts).
import * as P from './config-patterns.js';
import { body, choice, count, filledSection, millis, section, text } from './schema-nodes.js';

const sink = filledSection("The capturing sink the kit listens on to receive the target's webhook deliveries.", {
  host: text('Interface the sink listens on.', P.LISTEN_HOST, '127.0.0.1'),
  port: {
    type: 'integer',
    description: 'Port the sink listens on; 0 picks a free port.',
    minimum: 0,
    maximum: 65_535,
    default: 0,
  },
  publicUrl: text(
    'URL the target should call when it cannot reach host:port directly (a tunnel or a container).',
    P.HTTP_URL,
  ),
  tls: section(
    "PEM files to serve the sink over HTTPS; a relative path is read from the config file's folder.",
    {
      certFile: text('Path of the PEM certificate (chain).'),
      keyFile: text('Path of the PEM private key.'),
    },
    ['certFile', 'keyFile'],
  ),
  maxBodyBytes: count('Largest delivery body kept, in bytes.', 1, 1_048_576),
  maxConnections: count('Most open connections to the sink.', 1, 32),
  maxBytesKeptPerChannel: count(
    "Most bytes of delivery bodies and headers one check's channel keeps; later deliveries are answered and counted, their bodies dropped.",
    1,
    16_777_216,
  ),
  maxBytesKept: count(
    'Most bytes of delivery bodies and headers the sink keeps across all open channels.',
    1,
    67_108_864,
  ),
});

// The signature scheme of a webhook role (docs/signature-profiles.md): the same keys for the sender,
// whose deliveries the sink verifies in it, and the receiver, to which the kit signs in it.
function profileChoice(doing: string, secretNote: string) {
  return choice(
    `Signature scheme ${doing} (docs/signature-profiles.md): the convention's X-Signature, or GitHub's, Standard Webhooks', Stripe's or Shopify's, or "custom", described in customProfile. ${secretNote}`,
    ['convention', 'github', 'standard-webhooks', 'stripe', 'shopify', 'custom'],
    'convention',
  );
}

function customProfileSection() {
  return section(
    'The signature scheme when profile is "custom", field by field (docs/signature-profiles.md shows the built-in ones in these terms).',
    {
      signatureHeader: text('Header that carries the signature, e.g. "X-Acme-Signature".', P.HEADER_NAME),
      idHeader: text(
        'Header that carries the event id, when the scheme has one, e.g. "X-Acme-Event-Id".',
        P.HEADER_NAME,
      ),
      timestampHeader: text(
        'Header that carries the signing time in Unix seconds, when the scheme has one outside the signature header.',
        P.HEADER_NAME,
      ),
      eventHeader: text(
        'Header that names the event (the body\'s "event"), when the scheme has one, e.g. "X-Acme-Event".',
        P.HEADER_NAME,
      ),
      headers: body(
        "Headers sent with every delivery with a fixed value, as the scheme's real sender sends them (a hook id, an API version): a receiver built on the scheme's library may refuse a delivery without them. Names are header names; values are strings without line breaks.",
      ),
      signedContent: text(
        'What is signed: "{body}" (the raw body bytes), with "{id}" and "{timestamp}" where the scheme signs them, e.g. "{timestamp}.{body}".',
        undefined,
        '{body}',
      ),
      keyFormat: choice(
        'How the HMAC key is read from the secret: its bytes ("raw"), or base64 after keyPrefix ("base64").',
        ['raw', 'base64'],
        'raw',
      ),
      keyPrefix: text('Prefix taken off the secret before it is read as base64, e.g. "whsec_".'),
      encoding: choice('How the HMAC-SHA256 digest is written.', ['hex', 'base64'], 'hex'),
      headerPrefix: text('An entry written once before the signatures, with "{timestamp}", e.g. "t={timestamp}".'),
      entry: text(
        'One signature in the header, with "{digest}", e.g. "sha256={digest}" or "v1,{digest}".',
        undefined,
        '{digest}',
      ),
      separator: text(
        'What separates entries when the header may carry several signatures, e.g. " " or ","; left out: exactly one.',
      ),
      toleranceSeconds: count('How old a signed timestamp may be, in seconds, when the scheme signs one.', 1),
      refusesFuture: {
        type: 'boolean',
        description: 'Whether a timestamp that far ahead of the clock is refused too.',
        default: false,
      },
    },
    ['signatureHeader'],
  );
}

export const sender = section(
  "Sender role: the target sends signed deliveries to the kit's capturing sink.",
  {
    register: section(
      'How to register the sink with the target.',
      {
        method: text('Method of the registration request, e.g. "POST".', P.HTTP_METHOD),
        path: text('Path of the registration request, e.g. "/webhooks".', P.TARGET_PATH),
        body: body('Registration body; it must contain {sinkUrl} and may contain {secret}.'),
        idField: text(
          'Field of the registration response holding the subscription id, used to remove the subscription afterwards.',
          undefined,
          'id',
        ),
      },
      ['method', 'path', 'body'],
    ),
    collection: text(
      'Collection whose create, update and delete trigger events. Default: the first collection.',
      P.COLLECTION_NAME,
    ),
    events: filledSection('Expected event names per operation; a name left out is found from the deliveries.', {
      create: text('Event name sent when a record is created, e.g. "customer.created".'),
      update: text('Event name sent when a record is changed.'),
      delete: text('Event name sent when a record is deleted.'),
    }),
    profile: profileChoice(
      'the sink verifies deliveries in',
      'The kit registers a secret in the form that scheme reads (whsec_ and base64 for standard-webhooks).',
    ),
    customProfile: customProfileSection(),
    digestEncoding: choice(
      'Encoding of the HMAC digest after "sha256=" (the convention profile; the others fix their own).',
      ['hex', 'base64', 'either'],
      'either',
    ),
    senderTimeoutMs: millis("How long the target's sender waits for an answer before it retries, in ms.", 5000),
    retryWindowMs: millis('How long the kit waits for deliveries and retries, in ms.', 30_000),
    sink,
  },
  ['register'],
);

export const receiver = section(
  'Receiver role: the kit sends signed deliveries to the target.',
  {
    url: text(
      "The target's receiver endpoint: an absolute http(s) URL, or a path resolved against the base URL.",
      P.URL_OR_PATH,
    ),
    secretEnv: text(
      'Environment variable holding the signing secret that the receiver verifies.',
      P.ENV_NAME,
      'APICERT_WEBHOOK_SECRET',
    ),
    profile: profileChoice(
      'the kit signs deliveries in',
      'The secret in secretEnv is read as that scheme reads it (whsec_ and base64 for standard-webhooks).',
    ),
    customProfile: customProfileSection(),
    digestEncoding: choice(
      'Encoding of the HMAC digest the kit sends after "sha256=" (the convention profile; the others fix their own).',
      ['hex', 'base64'],
      'hex',
    ),
    ackBudgetMs: millis(
      'The receiver\'s 2xx must arrive within this many ms ("quickly", convention 4.3, which gives no number; the default is the time-out many senders use). An answer past 2 s draws advice.',
      10_000,
    ),
    oversizedBody: choice(
      'Expected answer to a correctly signed delivery of more than 1 MiB (convention 8 leaves payload limits open): any prompt answer, a 2xx or 5xx with advice ("either"), or a refusal only, a 4xx or a closed connection ("refuse").',
      ['either', 'refuse'],
      'either',
    ),
    malformedBody: choice(
      'Expected answer to a correctly signed delivery whose body is not JSON: a prompt answer that is not a 5xx, a 2xx with advice ("either"; convention 4.3 lets a receiver answer before it parses), or a refusal only, a 4xx or a closed connection ("refuse").',
      ['either', 'refuse'],
      'either',
    ),
    incompleteEvent: choice(
      'Expected answer to a correctly signed event missing event, id or data (what a receiver does with one is not shown): any prompt answer, a 2xx or 5xx with advice ("either"), or a refusal only, a 4xx or a closed connection ("refuse").',
      ['either', 'refuse'],
      'either',
    ),
    modelRuns: {
      ...count(
        'Generated delivery sequences webhooks-receiver.model-consistency sends after its four fixed ones, side by side (it needs observe).',
        1,
        2,
      ),
      maximum: 100,
    },
    modelSteps: {
      ...count(
        'Most steps (deliveries, pauses and readings) in one generated sequence of webhooks-receiver.model-consistency.',
        1,
        10,
      ),
      maximum: 100,
    },
    events: filledSection('Event bodies the kit sends. Strings may use {eventId} and {recordId}.', {
      create: {
        ...body('Body of a creation event; it must contain {eventId}.'),
        default: { event: 'customer.created', id: '{eventId}', data: { id: '{recordId}', name: 'Ada' } },
      },
      update: {
        ...body('Body of an update event; it must contain {eventId}.'),
        default: { event: 'customer.updated', id: '{eventId}', data: { id: '{recordId}', name: 'Ada' } },
      },
    }),
    observe: section(
      'Optional: how to see what the receiver processed, so deduplication can be checked.',
      {
        urlTemplate: text(
          'GET URL or path where {eventId} and {recordId} are replaced, e.g. "/webhook-receiver/events/{eventId}".',
          P.URL_OR_PATH,
        ),
        pointer: text('JSON pointer to the processed count in that response, e.g. "/processedCount".', P.JSON_POINTER),
      },
      ['urlTemplate', 'pointer'],
    ),
  },
  ['url'],
);
