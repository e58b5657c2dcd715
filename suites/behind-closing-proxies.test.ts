// A target behind an ordinary proxy or load balancer: one that ends keep-alive connections left idle
// for 300 ms without a hint (gunicorn does after 2 s, many balancers after their own time-out), in
// the worst case silently, so the next request on one is reset; and one that answers
// `Connection: close` now and then. The target answers every request it receives, so the run's
// verdicts are those without the proxy, on the reference server and on the second implementation.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdleClosingProxy } from '../harness/http/test-support/idle-closing-proxy.js';
import type { RunResult } from '../harness/model/run-result.js';
import { toRunOptions } from '../harness/model/run-options.js';
import { runConformance } from '../harness/runner/run-conformance.js';
import { startReferenceServer } from '../reference-server/start.js';
import { suites as registry } from './index.js';
import { startMiddleProxy } from './test-support/middle-proxy.js';
import { exampleConfigPath } from './test-support/run-against-reference.js';
import { secondServerModeMatrix } from './test-support/second-server/mode-matrix.js';
import { secondServerConfig } from './test-support/second-server/second-server-config.js';
import { startSecondServer } from './test-support/second-server/start-second-server.js';

interface Target {
  readonly url: string;
  readonly env: Readonly<Record<string, string>>;
  readonly configPath: string;
  close(): Promise<void>;
}

let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'apicert-proxies-'));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

const targets: Record<string, () => Promise<Target>> = {
  reference: async () => {
    const server = await startReferenceServer({ port: 0 });
    return {
      url: server.url,
      env: { APICERT_TOKEN: server.token, APICERT_WEBHOOK_SECRET: server.webhookSecret },
      configPath: exampleConfigPath,
      close: () => server.close(),
    };
  },
  'second server': async () => {
    const server = await startSecondServer({ modes: secondServerModeMatrix[1]! });
    const configPath = join(directory, 'second.json');
    await writeFile(configPath, JSON.stringify(secondServerConfig()));
    return {
      url: server.url,
      env: { APICERT_TOKEN: server.token, APICERT_WEBHOOK_SECRET: server.receiverSecret },
      configPath,
      close: () => server.close(),
    };
  },
};

interface Proxy {
  readonly url: string;
  /** What the proxy did to the run's connections: it must have done it for the run to prove anything. */
  readonly didIts: () => number;
  close(): Promise<void>;
}

const proxies: Record<string, (targetUrl: string) => Promise<Proxy>> = {
  'drops connections idle 300 ms, resetting the next request on one': async (url) => {
    const proxy = await startIdleClosingProxy(url, 'drop', 300);
    // The kit lets a pooled connection go after 250 ms, so it meets no dropped one: what the proxy
    // did is carry the run's connections (a request lost on one it dropped is proven sent again in
    // harness/http/client-kept-connections.test.ts, behind a proxy quicker than the pool).
    return { url: proxy.url, didIts: () => proxy.stats().connections, close: () => proxy.close() };
  },
  'closes connections idle 300 ms': async (url) => {
    const proxy = await startIdleClosingProxy(url, 'close', 300);
    return { url: proxy.url, didIts: () => proxy.stats().closedIdle, close: () => proxy.close() };
  },
  'answers every fifth request with Connection: close': async (url) => {
    let answered = 0;
    const proxy = await startMiddleProxy(url, {
      closeEvery: 5,
      holdAnswerMs: () => {
        answered += 1;
        return 0;
      },
    });
    return { url: proxy.url, didIts: () => Math.floor(answered / 5), close: () => proxy.close() };
  },
};

const certify = async (target: Target, url: string): Promise<RunResult> =>
  (
    await runConformance({
      registry,
      baseUrl: url,
      options: toRunOptions({ configPath: target.configPath }),
      seed: 5,
      env: target.env,
    })
  ).run;

const verdicts = (run: RunResult) => run.checks.map((check) => `${check.id}: ${check.status}`);
const why = (run: RunResult) =>
  run.checks
    .filter((check) => check.status !== 'passed' && check.status !== 'skipped')
    .map((check) => `${check.id} ${check.status}: ${check.message}`)
    .join('\n');

describe.each(Object.keys(targets))('%s behind an ordinary proxy', (name) => {
  let direct: readonly string[] = [];
  beforeAll(async () => {
    const target = await targets[name]!();
    try {
      direct = verdicts(await certify(target, target.url));
    } finally {
      await target.close();
    }
  }, 60_000);

  it.each(Object.keys(proxies))(
    'a proxy that %s: the verdicts without it',
    async (proxyName) => {
      const target = await targets[name]!();
      const proxy = await proxies[proxyName]!(target.url);
      try {
        const run = await certify(target, proxy.url);
        expect(verdicts(run), why(run)).toEqual(direct);
        expect(proxy.didIts()).toBeGreaterThan(3);
      } finally {
        await proxy.close();
        await target.close();
      }
    },
    60_000,
  );
});
