// One probe per webhook-sender defect. Each registers a capture server, makes the server emit,
// and looks at what arrived on the wire.
import type { DefectName } from '../../defects.js';
import { verifySignatureHeader } from '../../webhooks/signature.js';
import type { CapturedDelivery, CaptureReply } from '../capture-server.js';
import { sinkSecret, type DefectProbe, type ProbeEnv } from './probe-env.js';

async function createCustomer(env: ProbeEnv): Promise<string> {
  const answer = await env.api.call('POST', '/customers', { body: { name: 'Ada', email: 'ada@x.io' } });
  if (answer.status !== 201) throw new Error(`create answered ${answer.status}`);
  return answer.json.id as string;
}

async function firstDelivery(env: ProbeEnv): Promise<CapturedDelivery> {
  const sink = await env.sink();
  await createCustomer(env);
  return (await sink.waitForDeliveries(1))[0]!;
}

function parse(delivery: CapturedDelivery): Record<string, unknown> {
  return JSON.parse(delivery.body.toString('utf8')) as Record<string, unknown>;
}

function signatureOf(delivery: CapturedDelivery): string | undefined {
  const header = delivery.headers['x-signature'];
  return typeof header === 'string' ? header : undefined;
}

// The event names that arrive for a create followed by `then`: two on the clean server, so the
// wait ends early there and runs out only when an event is missing.
async function eventNamesAfter(env: ProbeEnv, then: (id: string) => Promise<unknown>): Promise<string[]> {
  const sink = await env.sink();
  const id = await createCustomer(env);
  await then(id);
  await sink.waitForDeliveries(2, 1500).catch(() => undefined);
  return sink.deliveries.map((delivery) => String(parse(delivery).event)).sort();
}

// How many attempts arrive when the first is answered `reply` and the rest 200: two on the clean
// server (a 20 ms backoff brings the retry well within the wait), one when the sender gives up.
async function deliveriesAfterFirstReply(env: ProbeEnv, reply: CaptureReply): Promise<number> {
  const sink = await env.sink();
  sink.replyWith((index) => (index === 0 ? reply : 200));
  await createCustomer(env);
  await sink.waitForDeliveries(2, 1500).catch(() => undefined);
  return sink.deliveries.length;
}

export const senderProbes: Partial<Record<DefectName, DefectProbe>> = {
  'signature-over-reserialized-body': {
    async observe(env) {
      const delivery = await firstDelivery(env);
      return verifySignatureHeader(signatureOf(delivery), sinkSecret, delivery.body);
    },
    clean: true,
    broken: false,
  },
  'signature-without-prefix': {
    async observe(env) {
      return /^sha256=/.test(signatureOf(await firstDelivery(env)) ?? '');
    },
    clean: true,
    broken: false,
  },
  'signature-wrong-secret': {
    async observe(env) {
      const delivery = await firstDelivery(env);
      return verifySignatureHeader(signatureOf(delivery), sinkSecret, delivery.body);
    },
    clean: true,
    broken: false,
  },
  'signature-base64': {
    async observe(env) {
      const delivery = await firstDelivery(env);
      return [
        /^sha256=[0-9a-f]{64}$/.test(signatureOf(delivery) ?? ''),
        verifySignatureHeader(signatureOf(delivery), sinkSecret, delivery.body),
      ];
    },
    clean: [true, true],
    broken: [false, true],
  },
  'no-signature-header': {
    async observe(env) {
      return signatureOf(await firstDelivery(env)) !== undefined;
    },
    clean: true,
    broken: false,
  },
  'sender-stale-timestamp': {
    options: { senderProfile: 'standard-webhooks' },
    async observe(env) {
      const delivery = await firstDelivery(env);
      const age = Math.floor(Date.now() / 1000) - Number(delivery.headers['webhook-timestamp']);
      return age > 300;
    },
    clean: false,
    broken: true,
  },
  'sender-omits-id-header': {
    options: { senderProfile: 'github' },
    async observe(env) {
      return (await firstDelivery(env)).headers['x-github-delivery'] === undefined;
    },
    clean: false,
    broken: true,
  },
  'sender-id-header-changes-on-retry': {
    options: { senderProfile: 'shopify' },
    async observe(env) {
      const sink = await env.sink();
      sink.replyWith((index) => (index === 0 ? 500 : 200));
      await createCustomer(env);
      const attempts = await sink.waitForDeliveries(2);
      return attempts.map((attempt) => attempt.headers['x-shopify-webhook-id'] === parse(attempt).id);
    },
    clean: [true, true],
    broken: [true, false],
  },
  'retry-with-new-id': {
    async observe(env) {
      const sink = await env.sink();
      sink.replyWith((index) => (index === 0 ? 500 : 200));
      await createCustomer(env);
      const [first, second] = await sink.waitForDeliveries(2);
      return parse(first!).id === parse(second!).id;
    },
    clean: true,
    broken: false,
  },
  'retry-changes-body': {
    async observe(env) {
      const sink = await env.sink();
      sink.replyWith((index) => (index === 0 ? 500 : 200));
      await createCustomer(env);
      const [first, second] = await sink.waitForDeliveries(2);
      return [parse(first!).id === parse(second!).id, first!.body.equals(second!.body)];
    },
    clean: [true, true],
    broken: [true, false],
  },
  'no-retry': {
    async observe(env) {
      const sink = await env.sink();
      sink.replyWith(() => 500);
      await createCustomer(env);
      // maxAttempts 3 with 20 ms backoff: the clean server gets there quickly; the defect never.
      await sink.waitForDeliveries(3, 1500).catch(() => undefined);
      return sink.deliveries.length;
    },
    clean: 3,
    broken: 1,
  },
  'no-retry-on-4xx': {
    async observe(env) {
      return deliveriesAfterFirstReply(env, 404);
    },
    clean: 2,
    broken: 1,
  },
  'no-retry-on-connection-reset': {
    async observe(env) {
      return deliveriesAfterFirstReply(env, 'reset');
    },
    clean: 2,
    broken: 1,
  },
  'redirect-taken-as-delivered': {
    async observe(env) {
      return deliveriesAfterFirstReply(env, 307);
    },
    clean: 2,
    broken: 1,
  },
  'no-sender-timeout': {
    async observe(env) {
      const sink = await env.sink();
      sink.replyWith((index) => (index === 0 ? 'hang' : 200));
      await createCustomer(env);
      // The 150 ms time-out plus a 20 ms backoff brings the clean retry well within this.
      await sink.waitForDeliveries(2, 1500).catch(() => undefined);
      return sink.deliveries.length;
    },
    clean: 2,
    broken: 1,
  },
  'retry-without-backoff': {
    options: { webhooks: { timeoutMs: 1000, retryBaseMs: 400, maxAttempts: 3 } },
    async observe(env) {
      const sink = await env.sink();
      sink.replyWith(() => 500);
      await createCustomer(env);
      const [first, second] = await sink.waitForDeliveries(2);
      return second!.receivedAt - first!.receivedAt >= 250;
    },
    clean: true,
    broken: false,
  },
  'event-ids-reused': {
    async observe(env) {
      const sink = await env.sink();
      const id = await createCustomer(env);
      await env.api.call('PATCH', `/customers/${id}`, { body: { tier: 'pro' } });
      const [first, second] = await sink.waitForDeliveries(2);
      return parse(first!).id === parse(second!).id;
    },
    clean: false,
    broken: true,
  },
  'webhook-text-plain': {
    async observe(env) {
      return (await firstDelivery(env)).headers['content-type'];
    },
    clean: 'application/json',
    broken: 'text/plain',
  },
  'webhook-type-field': {
    async observe(env) {
      return Object.keys(parse(await firstDelivery(env))).sort();
    },
    clean: ['data', 'event', 'id'],
    broken: ['data', 'id', 'type'],
  },
  'no-update-event': {
    async observe(env) {
      return eventNamesAfter(env, (id) => env.api.call('PATCH', `/customers/${id}`, { body: { tier: 'pro' } }));
    },
    clean: ['customer.created', 'customer.updated'],
    broken: ['customer.created'],
  },
  'no-delete-event': {
    async observe(env) {
      return eventNamesAfter(env, (id) => env.api.call('DELETE', `/customers/${id}`));
    },
    clean: ['customer.created', 'customer.deleted'],
    broken: ['customer.created'],
  },
  'secret-echoed': {
    async observe(env) {
      const created = await env.api.call('POST', '/webhooks', {
        body: { url: 'http://127.0.0.1:9/hook', secret: 'do-not-echo' },
      });
      const read = await env.api.call('GET', `/webhooks/${String(created.json.id)}`);
      return [created.text.includes('do-not-echo'), read.text.includes('do-not-echo')];
    },
    clean: [false, false],
    broken: [true, true],
  },
  'delivery-blocks-response': {
    options: { webhooks: { timeoutMs: 1200, retryBaseMs: 20, maxAttempts: 2 } },
    async observe(env) {
      const sink = await env.sink();
      sink.replyWith(() => 'hang');
      const started = performance.now();
      await createCustomer(env);
      // A blocked response waits out the 1200 ms delivery time-out.
      return performance.now() - started >= 800;
    },
    clean: false,
    broken: true,
  },
};
