// Every webhooks-sender check, proven both ways: it passes on the reference server and fails with
// the matching defect switch on. Millisecond timings keep each run short.
import { describe, expect, it } from 'vitest';
import type { ApicertConfig } from '../../harness/config/config-types.js';
import type { ReadableResult } from '../../harness/model/test-support/readable-result.js';
import type { DefectName } from '../../reference-server/defects.js';
import type { Check } from '../define-check.js';
import { runAgainstReference, type ReferenceRunOptions } from '../test-support/run-against-reference.js';
import { deliveryShape } from './delivery-shape.js';
import { eventsPerOperation } from './events-per-operation.js';
import { webhooksSenderChecks } from './index.js';
import { retryAfterFailure } from './retry-after-failure.js';
import { retryAfterTimeout } from './retry-after-timeout.js';
import { retryBackoff } from './retry-backoff.js';
import { signatureOverRawBody } from './signature-over-raw-body.js';
import { uniqueEventIds } from './unique-event-ids.js';

// The reference sender times out after 150 ms and backs off 100, 200, 400 ms; the kit is told so.
const senderTimings = { timeoutMs: 150, retryBaseMs: 100, maxAttempts: 5 };

function fastSender(pins: Partial<NonNullable<ApicertConfig['webhooks']['sender']>> = {}) {
  return (config: ApicertConfig): ApicertConfig => ({
    ...config,
    webhooks: { ...config.webhooks, sender: { ...config.webhooks.sender!, senderTimeoutMs: 150, retryWindowMs: 1000, ...pins } },
  });
}

async function runSender(checks: readonly Check[], options: Omit<ReferenceRunOptions, 'startSink' | 'server'> = {}): Promise<ReadableResult[]> {
  return runAgainstReference(checks, { configure: fastSender(), ...options, startSink: true, server: { webhooks: senderTimings } });
}

async function runOneSender(check: Check, options: Omit<ReferenceRunOptions, 'startSink' | 'server'> = {}): Promise<ReadableResult> {
  const [result] = await runSender([check], options);
  return result!;
}

async function countOnServer(path: string, serverUrl: string, token: string): Promise<number> {
  const page = (await (await fetch(`${serverUrl}${path}?limit=100`, { headers: { authorization: `Bearer ${token}` } })).json()) as { items: unknown[] };
  return page.items.length;
}

const proofs: ReadonlyArray<readonly [Check, DefectName, RegExp]> = [
  [deliveryShape, 'webhook-text-plain', /Content-Type is "text\/plain"/],
  [deliveryShape, 'webhook-type-field', /no "event" field \(the kind is in "type" instead\)/],
  [signatureOverRawBody, 'signature-over-reserialized-body', /re-serialized as compact JSON/],
  [signatureOverRawBody, 'signature-without-prefix', /does not begin with "sha256="/],
  [signatureOverRawBody, 'signature-wrong-secret', /not the HMAC-SHA256 of the raw body/],
  [signatureOverRawBody, 'no-signature-header', /no X-Signature header/],
  [uniqueEventIds, 'event-ids-reused', /the create of \S+ and the update of \S+ both carry id/],
  [retryAfterFailure, 'retry-with-new-id', /the retry carries a new event id/],
  [retryAfterFailure, 'retry-changes-body', /keeps the id but changes the body/],
  [retryAfterTimeout, 'no-sender-timeout', /past its time-out of 150 ms/],
  [retryBackoff, 'retry-without-backoff', /tight loop/],
];

// These fail by something never arriving, so each waits out the retry window; nothing they judge
// depends on timing, so they run side by side.
const absenceProofs: ReadonlyArray<readonly [Check, DefectName, RegExp]> = [
  [retryAfterFailure, 'no-retry', /was not retried within 1000 ms/],
  [retryAfterTimeout, 'no-retry', /did not retry within 1000 ms/],
  [eventsPerOperation, 'no-update-event', /PATCH \/customers\/\S+ emitted no event/],
  [eventsPerOperation, 'no-delete-event', /DELETE \/customers\/\S+ emitted no event/],
];

async function expectCaught(check: Check, defect: DefectName, message: RegExp): Promise<void> {
  const result = await runOneSender(check, { defects: [defect] });
  expect(result.status, result.message).toBe('failed');
  expect(result.message).toMatch(message);
  expect(result.message).not.toMatch(/\n/);
  expect(result.evidence.some((exchange) => exchange.direction === 'inbound')).toBe(true);
  expect(result.evidence.some((exchange) => exchange.direction === 'outbound' && exchange.curl?.startsWith('curl '))).toBe(true);
}

describe('webhooks-sender suite against the reference server', () => {
  it('passes every check on the clean server, reports what it saw, and leaves nothing behind', async () => {
    const left = { subscriptions: -1, customers: -1 };
    const results = await runSender(webhooksSenderChecks, {
      afterRun: async (server) => {
        left.subscriptions = await countOnServer('/webhooks', server.url, server.token);
        left.customers = await countOnServer('/customers', server.url, server.token);
      },
    });
    expect(results.filter((r) => r.status !== 'passed').map((r) => `${r.id}: ${r.status} ${r.message}`)).toEqual([]);
    expect(results.map((r) => r.id)).toEqual(webhooksSenderChecks.map((check) => check.id));
    expect(left).toEqual({ subscriptions: 0, customers: 0 });
    const findings = (id: string) => results.find((r) => r.id === id)!.findings;
    expect(findings(deliveryShape.id)).toEqual([expect.objectContaining({ level: 'warning', message: expect.stringMatching(/plain HTTP .* HTTPS/) })]);
    expect(findings(retryBackoff.id)).toEqual([expect.objectContaining({ level: 'info', message: expect.stringMatching(/^observed retry schedule: 4 attempts at 0, \d+, \d+, \d+ ms/) })]);
    expect(findings(eventsPerOperation.id)).toEqual([
      expect.objectContaining({ level: 'info', message: 'event names seen: create "customer.created", update "customer.updated", delete "customer.deleted"' }),
    ]);
  });

  it.each(proofs.map(([check, defect, message]) => [check.id, defect, check, message] as const))(
    '%s fails with the defect %s, with a one-line message and the deliveries as evidence',
    async (_id, defect, check, message) => expectCaught(check, defect, message),
  );

  it.concurrent.each(absenceProofs.map(([check, defect, message]) => [check.id, defect, check, message] as const))(
    '%s fails with the defect %s once the retry window has passed',
    async (_id, defect, check, message) => expectCaught(check, defect, message),
  );

  it('accepts a base64 digest by default and fails it once hex is pinned', async () => {
    expect((await runOneSender(signatureOverRawBody, { defects: ['signature-base64'] })).status).toBe('passed');
    const pinned = await runOneSender(signatureOverRawBody, { defects: ['signature-base64'], configure: fastSender({ digestEncoding: 'hex' }) });
    expect(pinned.status).toBe('failed');
    expect(pinned.message).toMatch(/base64 but hex is pinned/);
  });

  it('shows only the first characters of the digests and never the secret', async () => {
    const result = await runOneSender(signatureOverRawBody, { defects: ['signature-wrong-secret', 'secret-echoed'] });
    expect(result.status).toBe('failed');
    expect(result.expected).toMatch(/^sha256=[0-9a-f]{8}… /);
    expect(result.actual).toMatch(/^sha256=[0-9a-f]{8}…$/);
    const registration = result.evidence.find((exchange) => exchange.request.url.endsWith('/webhooks'))!;
    // The registered secret is redacted where it was sent and where the target echoed it.
    expect(registration.request.body?.text).toMatch(/"secret":"\[REDACTED\]"/);
    expect(registration.response?.body?.text).toMatch(/"secret":"\[REDACTED\]"/);
    const inbound = result.evidence.filter((exchange) => exchange.direction === 'inbound');
    expect(inbound.length).toBeGreaterThan(0);
    for (const delivery of inbound) expect(delivery.request.headers['x-signature']).toMatch(/^sha256=[0-9a-f]{8}…$/);
    expect(result.findings).toEqual([expect.objectContaining({ level: 'warning', message: expect.stringMatching(/registration contains the signing secret/) })]);
  });

  it('checks pinned event names', async () => {
    expect((await runOneSender(eventsPerOperation, { configure: fastSender({ events: { create: 'customer.created', update: 'customer.updated', delete: 'customer.deleted' } }) })).status).toBe('passed');
    const wrong = await runOneSender(eventsPerOperation, { configure: fastSender({ events: { update: 'customer.changed' } }) });
    expect(wrong.status).toBe('failed');
    expect(wrong.message).toBe('the update event is named "customer.updated"; webhooks.sender.events.update pins "customer.changed"');
  });

  it('skips, without failing, when the sink is not running', async () => {
    const [result] = await runAgainstReference([deliveryShape], { configure: fastSender() });
    expect(result).toMatchObject({ status: 'skipped', message: expect.stringMatching(/sink is not running/) });
  });

  it('fails with the registration exchange when the target refuses the subscription', async () => {
    const configure = (config: ApicertConfig): ApicertConfig => {
      const fast = fastSender()(config);
      const sender = fast.webhooks.sender!;
      return { ...fast, webhooks: { ...fast.webhooks, sender: { ...sender, register: { ...sender.register, path: '/hooks' } } } };
    };
    const result = await runOneSender(deliveryShape, { configure });
    expect(result.status).toBe('failed');
    expect(result.message).toMatch(/registering the sink with POST \/hooks answered 404/);
  });
});
