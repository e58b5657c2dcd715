// webhooks-receiver.model-consistency, proven both ways. Its two switches only show where
// deliveries meet: with either on, every other receiver check passes and this one fails, on a
// sequence shrunk to a handful of steps. The switches of the other receiver checks it catches too
// are proven in check-proofs.test.ts; receivers built on webhook libraries pass it in their own
// profiles (receivers-on-libraries.test.ts).
import { describe, expect, it } from 'vitest';
import type { DefectName } from '../../reference-server/defects.js';
import { runAgainstReference } from '../test-support/run-against-reference.js';
import { webhooksReceiverChecks } from './index.js';
import { modelConsistency } from './model-consistency.js';

const stepsOf = (result: { counterexample?: unknown } | undefined): string[] =>
  (result?.counterexample as { steps?: string[] } | undefined)?.steps ?? [];

describe('webhooks-receiver.model-consistency', () => {
  it.each([['receiver-dedupe-remembers-few'], ['receiver-marks-seen-before-verifying']] as const)(
    '%s: every other receiver check passes it, this one fails on a sequence of at most 5 steps',
    async (name) => {
      const results = await runAgainstReference(webhooksReceiverChecks, {
        defects: [name as DefectName],
        checkTimeoutMs: 30_000,
      });
      const notPassed = results.filter((result) => result.status === 'failed' || result.status === 'errored');
      expect(notPassed.map((result) => `${result.id} ${result.status}`)).toEqual([
        'webhooks-receiver.model-consistency failed',
      ]);
      const steps = stepsOf(notPassed[0]);
      expect(steps.length).toBeGreaterThan(0);
      expect(steps.length).toBeLessThanOrEqual(5);
      expect(steps.at(-1)).toMatch(/^\d+\. GET the processed count of evt_\w+/);
    },
    60_000,
  );

  it('passes the clean receiver, and lists the steps, forms, pauses and forgeries it drew', async () => {
    const [result] = await runAgainstReference([modelConsistency]);
    expect(result?.status).toBe('passed');
    const covered = result?.coverage?.covered ?? [];
    for (const kind of ['send', 'again', 'copies', 'burst', 'forged', 'genuine', 'pause', 'observe'])
      expect(covered).toContain(`step: ${kind}`);
    expect(covered).toContain('a burst of 60 new events at once');
    expect(covered).toContain('a pause of 1500 ms');
    expect(covered).toContain('a forged delivery signed with another secret');
    expect(result?.findings.map((finding) => finding.message)).toContainEqual(
      expect.stringMatching(/^\d+ steps sent in 6 sequences \(4 fixed, 2 generated\)$/),
    );
  }, 30_000);

  it('judges a slow receiver on the steps its time budget allows, and says how many it left out', async () => {
    const [result] = await runAgainstReference([modelConsistency], {
      defects: ['receiver-slow-ack'],
      server: { defectTuning: { receiverSlowAckMs: 1500 } },
      checkTimeoutMs: 15_000,
    });
    expect(result?.status).toBe('passed');
    expect(result?.coverage?.leftOut).toContainEqual({
      item: expect.stringMatching(/^\d+ step\(s\) of the sequences$/),
      why: expect.stringContaining('answered so slowly'),
    });
  }, 30_000);

  it('skips, never passes, a receiver whose processing cannot be observed', async () => {
    const [result] = await runAgainstReference([modelConsistency], {
      configure: (config) => ({
        ...config,
        webhooks: { ...config.webhooks, receiver: { ...config.webhooks.receiver!, observe: undefined } },
      }),
    });
    expect(result?.status).toBe('skipped');
  });
});
