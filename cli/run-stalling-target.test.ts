// `apicert run` against targets that stop answering: the run ends within a few request time-outs
// instead of running every check into its own, the unrun checks say why, the reports are written,
// and the clean-up does not spend a time-out per record.
import { access, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer } from '../reference-server/start.js';
import {
  startFallingSilentTarget,
  startResettingTarget,
  startSilentTarget,
  startTricklingTarget,
  type StallingTarget,
} from '../harness/runner/test-support/stalling-targets.js';
import { runCli } from './cli.js';
import { captureIo } from './test-support/capture-io.js';

const requestTimeoutMs = 300;
const unansweredInARow = 3;
// Only an upper bound, and a generous one: it proves the run no longer takes a time-out per check
// (before the breaker the same runs took 30 s and more), not how fast a loaded machine is. undici
// checks its time-outs about twice a second, so a 300 ms one ends after up to a second.
const slackMs = 8_000;
const stoppedMessage =
  /^the target stopped answering: 3 exchanges in a row timed out or were reset, so the run stopped; if the target is only slow, raise budgets\.requestTimeoutMs \(300 ms\)/;
const env = { APICERT_TOKEN: 'tok_stalling_0123456789', APICERT_WEBHOOK_SECRET: 'whsec_stalling_0123456789' };

interface Report {
  interrupted?: string;
  checks: {
    id: string;
    status: string;
    durationMs: number;
    error?: { code: string; message: string };
    findings: { message: string }[];
  }[];
  notes: { message: string }[];
}

let workDir: string;
let example: Record<string, unknown>;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'apicert-stalling-'));
  example = JSON.parse(
    await readFile(fileURLToPath(new URL('../apicert.config.example.json', import.meta.url)), 'utf8'),
  ) as Record<string, unknown>;
  delete example.$schema;
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

interface StallingRun {
  readonly code: number;
  readonly elapsedMs: number;
  readonly out: string;
  readonly err: string;
  readonly reportDir: string;
}

/** Runs the CLI against `baseUrl` with the example config and small budgets, or `changes` to them; `name` names its report folder. */
async function runAgainst(
  baseUrl: string,
  name: string,
  extraArgs: readonly string[] = [],
  changes: object = {},
): Promise<StallingRun> {
  const configPath = join(workDir, `${name}.config.json`);
  await writeFile(
    configPath,
    JSON.stringify({ ...example, budgets: { requestTimeoutMs, unansweredInARow }, ...changes }),
  );
  const reportDir = join(workDir, name);
  const io = captureIo(env);
  const started = performance.now();
  const code = await runCli(
    ['run', '--base-url', baseUrl, '--config', configPath, '--report-dir', reportDir, ...extraArgs],
    io,
  );
  return { code, elapsedMs: performance.now() - started, out: io.out(), err: io.err(), reportDir };
}

async function readReport(run: StallingRun): Promise<Report> {
  return JSON.parse(await readFile(join(run.reportDir, 'report.json'), 'utf8')) as Report;
}

describe.each([
  ['never answers', startSilentTarget],
  ['answers headers, then trickles a byte every 100 ms', () => startTricklingTarget(100)],
  ['resets every connection', startResettingTarget],
] as const)('apicert run against a target that %s', (_name, start) => {
  let target: StallingTarget;
  beforeAll(async () => {
    target = await start();
  });
  afterAll(async () => {
    await target.close();
  });

  it('stops within a few request time-outs, errors the unrun checks with the reason, writes the reports and exits 1', async () => {
    const run = await runAgainst(target.origin, `all-suites-${target.port}`);
    const { code, elapsedMs, out, reportDir } = run;
    const report = await readReport(run);

    expect(elapsedMs).toBeLessThan((unansweredInARow + 1) * requestTimeoutMs + slackMs);
    expect(code).toBe(1);
    expect(report.interrupted).toMatch(stoppedMessage);
    // The probe and the first check's requests stopped the run; every check after them is errored with the reason.
    // (The openapi-contract checks are skipped before the run: it was given no document.)
    const planned = report.checks.filter((c) => c.status !== 'skipped');
    const stopped = planned.filter((c) => c.error?.code === 'APICERT_TARGET_STOPPED_ANSWERING');
    expect(stopped.length).toBeGreaterThan(planned.length - 3);
    expect(planned.at(-1)).toMatchObject({
      status: 'errored',
      durationMs: 0,
      error: { code: 'APICERT_TARGET_STOPPED_ANSWERING', message: expect.stringMatching(stoppedMessage) },
    });
    expect(stopped.every((c) => c.status === 'errored')).toBe(true);
    // The breaker's count, plus what was already in flight when it tripped (target.concurrency, 24).
    expect(target.requests()).toBeLessThanOrEqual(unansweredInARow + 24 + 1);
    for (const file of ['report.json', 'junit.xml', 'index.html']) await access(join(reportDir, file));
    expect(out).toMatch(/Interrupted: the target stopped answering/);
  }, 30_000);
});

describe('apicert run against a target that falls silent once it holds records', () => {
  it('stops, and gives up the clean-up after one round of deletes instead of a time-out per record', async () => {
    const upstream = await startReferenceServer({ port: 0, token: env.APICERT_TOKEN });
    let created = 0;
    const target = await startFallingSilentTarget(
      upstream.url,
      (method, _path, status) => method === 'POST' && status === 201 && ++created >= 10,
    );
    try {
      const run = await runAgainst(target.origin, 'falls-silent', ['--suite', 'pagination', '--concurrency', '4']);
      const { code, elapsedMs } = run;
      const report = await readReport(run);

      expect(target.isSilent()).toBe(true);
      expect(code).toBe(1);
      expect(report.interrupted).toMatch(stoppedMessage);
      // Creates stopped the run; then one batch of deletes (at most --concurrency, 4, at once) found
      // the target still silent, and the clean-up gave up on every other record without sending it.
      const deletes = target.afterSilence().filter((request) => request.startsWith('DELETE '));
      expect(deletes.length).toBeGreaterThan(0);
      expect(deletes.length).toBeLessThanOrEqual(4);
      const cleanUp = report.notes.map((n) => n.message).join('\n');
      // Listed in the order the records were made, which the lists' openings side by side decide.
      const [, left] = /(\d+) records may remain: \/(?:customers|orders|products)\//.exec(cleanUp) ?? [];
      expect(Number(left), cleanUp).toBeGreaterThanOrEqual(deletes.length);
      // The stop, one round of deletes, and the probe's and the run's own work.
      expect(elapsedMs).toBeLessThan((unansweredInARow + 2) * requestTimeoutMs + slackMs);
    } finally {
      await target.close();
      await upstream.close();
    }
  }, 30_000);
});

describe('apicert run, the reachability probe', () => {
  it('counts against budgets.totalRunMs', async () => {
    // The probe alone spends the whole budget (a trickled body runs to the exchange deadline).
    const target = await startTricklingTarget(50);
    try {
      // No webhooks: a sender's retry window would have to fit in the check budget, and so in the run's.
      const tight = {
        budgets: {
          requestTimeoutMs,
          checkTimeoutMs: requestTimeoutMs,
          totalRunMs: requestTimeoutMs,
          unansweredInARow: 50,
        },
        webhooks: {},
      };
      const run = await runAgainst(target.origin, 'probe-budget', ['--suite', 'resources'], tight);
      const report = await readReport(run);
      expect(run.code).toBe(1);
      expect(report.interrupted).toMatch(/^the run passed its total budget of 300 ms \(budgets\.totalRunMs\)/);
      expect(
        report.checks
          .filter((c) => c.status !== 'skipped')
          .every((c) => c.error?.code === 'APICERT_RUN_BUDGET_EXCEEDED'),
      ).toBe(true);
      expect(target.requests()).toBe(1);
    } finally {
      await target.close();
    }
  }, 30_000);

  it('stops the run before any check, with exit code 3 and no report, when it goes unanswered and budgets.unansweredInARow is 1', async () => {
    const target = await startSilentTarget();
    try {
      const run = await runAgainst(target.origin, 'probe-stops', [], {
        budgets: { requestTimeoutMs, unansweredInARow: 1 },
      });
      expect(run.code).toBe(3);
      expect(run.err.trim().split('\n').at(-1)).toMatch(
        /^APICERT_TARGET_STOPPED_ANSWERING: the target stopped answering: the reachability probe \(GET http:\/\/127\.0\.0\.1:\d+\) timed out or was reset and budgets\.unansweredInARow is 1, so no check ran and no report was written;/,
      );
      await expect(access(join(run.reportDir, 'report.json'))).rejects.toThrow();
      expect(target.requests()).toBe(1);
    } finally {
      await target.close();
    }
  }, 30_000);
});
