// A create whose delivery reaches the subscriber before the create answers, yet answers while the
// subscriber still holds that delivery, waited for none of it: the check says so without waiting
// the hold out. Against the reference server behind a proxy that holds every create's answer 100 ms,
// so the delivery (sent straight to the sink) arrives first, and the baseline creates are held as
// long, so the held ones are no slower. The sender waits up to a second for an answer, and the sink
// holds the delivery that long, far past the create's answer.
import { describe, expect, it } from 'vitest';
import { runBehindProxy } from '../test-support/run-behind-proxy.js';
import { writeNotHeldByDelivery } from './write-not-held-by-delivery.js';

const senderTimeoutMs = 1000;

describe('webhooks-sender.write-not-held-by-delivery', () => {
  it('does not wait out the hold of a delivery that arrived first when the create answered during it, no slower than a prompt one', async () => {
    const run = await runBehindProxy({
      server: { webhooks: { timeoutMs: senderTimeoutMs } },
      changes: { holdAnswerMs: (method) => (method === 'POST' ? 100 : 0) },
      config: (example) => {
        const webhooks = example['webhooks'] as { sender: object };
        return { ...example, webhooks: { ...webhooks, sender: { ...webhooks.sender, senderTimeoutMs } } };
      },
      checks: [writeNotHeldByDelivery.id],
    });
    const [result] = run.checks;
    expect(result?.status).toBe('passed');
    expect(result?.findings.map((finding) => finding.message)).toEqual([
      expect.stringMatching(
        /^the create does not wait for its delivery: POST \/customers answered in \d+ ms while the subscriber still held its delivery, against \d+ ms with a prompt subscriber$/,
      ),
    ]);
  });
});
