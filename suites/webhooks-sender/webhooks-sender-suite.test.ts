// The webhooks-sender suite beyond its proofs (check-proofs.test.ts): what it reports, pinned choices,
// digest previews and redaction, skips and a refused registration. Millisecond timings keep runs short.
import { describe, expect, it } from 'vitest';
import type { ApicertConfig } from '../../harness/config/config-types.js';
import type { ReadableResult } from '../../harness/model/test-support/readable-result.js';
import type { Check } from '../define-check.js';
import { fastSender, suiteRunOptions } from '../test-support/proof-run-options.js';
import { runAgainstReference, type ReferenceRunOptions } from '../test-support/run-against-reference.js';
import { deliveryShape } from './delivery-shape.js';
import { eventsPerOperation } from './events-per-operation.js';
import { webhooksSenderChecks } from './index.js';
import { retryAfterFailure } from './retry-after-failure.js';
import { retryBackoff } from './retry-backoff.js';
import { signatureOverRawBody } from './signature-over-raw-body.js';
import { signedTimestampCurrent } from './signed-timestamp-current.js';
import { writeNotHeldByDelivery } from './write-not-held-by-delivery.js';

async function runSender(
  checks: readonly Check[],
  options: Omit<ReferenceRunOptions, 'startSink' | 'server'> = {},
): Promise<ReadableResult[]> {
  return runAgainstReference(checks, { ...suiteRunOptions['webhooks-sender'], ...options });
}

async function runOneSender(
  check: Check,
  options: Omit<ReferenceRunOptions, 'startSink' | 'server'> = {},
): Promise<ReadableResult> {
  const [result] = await runSender([check], options);
  return result!;
}

describe('webhooks-sender suite against the reference server', () => {
  it('reports what it saw on the clean server', async () => {
    const results = await runSender(webhooksSenderChecks);
    // In the convention's profile: no signed timestamp, no id header, so their checks say so.
    expect(results.filter((r) => r.status !== 'passed').map((r) => `${r.id}: ${r.status} ${r.message}`)).toEqual([
      'webhooks-sender.signed-timestamp-current: skipped the convention profile signs no timestamp (webhooks.sender.profile), so none can be stale',
      "webhooks-sender.id-header-stable: skipped the convention profile has no id header (webhooks.sender.profile); the body's id is the only one",
    ]);
    const findings = (id: string) => results.find((r) => r.id === id)!.findings;
    expect(findings(deliveryShape.id)).toEqual([
      expect.objectContaining({ level: 'warning', message: expect.stringMatching(/plain HTTP .* HTTPS/) }),
    ]);
    expect(findings(retryBackoff.id)).toEqual([
      expect.objectContaining({
        level: 'info',
        message: expect.stringMatching(/^observed retry schedule: 4 attempts at 0, \d+, \d+, \d+ ms/),
      }),
    ]);
    expect(findings(eventsPerOperation.id)).toEqual([
      expect.objectContaining({
        level: 'info',
        message: 'event names seen: create "customer.created", update "customer.updated", delete "customer.deleted"',
      }),
    ]);
    // The sink holds the delivery for the 150 ms sender time-out; the reference server's create does not
    // wait. It answers before it delivers, or while the sink still holds the delivery when that wins the
    // race, so the hold is not waited out.
    expect(findings(writeNotHeldByDelivery.id)).toEqual([
      expect.objectContaining({
        level: 'info',
        message: expect.stringMatching(
          /^the create does not wait for its delivery: POST \/customers answered in \d+ ms (before its delivery reached the subscriber|while the subscriber (still held its delivery|held the delivery \d+ ms)), against \d+ ms with a prompt subscriber$/,
        ),
      }),
    ]);
  });

  it('is blocked, not passed, when no delivery arrives to time the create against', async () => {
    // The target is told to deliver to a port nobody listens on, so nothing reaches the sink.
    const configure = (config: ApicertConfig): ApicertConfig => {
      const fast = fastSender({ retryWindowMs: 300 })(config);
      const sender = fast.webhooks.sender!;
      return {
        ...fast,
        webhooks: {
          ...fast.webhooks,
          sender: { ...sender, sink: { ...sender.sink, publicUrl: 'http://127.0.0.1:9' } },
        },
      };
    };
    const result = await runOneSender(writeNotHeldByDelivery, { configure });
    expect(result).toMatchObject({
      status: 'errored',
      error: { code: 'APICERT_CHECK_BLOCKED' },
      blockedBy: 'webhooks-sender.delivery-shape',
    });
    expect(result.message).toMatch(
      /^APICERT_CHECK_BLOCKED: no delivery to time the create against: no delivery about record \S+ within 300 ms \(nothing arrived\)/,
    );
  });

  it('says it cannot judge a delivery whose body the sink dropped past its byte cap, and still retries by digest', async () => {
    // A cap of one byte: every delivery is answered, counted and matched, but none of its bytes is kept.
    const configure = (config: ApicertConfig): ApicertConfig => {
      const fast = fastSender()(config);
      const sender = fast.webhooks.sender!;
      return {
        ...fast,
        webhooks: {
          ...fast.webhooks,
          sender: { ...sender, sink: { ...sender.sink, maxBytesKeptPerChannel: 1, maxBytesKept: 1 } },
        },
      };
    };
    const [shape, signature, retry] = await runSender([deliveryShape, signatureOverRawBody, retryAfterFailure], {
      configure,
    });
    for (const result of [shape!, signature!]) {
      expect(result).toMatchObject({ status: 'errored', error: { code: 'APICERT_CHECK_INCOMPLETE' } });
      expect(result.message).toMatch(
        /the sink dropped the body of delivery 1 \(\d+ bytes\) .*raise webhooks\.sender\.sink\.maxBytesKeptPerChannel/,
      );
    }
    expect(retry!.status, retry!.message).toBe('passed');
  });

  it('advises when an update emits no event, and fails once the update event is pinned', async () => {
    const advised = await runOneSender(eventsPerOperation, { defects: ['no-update-event'] });
    expect(advised.status, advised.message).toBe('passed');
    expect(advised.findings.filter((f) => f.level === 'advisory').map((f) => f.message)).toEqual([
      expect.stringMatching(
        /^PATCH \/customers\/\S+ emitted no event within 1000 ms; which operation emits which event is not shown \(convention 6\)/,
      ),
    ]);
    const pinned = await runOneSender(eventsPerOperation, {
      defects: ['no-update-event'],
      configure: fastSender({ events: { update: 'customer.updated' } }),
    });
    expect(pinned.status).toBe('failed');
    expect(pinned.message).toMatch(/^PATCH \/customers\/\S+ emitted no event within 1000 ms$/);
  });

  it('accepts a base64 digest by default and fails it once hex is pinned', async () => {
    expect((await runOneSender(signatureOverRawBody, { defects: ['signature-base64'] })).status).toBe('passed');
    const pinned = await runOneSender(signatureOverRawBody, {
      defects: ['signature-base64'],
      configure: fastSender({ digestEncoding: 'hex' }),
    });
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
    expect(result.findings).toEqual([
      expect.objectContaining({
        level: 'advisory',
        message: expect.stringMatching(/registration contains the signing secret/),
      }),
    ]);
  });

  it('checks pinned event names', async () => {
    expect(
      (
        await runOneSender(eventsPerOperation, {
          configure: fastSender({
            events: { create: 'customer.created', update: 'customer.updated', delete: 'customer.deleted' },
          }),
        })
      ).status,
    ).toBe('passed');
    const wrong = await runOneSender(eventsPerOperation, {
      configure: fastSender({ events: { update: 'customer.changed' } }),
    });
    expect(wrong.status).toBe('failed');
    expect(wrong.message).toBe(
      'the update event is named "customer.updated"; webhooks.sender.events.update pins "customer.changed"',
    );
  });

  it('skips, without failing, when the sink is not running', async () => {
    const [result] = await runAgainstReference([deliveryShape], { configure: fastSender() });
    expect(result).toMatchObject({ status: 'skipped', message: expect.stringMatching(/sink is not running/) });
  });

  it('fails with the registration exchange when the target refuses the subscription', async () => {
    const configure = (config: ApicertConfig): ApicertConfig => {
      const fast = fastSender()(config);
      const sender = fast.webhooks.sender!;
      return {
        ...fast,
        webhooks: { ...fast.webhooks, sender: { ...sender, register: { ...sender.register, path: '/hooks' } } },
      };
    };
    const result = await runOneSender(deliveryShape, { configure });
    expect(result.status).toBe('failed');
    expect(result.message).toMatch(/registering the sink with POST \/hooks answered 404/);
  });
});

describe('webhooks-sender suite in a custom signature profile', () => {
  // Stripe's scheme, described field by field: what a team with its own "t=…,v1=…" scheme writes.
  const stripeLike = {
    signatureHeader: 'Stripe-Signature',
    signedContent: '{timestamp}.{body}',
    headerPrefix: 't={timestamp}',
    entry: 'v1={digest}',
    separator: ',',
    toleranceSeconds: 300,
  };
  const inCustomProfile = (config: ApicertConfig): ApicertConfig => {
    const fast = fastSender()(config);
    return {
      ...fast,
      webhooks: {
        ...fast.webhooks,
        sender: {
          ...fast.webhooks.sender!,
          profile: 'custom',
          customProfile: { keyFormat: 'raw', encoding: 'hex', refusesFuture: false, ...stripeLike },
        },
      },
    };
  };
  const stripeSender = (defects: ReferenceRunOptions['defects'] = []): ReferenceRunOptions => ({
    ...suiteRunOptions['webhooks-sender'],
    server: { ...suiteRunOptions['webhooks-sender'].server, senderProfile: 'stripe' },
    configure: inCustomProfile,
    defects,
  });

  it('verifies the signature and judges the timestamp as the described scheme says', async () => {
    const results = await runAgainstReference([signatureOverRawBody, signedTimestampCurrent], stripeSender());
    expect(results.map((r) => `${r.id}: ${r.status}`)).toEqual([
      `${signatureOverRawBody.id}: passed`,
      `${signedTimestampCurrent.id}: passed`,
    ]);
  });

  it('fails a stale timestamp and a signature over other bytes in it', async () => {
    const stale = await runAgainstReference([signedTimestampCurrent], stripeSender(['sender-stale-timestamp']));
    expect(stale[0]).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(/past the custom profile's tolerance of 300 s/),
    });
    const reserialized = await runAgainstReference(
      [signatureOverRawBody],
      stripeSender(['signature-over-reserialized-body']),
    );
    expect(reserialized[0]).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(
        /^Stripe-Signature does not verify over the raw body: .*re-serialized as compact JSON/,
      ),
    });
  });
});

describe('webhooks-sender suite when the config names another scheme than the sender signs in', () => {
  it('says which profile the delivery was signed in, and how to pick it', async () => {
    const result = await runOneSender(signatureOverRawBody, {
      configure: (config) => {
        const fast = fastSender()(config);
        return { ...fast, webhooks: { ...fast.webhooks, sender: { ...fast.webhooks.sender!, profile: 'github' } } };
      },
    });
    expect(result).toMatchObject({
      status: 'failed',
      message:
        'X-Hub-Signature-256 does not verify over the raw body: no x-hub-signature-256 header (the delivery carries X-Signature, the convention profile\'s signature header: set webhooks.sender.profile to "convention")',
    });
  });
});
