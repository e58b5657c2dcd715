// The receiver checks against stub receivers: failures the reference server has no switch for,
// what the kit puts on the wire as a sender, and the skips.
import { describe, expect, it } from 'vitest';
import type { ApicertConfig } from '../../harness/config/config-types.js';
import { verifySignature } from '../webhooks/verify-signature.js';
import { webhooksReceiverChecks } from './index.js';
import { incompleteEventRefused } from './incomplete-event-refused.js';
import { malformedJsonRefused } from './malformed-json-refused.js';
import { oversizedBodyBytes, oversizedBodyRefused } from './oversized-body-refused.js';
import { redeliveryAcknowledged } from './redelivery-acknowledged.js';
import { redeliveryProcessedOnce } from './redelivery-processed-once.js';
import { signatureOverRawBytes } from './signature-over-raw-bytes.js';
import { signedDeliveryAcknowledged } from './signed-delivery-acknowledged.js';
import {
  eventIdOf,
  runAgainstStub,
  stubSecret,
  type ReceivedDelivery,
  type StubAnswer,
} from './test-support/run-against-stub.js';
import { unverifiedDeliveryRefused } from './unverified-delivery-refused.js';
import { updateBeforeCreateKept } from './update-before-create-kept.js';

describe('webhooks-receiver checks against stub receivers', () => {
  it('advises, by default, when the receiver accepts the oversized body, and fails it once a refusal is pinned, without a megabyte curl line', async () => {
    const accepted = await runAgainstStub([oversizedBodyRefused]);
    expect(accepted.results[0]?.status).toBe('passed');
    expect(accepted.results[0]?.findings).toEqual([
      expect.objectContaining({
        level: 'advisory',
        message: expect.stringMatching(
          /of \d+ bytes answered 200, accepting it: .*pin webhooks.receiver.oversizedBody "refuse"/,
        ),
      }),
    ]);
    // The valid delivery that shows the receiver accepts what it should, then the oversized one.
    expect(accepted.deliveries).toHaveLength(2);

    const { results } = await runAgainstStub([oversizedBodyRefused], {
      configure: (config) => withReceiverPin(config, { oversizedBody: 'refuse' }),
    });
    const [result] = results;
    expect(result?.status, result?.message).toBe('failed');
    expect(result?.message).toMatch(
      /of \d+ bytes answered 200, accepting it; webhooks.receiver.oversizedBody pins "refuse"/,
    );
    expect(result?.evidence).toHaveLength(1);
    expect(result?.evidence[0]?.curl).toMatch(/# request body of \d+ bytes is too long to inline/);
    expect(result?.evidence[0]?.request.body).toMatchObject({ bytes: oversizedBodyBytes, truncated: true });
    expect(JSON.stringify(result).length).toBeLessThan(20_000);
  });

  it('takes a 413 or a closed connection as refusing the oversized body; a 500 draws advice by default and fails once a refusal is pinned', async () => {
    const large =
      (answer: StubAnswer) =>
      (delivery: ReceivedDelivery): StubAnswer =>
        isLarge(delivery) ? answer : { status: 200 };
    for (const answer of [{ status: 413 }, 'close'] as const) {
      const { results } = await runAgainstStub([oversizedBodyRefused], { answer: large(answer) });
      expect(results[0]?.status, JSON.stringify(answer)).toBe('passed');
      expect(results[0]?.findings, JSON.stringify(answer)).toEqual([]);
    }
    const warned = await runAgainstStub([oversizedBodyRefused], { answer: large({ status: 500 }) });
    expect(warned.results[0]?.status).toBe('passed');
    expect(warned.results[0]?.findings[0]?.message).toContain('a 5xx invites the sender to retry');
    const pinned = await runAgainstStub([oversizedBodyRefused], {
      answer: large({ status: 500 }),
      configure: (config) => withReceiverPin(config, { oversizedBody: 'refuse' }),
    });
    expect(pinned.results[0]?.status).toBe('failed');
    expect(pinned.results[0]?.message).toContain('answered 500; webhooks.receiver.oversizedBody pins "refuse"');
  });

  it('advises when the receiver accepts an incomplete event, and fails once a refusal is pinned', async () => {
    const accepted = await runAgainstStub([incompleteEventRefused]);
    expect(accepted.results[0]?.status).toBe('passed');
    expect(accepted.results[0]?.findings.map((finding) => finding.message)).toEqual([
      expect.stringMatching(/without "event" answered 200, accepting it/),
      expect.stringMatching(/without "id" answered 200, accepting it/),
      expect.stringMatching(/without "data" answered 200, accepting it/),
    ]);
    const pinned = await runAgainstStub([incompleteEventRefused], {
      configure: (config) => withReceiverPin(config, { incompleteEvent: 'refuse' }),
    });
    expect(pinned.results[0]?.status).toBe('failed');
    expect(pinned.results[0]?.message).toMatch(
      /^a correctly signed event without "event" answered 200, accepting it; webhooks.receiver.incompleteEvent pins "refuse"/,
    );
  });

  it('advises when a queue-first receiver answers 202 to a malformed body, and fails it once a refusal is pinned', async () => {
    const queueFirst = { answer: () => ({ status: 202 }) };
    const { results } = await runAgainstStub([malformedJsonRefused], queueFirst);
    expect(results[0]?.status, results[0]?.message).toBe('passed');
    expect(results[0]?.findings.filter((f) => f.level === 'advisory').map((f) => f.message)).toEqual([
      expect.stringMatching(
        /^a correctly signed delivery with the malformed body .* answered 202, accepting it: the convention leaves this open, but a refusal \(4xx\) tells the sender about its bug; pin webhooks\.receiver\.malformedBody "refuse"/,
      ),
    ]);
    const pinned = await runAgainstStub([malformedJsonRefused], {
      ...queueFirst,
      configure: (config) => withReceiverPin(config, { malformedBody: 'refuse' }),
    });
    expect(pinned.results[0]?.status).toBe('failed');
    expect(pinned.results[0]?.message).toContain('webhooks.receiver.malformedBody pins "refuse"');
  });

  it('advises on a 2xx past half its budget, and fails one past the budget', async () => {
    const budget = (config: ApicertConfig): ApicertConfig => ({
      ...config,
      webhooks: { ...config.webhooks, receiver: { ...config.webhooks.receiver!, ackBudgetMs: 400 } },
    });
    const slowish = await runAgainstStub([signedDeliveryAcknowledged], {
      answer: () => ({ status: 200, afterMs: 250 }),
      configure: budget,
    });
    expect(slowish.results[0]?.status, slowish.results[0]?.message).toBe('passed');
    expect(slowish.results[0]?.findings.map((f) => f.level)).toEqual(['advisory']);
    expect(slowish.results[0]?.findings[0]?.message).toMatch(
      /^a correctly signed delivery was acknowledged after \d+ ms: within webhooks\.receiver\.ackBudgetMs \(400 ms\)/,
    );
    const slow = await runAgainstStub([signedDeliveryAcknowledged], {
      answer: () => ({ status: 200, afterMs: 700 }),
      configure: budget,
    });
    expect(slow.results[0]?.status).toBe('failed');
  });

  it('fails, not errors, when the receiver never answers a malformed body', async () => {
    const { results } = await runAgainstStub([malformedJsonRefused], {
      answer: (delivery) => (isJson(delivery) ? { status: 200 } : 'hang'),
      requestTimeoutMs: 300,
    });
    expect(results[0]?.status, results[0]?.message).toBe('failed');
    expect(results[0]?.message).toContain('gave no answer (APICERT_HTTP_TIMEOUT');
    expect(results[0]?.evidence.length).toBeGreaterThan(0);
  });

  it('fails when a forged delivery is refused but processed anyway', async () => {
    const { results } = await runAgainstStub([unverifiedDeliveryRefused], {
      answer: (delivery) => ({ status: verifyingAnswer(delivery).status, processedEventId: eventIdOf(delivery) }),
    });
    expect(results[0]?.status).toBe('failed');
    expect(results[0]?.message).toMatch(/^a delivery without X-Signature was refused but processed 1 time\(s\)/);
  });

  it('advises, never fails, when the receiver takes the right digest under another label or none', async () => {
    // Verifies whatever follows the last "=" of the label, or the whole value when there is none.
    const labelBlind = (delivery: ReceivedDelivery): StubAnswer => {
      const header = headerOf(delivery.headers['x-signature']) ?? '';
      const digest = header.includes('=') ? header.slice(header.indexOf('=') + 1) : header;
      return verifyingAnswer({ ...delivery, headers: { ...delivery.headers, 'x-signature': `sha256=${digest}` } });
    };
    const { results } = await runAgainstStub([unverifiedDeliveryRefused], { answer: labelBlind });
    expect(results[0]?.status, results[0]?.message).toBe('passed');
    expect(results[0]?.findings.map((finding) => `${finding.level}: ${finding.message}`)).toEqual([
      expect.stringMatching(
        /^advisory: a delivery labelled "sha1=" with the right digest answered 200: the digest is the right HMAC/,
      ),
      expect.stringMatching(/^advisory: a delivery with the right digest and no "sha256=" label answered 200/),
    ]);
    expect(results[0]?.coverage?.covered).toHaveLength(15);
    expect(results[0]?.coverage?.leftOut.map((entry) => entry.item)).toEqual([
      'a correct digest in another encoding (base64 for hex, upper-case hex letters)',
    ]);
  });

  it('blocks every refusal check, naming why, on a receiver that refuses even a valid delivery', async () => {
    const refusing = [unverifiedDeliveryRefused, malformedJsonRefused, oversizedBodyRefused, incompleteEventRefused];
    const { results } = await runAgainstStub([signedDeliveryAcknowledged, ...refusing], {
      answer: () => ({ status: 401 }),
    });
    expect(results[0]?.status).toBe('failed');
    for (const result of results.slice(1)) {
      expect(result.status, result.id).toBe('errored');
      expect(result.error?.code).toBe('APICERT_CHECK_BLOCKED');
      expect(result.message).toMatch(
        /a correctly signed delivery answered 401 too, so refusing .* proves nothing; see webhooks-receiver.signed-delivery-acknowledged/,
      );
    }
  });

  it('fails when an early update is acknowledged but never processed', async () => {
    const { results } = await runAgainstStub([updateBeforeCreateKept], {
      answer: (delivery) => {
        const isUpdate = delivery.raw.toString('utf8').includes('"customer.updated"');
        return { status: 202, ...(isUpdate ? {} : { processedEventId: eventIdOf(delivery) }) };
      },
    });
    expect(results[0]?.status).toBe('failed');
    expect(results[0]?.message).toMatch(/^the early update was acknowledged but never processed/);
  });

  it('fails a receiver that dedupes only events still queued, on the redelivery after the first was processed', async () => {
    // Queues each event for 200 ms and drops a repeat only while its first arrival is queued. Long
    // enough for the quick repeats; short enough that a second run shows within the kit's 300 ms watch.
    const queued = new Set<string>();
    const queueing = (delivery: ReceivedDelivery): StubAnswer => {
      const eventId = eventIdOf(delivery)!;
      if (queued.has(eventId)) return { status: 202 };
      queued.add(eventId);
      setTimeout(() => queued.delete(eventId), 200);
      return { status: 202, processedEventId: eventId, processAfterMs: 200 };
    };
    const { results, deliveries } = await runAgainstStub([redeliveryAcknowledged, redeliveryProcessedOnce], {
      answer: queueing,
    });
    expect(results[0]?.status, results[0]?.message).toBe('passed');
    expect(results[1]?.status).toBe('failed');
    expect(results[1]?.message).toMatch(
      /^an event sent 2 times, the same bytes again once the first was processed .* was processed 2 time\(s\)/,
    );
    expect(results[1]?.coverage?.covered).toHaveLength(5);
    expect(deliveries).toHaveLength(28);
  });

  it('names the observe config when processing cannot be read', async () => {
    const { results } = await runAgainstStub([redeliveryProcessedOnce], { observeStatus: 500 });
    expect(results[0]?.status).toBe('failed');
    expect(results[0]?.message).toContain('check webhooks.receiver.observe');
  });

  it('sends every delivery without the API token, as JSON, signed over the exact bytes it sent', async () => {
    const { results, deliveries } = await runAgainstStub(webhooksReceiverChecks, {
      answer: verifyingAnswer,
      configure: (config) => withEventName(config, 'Zoé / Ada'),
    });
    // The stub acknowledges and processes whatever verifies: it checks no body and dedupes nothing.
    // (It reads 64 KiB at most, so the oversized body fails verification and gets a 401.)
    expect(
      results
        .filter((r) => r.status === 'failed')
        .map((r) => r.id)
        .sort(),
    ).toEqual(['webhooks-receiver.model-consistency', 'webhooks-receiver.redelivery-processed-once']);
    // Accepting an incomplete event or a malformed body is open in the convention: advice, not a failure.
    expect(results.find((r) => r.id === 'webhooks-receiver.incomplete-event-refused')?.findings.length).toBe(3);
    expect(
      results.find((r) => r.id === 'webhooks-receiver.malformed-json-refused')?.findings.map((f) => f.level),
    ).toEqual(['advisory']);
    expect(deliveries.length).toBeGreaterThan(10);
    for (const delivery of deliveries) {
      expect(delivery.headers.authorization).toBeUndefined();
      expect(delivery.headers['content-type']).toBe('application/json');
    }
    const raws = deliveries.map((delivery) => delivery.raw.toString('utf8'));
    expect(raws.some((raw) => raw.includes('\\u00e9 \\/ Ada'))).toBe(true);
    expect(raws.some((raw) => raw.startsWith('{\n  "'))).toBe(true);
  });

  it('signs with base64 when the config says so', async () => {
    const { results, deliveries } = await runAgainstStub([signatureOverRawBytes], {
      configure: (config) => ({
        ...config,
        webhooks: { ...config.webhooks, receiver: { ...config.webhooks.receiver!, digestEncoding: 'base64' } },
      }),
    });
    expect(results[0]?.status).toBe('passed');
    expect(deliveries.length).toBeGreaterThan(0);
    for (const delivery of deliveries) {
      expect(verifySignature(stubSecret, delivery.raw, headerOf(delivery.headers['x-signature']), 'base64')).toEqual({
        valid: true,
      });
    }
  });

  it('skips every check, naming the variable, when the signing secret is not set', async () => {
    const { results, deliveries } = await runAgainstStub(webhooksReceiverChecks, { secret: '' });
    expect(new Set(results.map((r) => r.status))).toEqual(new Set(['skipped']));
    expect(results[0]?.message).toContain('APICERT_WEBHOOK_SECRET');
    expect(deliveries).toHaveLength(0);
  });

  it('skips the processed-once check and notes the unobserved update when observe is not configured', async () => {
    const { results } = await runAgainstStub(
      [redeliveryProcessedOnce, updateBeforeCreateKept, unverifiedDeliveryRefused],
      {
        answer: verifyingAnswer,
        withoutObserve: true,
      },
    );
    expect(results.map((r) => r.status)).toEqual(['skipped', 'passed', 'passed']);
    expect(results[0]?.message).toContain('set webhooks.receiver.observe');
    expect(results[1]?.findings).toEqual([
      expect.objectContaining({ level: 'info', message: expect.stringContaining('not observable') }),
    ]);
  });
});

function withReceiverPin(
  config: ApicertConfig,
  pin: { readonly oversizedBody?: 'refuse'; readonly incompleteEvent?: 'refuse'; readonly malformedBody?: 'refuse' },
): ApicertConfig {
  return { ...config, webhooks: { ...config.webhooks, receiver: { ...config.webhooks.receiver!, ...pin } } };
}

function isLarge(delivery: ReceivedDelivery): boolean {
  return Number(delivery.headers['content-length']) > 100_000;
}

function isJson(delivery: ReceivedDelivery): boolean {
  try {
    JSON.parse(delivery.raw.toString('utf8'));
    return true;
  } catch {
    return false;
  }
}

// Acknowledges and processes a delivery whose signature verifies over the bytes received; 401 otherwise.
function verifyingAnswer(delivery: ReceivedDelivery): Exclude<StubAnswer, 'hang' | 'close'> {
  const verdict = verifySignature(stubSecret, delivery.raw, headerOf(delivery.headers['x-signature']), 'hex');
  return verdict.valid ? { status: 200, processedEventId: eventIdOf(delivery) } : { status: 401 };
}

function headerOf(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function withEventName(config: ApicertConfig, name: string): ApicertConfig {
  const receiver = config.webhooks.receiver!;
  const events = {
    create: { ...receiver.events.create, data: { ...(receiver.events.create.data as object), name } },
    update: { ...receiver.events.update, data: { ...(receiver.events.update.data as object), name } },
  };
  return { ...config, webhooks: { ...config.webhooks, receiver: { ...receiver, events } } };
}
