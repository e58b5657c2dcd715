// The webhooks-receiver suite beyond its proofs (check-proofs.test.ts): each switch fails only the
// checks that name it, the signing secret never reaches a result, and base64 signing. Stub receivers
// on loopback add the failure modes the reference server has no switch for (webhooks-receiver-stubs.test.ts).
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../harness/config/load-config.js';
import { createHttpClient } from '../../harness/http/client.js';
import type { ReadableResult } from '../../harness/model/test-support/readable-result.js';
import { runChecks } from '../../harness/runner/run-checks.js';
import { isDefectName, type DefectName } from '../../reference-server/defects.js';
import { startReferenceServer } from '../../reference-server/start.js';
import { fastSlowAck, standardWebhooksReceiver, withReceiver } from '../test-support/proof-run-options.js';
import {
  exampleConfigPath,
  runAgainstReference,
  runOneAgainstReference,
} from '../test-support/run-against-reference.js';
import { webhooksReceiverChecks } from './index.js';
import { oversizedBodyRefused } from './oversized-body-refused.js';
import { signatureOverRawBytes } from './signature-over-raw-bytes.js';

describe('webhooks-receiver suite against the reference server', () => {
  it('each switch makes only the checks that name it fail (or, at level warning, warn)', async () => {
    // One server per switch, side by side: the runs mostly wait on timers and sockets.
    // A receiver that refuses everything fails every check that needs a delivery accepted; it has its own test below.
    const proving = [...new Set(webhooksReceiverChecks.flatMap((check) => check.provenBy ?? []))]
      .filter(isDefectName)
      .filter((defect) => defect !== 'receiver-refuses-everything');
    const failing = await Promise.all(
      proving.map(async (defect) => {
        // Only the slow-ack switch needs the tight budget; the others keep the default 2000 ms, so a
        // clean acknowledgement slowed by eight servers on two cores cannot fail them.
        // The switches of Standard Webhooks' receiver run in that profile, on both sides.
        const profileSwitches: readonly string[] = [
          'receiver-ignores-timestamp',
          'receiver-reads-first-signature-only',
        ];
        const tuning =
          defect === 'receiver-slow-ack'
            ? fastSlowAck
            : profileSwitches.includes(defect)
              ? standardWebhooksReceiver
              : {};
        // A check that times out on its switch counts as caught here (errored) within this test's
        // 15 s budget (the kit's default is 60 s); check-proofs.test.ts proves each failure and its message.
        const results = await runAgainstReference(webhooksReceiverChecks, { ...tuning, defects: [defect] });
        // A warning-level check proves its switch with a warning.
        // (A check skipped because the profile has nothing for it to judge caught nothing.)
        const caught = results.filter(
          (r) =>
            r.status === 'failed' ||
            r.status === 'errored' ||
            r.findings.some((finding) => finding.level === 'advisory'),
        );
        return [defect, caught.map((r) => r.id)] as const;
      }),
    );
    const naming = (defect: DefectName) =>
      webhooksReceiverChecks.filter((check) => check.provenBy?.includes(defect)).map((check) => check.id);
    expect(Object.fromEntries(failing)).toEqual(Object.fromEntries(proving.map((defect) => [defect, naming(defect)])));
  }, 60_000);

  it('blocks the refusal checks, never passing them, on a receiver that refuses everything', async () => {
    const results = await runAgainstReference(webhooksReceiverChecks, { defects: ['receiver-refuses-everything'] });
    const statusOf = (id: string) => results.find((r) => r.id === id);
    expect(statusOf('webhooks-receiver.signed-delivery-acknowledged')?.status).toBe('failed');
    const refusals = [
      'unverified-delivery-refused',
      'malformed-json-refused',
      'oversized-body-refused',
      'incomplete-event-refused',
    ];
    for (const name of refusals) {
      const result = statusOf(`webhooks-receiver.${name}`);
      expect(result?.status, name).toBe('errored');
      expect(result?.error?.code, name).toBe('APICERT_CHECK_BLOCKED');
      expect(result?.message, name).toContain('see webhooks-receiver.signed-delivery-acknowledged');
      expect(result?.status === 'errored' && result.blockedBy, name).toBe(
        'webhooks-receiver.signed-delivery-acknowledged',
      );
    }
    expect(results.filter((r) => r.status === 'passed').map((r) => r.id)).toEqual([]);
  });

  it('passes a receiver that refuses an oversized body by closing the connection, with no warning', async () => {
    const result = await runOneAgainstReference(oversizedBodyRefused, { defects: ['receiver-closes-oversized'] });
    expect(result.status, result.message).toBe('passed');
    expect(result.findings).toEqual([]);
  });

  it('never puts the signing secret in a result, even with redaction of it turned off', async () => {
    for (const defects of [
      [],
      ['receiver-skips-verification', 'receiver-500-on-bad-json'],
      ['receiver-verifies-reserialized-body'],
    ] as DefectName[][]) {
      const { results, secret } = await runWithoutSecretRedaction(defects);
      expect(results.some((r) => r.evidence.length > 0) || defects.length === 0).toBe(true);
      expect(JSON.stringify(results)).not.toContain(secret);
    }
  });

  it('signs with base64 when webhooks.receiver.digestEncoding says so', async () => {
    const result = await runOneAgainstReference(signatureOverRawBytes, {
      configure: (config) => withReceiver(config, { digestEncoding: 'base64' }),
    });
    expect(result.status, result.message).toBe('passed');
  });
});

// The test harness's usual client redacts the secret; this one is told only the API token, so a
// secret the checks put into a header, body or message would show in the results.
async function runWithoutSecretRedaction(
  defects: DefectName[],
): Promise<{ results: ReadableResult[]; secret: string }> {
  const server = await startReferenceServer({ defects });
  const config = await loadConfig(exampleConfigPath);
  const client = createHttpClient({
    connectTimeoutMs: 2000,
    headersTimeoutMs: 5000,
    bodyTimeoutMs: 5000,
    exchangeTimeoutMs: 5000,
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
