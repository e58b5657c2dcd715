// Every webhooks-receiver check, proven both ways: it passes on the reference server's receiver
// and fails with the matching defect switch on. Stub receivers on loopback add the failure modes the
// reference server has no switch for (webhooks-receiver-stubs.test.ts).
import { describe, expect, it } from 'vitest';
import type { ApicertConfig } from '../../harness/config/config-types.js';
import { loadConfig } from '../../harness/config/load-config.js';
import { createHttpClient } from '../../harness/http/client.js';
import type { ReadableResult } from '../../harness/model/test-support/readable-result.js';
import { runChecks } from '../../harness/runner/run-checks.js';
import type { DefectName } from '../../reference-server/defects.js';
import { startReferenceServer } from '../../reference-server/start.js';
import type { Check } from '../define-check.js';
import { exampleConfigPath, runAgainstReference, runOneAgainstReference } from '../test-support/run-against-reference.js';
import { incompleteEventRefused } from './incomplete-event-refused.js';
import { webhooksReceiverChecks } from './index.js';
import { malformedJsonRefused } from './malformed-json-refused.js';
import { oversizedBodyRefused } from './oversized-body-refused.js';
import { redeliveryAcknowledged } from './redelivery-acknowledged.js';
import { redeliveryProcessedOnce } from './redelivery-processed-once.js';
import { signatureOverRawBytes } from './signature-over-raw-bytes.js';
import { signedDeliveryAcknowledged } from './signed-delivery-acknowledged.js';
import { unverifiedDeliveryRefused } from './unverified-delivery-refused.js';
import { updateBeforeCreateKept } from './update-before-create-kept.js';

// The slow-ack defect answers after 600 ms here (3 s by default) against a 300 ms budget, so the
// proofs stay fast while the clean receiver's few milliseconds stay far inside the budget.
const fastSlowAck = {
  server: { defectTuning: { receiverSlowAckMs: 600 } },
  configure: (config: ApicertConfig): ApicertConfig => withReceiver(config, { ackBudgetMs: 300 }),
};

// Each with the words its failure must say, so a failure for another reason is no proof.
const proofs: ReadonlyArray<readonly [Check, DefectName, RegExp]> = [
  [signedDeliveryAcknowledged, 'receiver-slow-ack', /acknowledged after \d+ ms; expected a 2xx within 300 ms/],
  [unverifiedDeliveryRefused, 'receiver-skips-verification', /signed with another secret answered 200/],
  [signatureOverRawBytes, 'receiver-verifies-reserialized-body', /pretty-printed body .* answered 401/],
  [redeliveryAcknowledged, 'receiver-rejects-duplicate', /redelivery of the same event id answered 409/],
  [redeliveryProcessedOnce, 'receiver-no-dedupe', /processed 2 time\(s\); expected exactly once/],
  [updateBeforeCreateKept, 'receiver-rejects-out-of-order', /update that arrived before its create answered 409/],
  [malformedJsonRefused, 'receiver-500-on-bad-json', /malformed body .* answered 500, a server error/],
  [incompleteEventRefused, 'receiver-accepts-invalid-event', /without "event" answered 200, accepting it/],
  [oversizedBodyRefused, 'receiver-no-body-limit', /delivery of \d+ bytes answered 200, accepting it/],
];

function withReceiver(config: ApicertConfig, change: Partial<NonNullable<ApicertConfig['webhooks']['receiver']>>): ApicertConfig {
  return { ...config, webhooks: { ...config.webhooks, receiver: { ...config.webhooks.receiver!, ...change } } };
}

describe('webhooks-receiver suite against the reference server', () => {
  it('passes every check on the clean receiver', async () => {
    // The default ackBudgetMs (2000): a loaded CI machine must not turn a clean receiver red.
    const results = await runAgainstReference(webhooksReceiverChecks);
    expect(results.map((r) => `${r.id}: ${r.status} ${r.message ?? ''}`.trim())).toEqual(webhooksReceiverChecks.map((check) => `${check.id}: passed`));
  });

  it.each(proofs.map(([check, defect, pattern]) => [check.id, defect, check, pattern] as const))(
    '%s fails with the defect %s, with a one-line message and a curl line',
    async (_id, defect, check, pattern) => {
      const result = await runOneAgainstReference(check, { ...fastSlowAck, defects: [defect] });
      expect(result.status, result.message).toBe('failed');
      expect(result.message).toMatch(pattern);
      expect(result.message).not.toMatch(/\n/);
      expect(result.evidence.length).toBeGreaterThan(0);
      expect(result.evidence.some((exchange) => exchange.curl?.startsWith('curl '))).toBe(true);
    },
  );

  it('each defect is caught only by its own check', async () => {
    // One server per defect, side by side: the runs mostly wait on timers and sockets.
    const failing = await Promise.all(
      proofs.map(async ([, defect]) => {
        // Only the slow-ack row needs the tight budget; the others keep the default 2000 ms, so a
        // clean acknowledgement slowed by eight servers on two cores cannot fail them.
        const tuning = defect === 'receiver-slow-ack' ? fastSlowAck : {};
        const results = await runAgainstReference(webhooksReceiverChecks, { ...tuning, defects: [defect] });
        return [defect, results.filter((r) => r.status !== 'passed').map((r) => r.id)] as const;
      }),
    );
    expect(Object.fromEntries(failing)).toEqual(Object.fromEntries(proofs.map(([check, defect]) => [defect, [check.id]])));
  }, 30_000);

  it('never puts the signing secret in a result, even with redaction of it turned off', async () => {
    for (const defects of [[], ['receiver-skips-verification', 'receiver-500-on-bad-json'], ['receiver-verifies-reserialized-body']] as DefectName[][]) {
      const { results, secret } = await runWithoutSecretRedaction(defects);
      expect(results.some((r) => r.evidence.length > 0) || defects.length === 0).toBe(true);
      expect(JSON.stringify(results)).not.toContain(secret);
    }
  });

  it('signs with base64 when webhooks.receiver.digestEncoding says so', async () => {
    const result = await runOneAgainstReference(signatureOverRawBytes, { configure: (config) => withReceiver(config, { digestEncoding: 'base64' }) });
    expect(result.status, result.message).toBe('passed');
  });
});

// The test harness's usual client redacts the secret; this one is told only the API token, so a
// secret the checks put into a header, body or message would show in the results.
async function runWithoutSecretRedaction(defects: DefectName[]): Promise<{ results: ReadableResult[]; secret: string }> {
  const server = await startReferenceServer({ defects });
  const config = await loadConfig(exampleConfigPath);
  const client = createHttpClient({
    connectTimeoutMs: 2000,
    headersTimeoutMs: 5000,
    bodyTimeoutMs: 5000,
    maxResponseBytes: config.budgets.maxResponseBytes,
    evidenceBodyBytes: 1024 * 1024,
    followRedirects: false,
    maxRedirects: 0,
    credential: { header: 'authorization', value: `Bearer ${server.token}`, curlValue: 'Bearer $APICERT_TOKEN' },
    secrets: [server.token],
  });
  try {
    const { results } = await runChecks({
      planned: webhooksReceiverChecks.map((check) => ({ check })),
      environment: { config, baseUrl: server.url, client, receiverSecret: server.webhookSecret },
      runSeed: 3,
      checkTimeoutMs: 15_000,
      totalRunMs: 60_000,
    });
    return { results, secret: server.webhookSecret };
  } finally {
    await client.close();
    await server.close();
  }
}
