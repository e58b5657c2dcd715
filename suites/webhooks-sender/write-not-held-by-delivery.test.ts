// A create whose delivery reaches the subscriber before the create answers, yet answers while the
// subscriber still holds that delivery, waited for none of it: the check says so without waiting
// the hold out. Against the reference server behind a proxy that holds every create's answer 40 ms,
// so the delivery (sent straight to the sink) always arrives first, and the baseline creates are
// held as long, so the held ones are no slower.
import { Agent, request as forward, type IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { startLocalServer } from '../../harness/http/test-support/local-server.js';
import { runConformance } from '../../harness/runner/run-conformance.js';
import { startReferenceServer } from '../../reference-server/start.js';
import { suites as registry } from '../index.js';
import { exampleConfigPath } from '../test-support/run-against-reference.js';
import { writeNotHeldByDelivery } from './write-not-held-by-delivery.js';

const answerHoldMs = 40;

/** Forwards every request at once and holds the answer to each POST for `holdMs` before passing it on. */
async function startAnswerHoldingProxy(targetUrl: string, holdMs: number) {
  const target = new URL(targetUrl);
  const agent = new Agent({ keepAlive: true });
  const server = await startLocalServer((incoming, outgoing) => {
    const upstream = forward(
      { host: target.hostname, port: target.port, path: incoming.url, method: incoming.method, headers: incoming.headers, agent },
      (answer: IncomingMessage) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const pass = () => {
            outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
            outgoing.end(Buffer.concat(chunks));
          };
          if (incoming.method === 'POST') setTimeout(pass, holdMs);
          else pass();
        });
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  return {
    url: server.origin,
    close: async () => {
      agent.destroy();
      await server.close();
    },
  };
}

describe('webhooks-sender.write-not-held-by-delivery', () => {
  it('does not wait out the hold of a delivery that arrived first when the create answered during it, no slower than a prompt one', async () => {
    const reference = await startReferenceServer({ port: 0 });
    const proxy = await startAnswerHoldingProxy(reference.url, answerHoldMs);
    try {
      const { run } = await runConformance({
        registry,
        baseUrl: proxy.url,
        // The sink holds the delivery for webhooks.sender.senderTimeoutMs (150 ms), far longer than the answer is held.
        configPath: exampleConfigPath,
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
    }
  });
});
