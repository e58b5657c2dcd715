// Assembles the reference server: an Express 5 app over in-memory collections that follows the
// whole convention, with named defect switches that each break one rule.
import { createSlipMemory } from './routes/sequence-slips.js';
import { createWalkSlipMemory } from './pagination/walk-slips.js';
import express, { type Request } from 'express';
import type { DefectName } from './defects.js';
import { createBearerAuth } from './http/bearer-auth.js';
import { createErrorHandler } from './http/error-handler.js';
import { bodyLimitBytes, createJsonBodyParser } from './http/json-body.js';
import { routeNotFound } from './http/method-not-allowed.js';
import { createRateLimit } from './http/rate-limit.js';
import { createSessionCookieRequirement } from './http/session-cookie.js';
import { listBehaviourFor, pageParamPolicyFor } from './pagination/defect-policies.js';
import { resourceDefinitions } from './resources/resource-definitions.js';
import { mountCollection } from './routes/mount-collection.js';
import { mountCustomerOrders } from './routes/mount-customer-orders.js';
import { referenceOpenApiDocument } from './openapi/openapi-document.js';
import { defaultDefectTuning, type DefectTuning, type ServerContext } from './routes/server-context.js';
import { mountReceiverObservation, mountSignedReceiver } from './routes/webhook-receiver.js';
import { mountWebhookSubscriptions } from './routes/webhook-subscriptions.js';
import { seedStore, type SeedCounts } from './seed-records.js';
import { createStore, type Store } from './store.js';
import type { ExternalSigner } from './webhooks/delivery-payload.js';
import type { SenderProfile } from './webhooks/sender-signature-schemes.js';
import type { ReceiverProfile } from './routes/server-context.js';
import { TimerRegistry } from './timer-registry.js';
import { createTimestampClock } from './timestamp-clock.js';
import { ReceiverLedger, type DedupeKey } from './webhooks/receiver-ledger.js';
import { defaultSenderTimings, WebhookSender, type SenderTimings } from './webhooks/sender.js';

export interface AppOptions {
  /** The bearer token every resource request must carry. */
  readonly token: string;
  /** The secret the receiver verifies X-Signature with. */
  readonly webhookSecret: string;
  readonly defects?: readonly DefectName[];
  /** Sender timings; defaults 500 ms time-out, 50 ms first backoff, 5 attempts. */
  readonly webhooks?: Partial<SenderTimings>;
  /** Timings of time-based defects (receiver-slow-ack, slow-deep-pages, rate-limited), shortened in tests. */
  readonly defectTuning?: Partial<DefectTuning>;
  /** Milliseconds since the epoch for createdAt/updatedAt; tests pin it to force ties. */
  readonly now?: () => number;
  /** The signature scheme POST /webhook-receiver verifies; default the convention's X-Signature. */
  readonly receiverProfile?: ReceiverProfile;
  /** The signature scheme the sender signs deliveries in; default the convention's X-Signature. */
  readonly senderProfile?: SenderProfile;
  /** Signs deliveries in place of the built-in schemes (in-process tests: a library's signer). */
  readonly senderSigner?: ExternalSigner;
  /** Records each collection holds from the start, as a staging database would; default none. */
  readonly seedRecords?: SeedCounts;
}

export interface ReferenceApp {
  readonly app: express.Express;
  /** The in-memory collections, for tests that seed or inspect data directly. */
  readonly store: Store;
  /** Stops every timer, retry and delivery in flight. The HTTP server is closed by its owner. */
  close(): Promise<void>;
}

/** Builds the reference server's Express app. */
export function createApp(options: AppOptions): ReferenceApp {
  const defects: ReadonlySet<DefectName> = new Set(options.defects ?? []);
  const store = createStore();
  seedStore(store, options.seedRecords ?? {});
  const timers = new TimerRegistry();
  const sender = new WebhookSender({
    timings: { ...defaultSenderTimings, ...options.webhooks },
    defects,
    timers,
    subscriptions: store.webhooks,
    signing: {
      profile: options.senderProfile ?? 'convention',
      nowSeconds: () => Math.floor((options.now ?? Date.now)() / 1000),
      ...(options.senderSigner !== undefined ? { sign: options.senderSigner } : {}),
    },
  });
  const ctx: ServerContext = {
    store,
    defects,
    timestamp: createTimestampClock(
      options.now ?? Date.now,
      defects.has('order-without-tie-breaker') ? 'second' : 'millisecond',
    ),
    timers,
    sender,
    ledger: new ReceiverLedger({
      dedupeBy: dedupeKeyFor(defects),
      rejectsDuplicates: defects.has('receiver-rejects-duplicate'),
      rejectsOutOfOrder: defects.has('receiver-rejects-out-of-order'),
    }),
    webhookSecret: options.webhookSecret,
    receiverProfile: options.receiverProfile ?? 'convention',
    pageParamPolicy: pageParamPolicyFor(defects),
    listBehaviour: listBehaviourFor(defects),
    random: Math.random,
    tuning: { ...defaultDefectTuning, ...options.defectTuning },
    slips: createSlipMemory(),
    walkSlips: createWalkSlipMemory(),
  };

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('case sensitive routing', true);
  app.set('query parser', 'simple');
  if (defects.has('json-as-text-plain')) {
    // res.json keeps a Content-Type that is already set, so this label sticks to every answer.
    app.use((_req, res, next) => {
      res.type('text/plain');
      next();
    });
  }
  // Public, like most API descriptions: `apicert init --base-url` finds it without a credential.
  const openApi = referenceOpenApiDocument();
  app.get('/openapi.json', (_req, res) => void res.status(200).json(openApi));
  mountSignedReceiver(app, ctx);
  // After the receiver: a 429 to a webhook delivery is a failed delivery (6/3), not API throttling.
  if (defects.has('rate-limited'))
    app.use(createRateLimit({ every: 4, retryAfterSeconds: ctx.tuning.retryAfterSeconds }));
  if (defects.has('session-cookie-required')) app.use(createSessionCookieRequirement());
  app.use(
    createBearerAuth({
      token: options.token,
      isEnforced: !defects.has('auth-not-enforced'),
      acceptsAnyToken: defects.has('wrong-token-accepted'),
      ...(defects.has('nested-routes-unauthenticated')
        ? { isOpen: (req: Request) => /^\/customers\/[^/]+\/orders(\/|$)/.test(req.path) }
        : {}),
      comparesPrefix: defects.has('token-compared-by-prefix'),
      comparesSuffix: defects.has('token-compared-by-suffix'),
      remembersConnection: defects.has('credential-remembered-per-connection'),
      cookieReplacesToken: defects.has('session-cookie-stands-in-for-token'),
      appliesRefusedWrites: defects.has('refused-write-applied'),
    }),
  );
  const jsonBody = createJsonBodyParser({
    limitBytes: defects.has('no-body-size-limit') ? 10 * 1024 * 1024 : bodyLimitBytes,
    checksContentType: !defects.has('content-type-not-checked'),
  });
  for (const resource of resourceDefinitions) mountCollection(app, ctx, resource, jsonBody);
  mountCustomerOrders(app, ctx, jsonBody);
  mountWebhookSubscriptions(app, ctx, jsonBody);
  mountReceiverObservation(app, ctx);
  app.use(routeNotFound);
  app.use(
    createErrorHandler({
      malformedJsonIs500: defects.has('500-on-malformed-json'),
      errorBodyIsPlainText: defects.has('error-body-not-json'),
      ...(defects.has('products-errors-plain-text') ? { plainTextErrorsUnder: /^\/products(\/|$)/ } : {}),
    }),
  );

  return {
    app,
    store,
    async close() {
      timers.close();
      await sender.close();
    },
  };
}

function dedupeKeyFor(defects: ReadonlySet<DefectName>): DedupeKey {
  if (defects.has('receiver-no-dedupe')) return 'none';
  if (defects.has('receiver-dedupes-by-body-hash')) return 'body-hash';
  if (defects.has('receiver-remembers-last-id-only')) return 'last-id-only';
  if (defects.has('receiver-dedupe-remembers-few')) return 'last-few-ids';
  if (defects.has('receiver-dedupe-forgets-quickly')) return 'event-id-for-a-second';
  if (defects.has('receiver-dedupes-by-record')) return 'record-id';
  return 'event-id';
}
