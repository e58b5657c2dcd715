// One probe per webhook-receiver defect: signed (or badly signed) deliveries to
// POST /webhook-receiver and what the receiver answers or records.
import type { DefectName } from '../../defects.js';
import { signatureHeader } from '../../webhooks/signature.js';
import { standardWebhookSignature } from '../../webhooks/standard-webhooks-signature.js';
import type { ApiAnswer } from '../api-client.js';
import type { DefectProbe, ProbeEnv } from './probe-env.js';

async function deliver(
  env: ProbeEnv,
  raw: string,
  signature = signatureHeader(env.webhookSecret, Buffer.from(raw)),
): Promise<ApiAnswer> {
  return env.api.call('POST', '/webhook-receiver', {
    rawBody: raw,
    token: null,
    headers: { 'content-type': 'application/json', 'x-signature': signature },
  });
}

const created = JSON.stringify({
  event: 'customer.created',
  id: 'evt_probe_1',
  data: { id: 'cus_probe', name: 'Ada' },
});

// A delivery in the Standard Webhooks scheme (--receiver-profile standard-webhooks).
async function deliverStandard(env: ProbeEnv, id: string, signedAt: number, signature?: string): Promise<number> {
  const raw = JSON.stringify({ event: 'customer.created', id, data: { id: 'cus_probe', name: 'Ada' } });
  const headers = {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(signedAt),
    'webhook-signature': signature ?? standardWebhookSignature(env.webhookSecret, id, signedAt, Buffer.from(raw)),
  };
  return (await env.api.call('POST', '/webhook-receiver', { rawBody: raw, token: null, headers })).status;
}

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

export const receiverProbes: Partial<Record<DefectName, DefectProbe>> = {
  'receiver-ignores-timestamp': {
    options: { receiverProfile: 'standard-webhooks' },
    async observe(env) {
      return [
        await deliverStandard(env, 'evt_probe_fresh', nowSeconds()),
        await deliverStandard(env, 'evt_probe_stale', nowSeconds() - 3600),
      ];
    },
    clean: [200, 401],
    broken: [200, 200],
  },
  'receiver-reads-first-signature-only': {
    options: { receiverProfile: 'standard-webhooks' },
    async observe(env) {
      const signedAt = nowSeconds();
      const raw = Buffer.from(
        JSON.stringify({ event: 'customer.created', id: 'evt_probe_rotated', data: { id: 'cus_probe', name: 'Ada' } }),
      );
      const rotatedOut = standardWebhookSignature('whsec_b2xkLXNlY3JldA==', 'evt_probe_rotated', signedAt, raw);
      const current = standardWebhookSignature(env.webhookSecret, 'evt_probe_rotated', signedAt, raw);
      return deliverStandard(env, 'evt_probe_rotated', signedAt, `${rotatedOut} ${current}`);
    },
    clean: 200,
    broken: 401,
  },
  'receiver-closes-oversized': {
    async observe(env) {
      const large = JSON.stringify({
        event: 'customer.created',
        id: 'evt_probe_big',
        data: { pad: 'x'.repeat(200 * 1024) },
      });
      try {
        return (await deliver(env, large)).status;
      } catch {
        return 'connection closed';
      }
    },
    clean: 413,
    broken: 'connection closed',
  },
  'receiver-refuses-everything': {
    async observe(env) {
      return (await deliver(env, created)).status;
    },
    clean: 200,
    broken: 401,
  },
  'receiver-skips-verification': {
    async observe(env) {
      return (await deliver(env, created, signatureHeader('not-the-secret', Buffer.from(created)))).status;
    },
    clean: 401,
    broken: 200,
  },
  'receiver-verifies-reserialized-body': {
    async observe(env) {
      const spaced = JSON.stringify(JSON.parse(created), null, 2);
      return [
        (await deliver(env, created)).status,
        (await deliver(env, spaced.replace('evt_probe_1', 'evt_probe_2'))).status,
      ];
    },
    clean: [200, 200],
    broken: [200, 401],
  },
  'receiver-compares-digest-prefix': {
    async observe(env) {
      const full = signatureHeader(env.webhookSecret, Buffer.from(created));
      return [
        (await deliver(env, created, 'sha256=')).status,
        (await deliver(env, created, full.slice(0, -1))).status,
        (await deliver(env, created, `${full.slice(0, -1)}0`)).status,
      ];
    },
    // The last probe changes the final hex character to "0"; the clean run's digest of this fixed body does not end in 0.
    clean: [401, 401, 401],
    broken: [200, 200, 401],
  },
  'receiver-dedupes-by-body-hash': {
    async observe(env) {
      await deliver(env, created);
      await deliver(env, created);
      await deliver(env, JSON.stringify(JSON.parse(created), null, 2));
      return (await env.api.call('GET', '/webhook-receiver/events/evt_probe_1')).json;
    },
    clean: { id: 'evt_probe_1', receivedCount: 3, processedCount: 1 },
    broken: { id: 'evt_probe_1', receivedCount: 3, processedCount: 2 },
  },
  'receiver-remembers-last-id-only': {
    async observe(env) {
      const other = JSON.stringify({
        event: 'customer.created',
        id: 'evt_probe_b',
        data: { id: 'cus_probe_b', name: 'Bea' },
      });
      for (const raw of [created, created, other, created]) await deliver(env, raw);
      return (await env.api.call('GET', '/webhook-receiver/events/evt_probe_1')).json;
    },
    clean: { id: 'evt_probe_1', receivedCount: 3, processedCount: 1 },
    broken: { id: 'evt_probe_1', receivedCount: 3, processedCount: 2 },
  },
  'receiver-dedupe-remembers-few': {
    async observe(env) {
      await deliver(env, created);
      for (let index = 0; index < 60; index += 1)
        await deliver(
          env,
          JSON.stringify({ event: 'customer.created', id: `evt_burst_${index}`, data: { id: 'cus_b' } }),
        );
      await deliver(env, created);
      return (await env.api.call('GET', '/webhook-receiver/events/evt_probe_1')).json;
    },
    clean: { id: 'evt_probe_1', receivedCount: 2, processedCount: 1 },
    broken: { id: 'evt_probe_1', receivedCount: 2, processedCount: 2 },
  },
  'receiver-marks-seen-before-verifying': {
    async observe(env) {
      const forged = await deliver(env, created, signatureHeader('not-the-secret', Buffer.from(created)));
      const genuine = await deliver(env, created);
      const tally = (await env.api.call('GET', '/webhook-receiver/events/evt_probe_1')).json;
      return [forged.status, genuine.status, tally];
    },
    clean: [401, 200, { id: 'evt_probe_1', receivedCount: 1, processedCount: 1 }],
    broken: [401, 200, { id: 'evt_probe_1', receivedCount: 1, processedCount: 0 }],
  },
  'receiver-dedupe-forgets-quickly': {
    async observe(env) {
      await deliver(env, created);
      await deliver(env, created);
      await new Promise((resolve) => setTimeout(resolve, 1200));
      await deliver(env, created);
      return (await env.api.call('GET', '/webhook-receiver/events/evt_probe_1')).json;
    },
    clean: { id: 'evt_probe_1', receivedCount: 3, processedCount: 1 },
    broken: { id: 'evt_probe_1', receivedCount: 3, processedCount: 2 },
  },
  'receiver-dedupes-by-record': {
    async observe(env) {
      await deliver(env, created);
      await deliver(env, created.replace('customer.created', 'customer.updated').replace('evt_probe_1', 'evt_probe_2'));
      return (await env.api.call('GET', '/webhook-receiver/events/evt_probe_2')).json;
    },
    clean: { id: 'evt_probe_2', receivedCount: 1, processedCount: 1 },
    broken: { id: 'evt_probe_2', receivedCount: 1, processedCount: 0 },
  },
  'receiver-dedupe-not-atomic': {
    async observe(env) {
      await Promise.all([deliver(env, created), deliver(env, created)]);
      await deliver(env, created);
      return (await env.api.call('GET', '/webhook-receiver/events/evt_probe_1')).json;
    },
    clean: { id: 'evt_probe_1', receivedCount: 3, processedCount: 1 },
    broken: { id: 'evt_probe_1', receivedCount: 3, processedCount: 2 },
  },
  'receiver-no-dedupe': {
    async observe(env) {
      await deliver(env, created);
      await deliver(env, created);
      return (await env.api.call('GET', '/webhook-receiver/events/evt_probe_1')).json;
    },
    clean: { id: 'evt_probe_1', receivedCount: 2, processedCount: 1 },
    broken: { id: 'evt_probe_1', receivedCount: 2, processedCount: 2 },
  },
  'receiver-rejects-duplicate': {
    async observe(env) {
      return [(await deliver(env, created)).status, (await deliver(env, created)).status];
    },
    clean: [200, 200],
    broken: [200, 409],
  },
  'receiver-rejects-out-of-order': {
    async observe(env) {
      const update = JSON.stringify({
        event: 'customer.updated',
        id: 'evt_probe_u',
        data: { id: 'cus_probe', name: 'Bea' },
      });
      return [(await deliver(env, update)).status, (await deliver(env, created)).status];
    },
    clean: [200, 200],
    broken: [409, 200],
  },
  'receiver-slow-ack': {
    options: { defectTuning: { receiverSlowAckMs: 1500 } },
    async observe(env) {
      const started = performance.now();
      const status = (await deliver(env, created)).status;
      return [status, performance.now() - started >= 1000];
    },
    clean: [200, false],
    broken: [200, true],
  },
  'receiver-500-on-bad-json': {
    async observe(env) {
      return (await deliver(env, '{"event":')).status;
    },
    clean: 400,
    broken: 500,
  },
  'receiver-accepts-invalid-event': {
    async observe(env) {
      return (await deliver(env, '{"hello":"world"}')).status;
    },
    clean: 400,
    broken: 200,
  },
  'receiver-no-body-limit': {
    async observe(env) {
      const padded = JSON.stringify({
        event: 'customer.created',
        id: 'evt_probe_big',
        data: { id: 'cus_probe', pad: 'x'.repeat(200 * 1024) },
      });
      return (await deliver(env, padded)).status;
    },
    clean: 413,
    broken: 200,
  },
};
