// The receiver suite in the github profile on a receiver written as @octokit/webhooks' README shows:
// the Webhooks class, its Node middleware, and a handler that processes each delivery once. Its
// middleware refuses a delivery without X-GitHub-Event or X-GitHub-Delivery (400 "Required headers
// missing"), so the github profile sends the headers GitHub sends; it passes every check the
// profile judges.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhooks, createNodeMiddleware } from '@octokit/webhooks';
import { describe, expect, it } from 'vitest';
import { toRunOptions } from '../../harness/model/run-options.js';
import { runConformance } from '../../harness/runner/run-conformance.js';
import { suites as registry } from '../index.js';
import { exampleConfigPath } from '../test-support/run-against-reference.js';

const secret = 'an-octokit-webhooks-secret';

/** The receiver as a team would write it from the library's README, plus a read of what it processed. */
async function startOctokitReceiver(): Promise<{ url: string; close(): Promise<void> }> {
  const webhooks = new Webhooks({ secret });
  const processed = new Map<string, number>();
  // Each delivery once: GitHub redelivers with the same X-GitHub-Delivery.
  webhooks.onAny(({ id }) => {
    if (!processed.has(id)) processed.set(id, 1);
  });
  const middleware = createNodeMiddleware(webhooks, {
    path: '/hooks',
    log: { debug() {}, info() {}, warn() {}, error() {} },
  });
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      if (await middleware(req, res)) return;
      const seen = /^\/hooks\/events\/([^/]+)$/.exec(new URL(req.url ?? '/', 'http://receiver.invalid').pathname);
      res.writeHead(seen === null ? 404 : 200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          seen === null ? { error: 'not found' } : { processed: processed.get(decodeURIComponent(seen[1]!)) ?? 0 },
        ),
      );
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('a receiver on @octokit/webhooks (Webhooks and its Node middleware)', () => {
  it('passes every check the github profile judges', async () => {
    const receiver = await startOctokitReceiver();
    const directory = await mkdtemp(join(tmpdir(), 'apicert-octokit-'));
    try {
      const example = JSON.parse(await readFile(exampleConfigPath, 'utf8')) as {
        target: Record<string, unknown>;
        webhooks: { receiver: Record<string, unknown> };
      };
      const configPath = join(directory, 'config.json');
      await writeFile(
        configPath,
        JSON.stringify({
          ...example,
          target: { ...example.target, auth: { none: true } },
          webhooks: {
            receiver: {
              ...example.webhooks.receiver,
              url: '/hooks',
              profile: 'github',
              observe: { urlTemplate: '/hooks/events/{eventId}', pointer: '/processed' },
            },
          },
        }),
      );
      const { run } = await runConformance({
        registry,
        baseUrl: receiver.url,
        options: toRunOptions({ configPath, suites: ['webhooks-receiver'] }),
        seed: 7,
        env: { APICERT_WEBHOOK_SECRET: secret },
      });
      const notPassed = run.checks.filter((check) => check.status !== 'passed');
      expect(
        notPassed.map((check) => `${check.id} ${check.status}: ${'message' in check ? check.message : ''}`),
      ).toEqual([
        expect.stringMatching(/^webhooks-receiver\.timestamp-outside-tolerance-refused skipped: the github profile/),
        expect.stringMatching(/^webhooks-receiver\.one-of-several-signatures-accepted skipped: the github profile/),
      ]);
    } finally {
      await receiver.close();
      await rm(directory, { recursive: true, force: true });
    }
  }, 60_000);
});
