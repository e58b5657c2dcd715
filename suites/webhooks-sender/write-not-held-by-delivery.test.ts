// A create whose delivery reaches the subscriber before the create answers, yet answers while the
// subscriber still holds that delivery, waited for none of it: the check says so without waiting
// the hold out. Against the reference server behind a proxy that holds every create's answer 100 ms,
// so the delivery (sent straight to the sink) arrives first, and the baseline creates are held as
// long, so the held ones are no slower. The sender waits up to a second for an answer, and the sink
// holds the delivery that long, far past the create's answer.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../harness/runner/run-conformance.js';
import { startReferenceServer } from '../../reference-server/start.js';
import { suites as registry } from '../index.js';
import { startMiddleProxy } from '../test-support/middle-proxy.js';
import { exampleConfigPath } from '../test-support/run-against-reference.js';
import { writeNotHeldByDelivery } from './write-not-held-by-delivery.js';

const senderTimeoutMs = 1000;

describe('webhooks-sender.write-not-held-by-delivery', () => {
  it('does not wait out the hold of a delivery that arrived first when the create answered during it, no slower than a prompt one', async () => {
    const reference = await startReferenceServer({ port: 0, webhooks: { timeoutMs: senderTimeoutMs } });
    const proxy = await startMiddleProxy(reference.url, { holdAnswerMs: (method) => (method === 'POST' ? 100 : 0) });
    const directory = await mkdtemp(join(tmpdir(), 'apicert-held-'));
    try {
      const example = JSON.parse(await readFile(exampleConfigPath, 'utf8')) as { webhooks: { sender: object } };
      const configPath = join(directory, 'config.json');
      await writeFile(configPath, JSON.stringify({ ...example, webhooks: { ...example.webhooks, sender: { ...example.webhooks.sender, senderTimeoutMs } } }));
      const { run } = await runConformance({
        registry,
        baseUrl: proxy.url,
        configPath,
        seed: 1,
        checks: [writeNotHeldByDelivery.id],
        env: { APICERT_TOKEN: reference.token, APICERT_WEBHOOK_SECRET: reference.webhookSecret },
      });
      const [result] = run.checks;
      expect(result?.status).toBe('passed');
      expect(result?.findings.map((finding) => finding.message)).toEqual([
        expect.stringMatching(/^the create does not wait for its delivery: POST \/customers answered in \d+ ms while the subscriber still held its delivery, against \d+ ms with a prompt subscriber$/),
      ]);
    } finally {
      await proxy.close();
      await reference.close();
      await rm(directory, { recursive: true, force: true });
    }
  });
});
