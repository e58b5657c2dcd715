// The hostile-target matrix: small servers on 127.0.0.1 that each misbehave in one way, run against
// the built CLI in a child process with the bound each row must hold: time, peak memory, report size,
// exit code, and no crash. The bounds are generous for a loaded 2-core machine and far below what
// the same rows cost before they were bounded (see docs/http-client.md).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSilentTarget, startTricklingTarget } from '../harness/runner/test-support/stalling-targets.js';
import { startHostileListTarget, type ListMisbehaviour } from './test-support/hostile-targets.js';
import { runCliChild } from './test-support/run-cli-child.js';

const token = 'hostile-matrix-token-5f1c2e';

// One collection and small budgets: a row proves its bound, not the whole kit's patience.
const config = {
  collections: [{ name: 'customers', path: '/customers', sample: { name: 'Ada {unique}' } }],
  pagination: { fixtureCap: 12, propertyRuns: 2 },
  budgets: { requestTimeoutMs: 2000, checkTimeoutMs: 15_000, totalRunMs: 60_000 },
};

interface ListRow {
  readonly kind: ListMisbehaviour;
  /** Requests one check may make on one list: each page of the huge one costs ~0.2 s to parse. */
  readonly requestsPerList: number;
  readonly suite: 'resources' | 'pagination';
  /** Before the bounds: what the issue measured. */
  readonly before: string;
}

const listRows: readonly ListRow[] = [
  {
    kind: 'growing-cursor',
    requestsPerList: 40,
    suite: 'pagination',
    before: 'report.json and junit.xml 204 MB each, 2.3 GiB RSS',
  },
  {
    kind: 'long-cursor',
    requestsPerList: 40,
    suite: 'pagination',
    before: 'a full run: 4.3 GiB RSS, killed after 152 s (a JS parser built each cursor out of a million pieces)',
  },
  {
    kind: 'huge-page',
    requestsPerList: 5,
    suite: 'pagination',
    before: '8 checks crashed with "Maximum call stack size exceeded"',
  },
  {
    kind: 'deep-json',
    requestsPerList: 40,
    suite: 'resources',
    before: '2 checks crashed the same way, 1.1 GiB RSS, 30-54 s',
  },
];

describe('hostile targets, run by the CLI in a child process', () => {
  let directory: string;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'apicert-hostile-'));
    // Past the documented limit of 100 collections (harness/config/schema.ts).
    const many = Array.from({ length: 10_000 }, (_, n) => ({ name: `things${n}`, path: `/things${n}`, sample: { n } }));
    await writeFile(join(directory, 'many.config.json'), JSON.stringify({ collections: many }));
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it.each(listRows.map((row) => [row.kind, row.before, row] as const))(
    '%s (before: %s) is judged within its bounds',
    async (kind, _before, row) => {
      const target = await startHostileListTarget(kind);
      try {
        const reportDir = join(directory, kind);
        const configPath = join(directory, `${kind}.config.json`);
        await writeFile(
          configPath,
          JSON.stringify({ ...config, budgets: { ...config.budgets, requestsPerList: row.requestsPerList } }),
        );
        const run = await runCliChild(
          ['run', '--base-url', target.url, '--config', configPath, '--suite', row.suite, '--report-dir', reportDir],
          { APICERT_TOKEN: token },
          60_000,
          reportDir,
        );
        expect(run.stderr).not.toMatch(/\n\s+at /);
        expect(run.exitCode, run.stderr).toBe(1);
        const report = JSON.parse(run.reports.get('report.json') ?? '{}') as {
          checks: { id: string; status: string; message?: string }[];
        };
        expect(report.checks.length).toBeGreaterThan(3);
        expect(
          report.checks
            .filter((check) => /APICERT_CHECK_CRASHED|call stack/.test(check.message ?? ''))
            .map((check) => check.id),
        ).toEqual([]);
        expect(run.elapsedMs).toBeLessThan(45_000);
        expect(run.peakRssMiB).toBeLessThan(400);
        expect(run.reportBytes).toBeLessThan(8 * 1024 * 1024);
        for (const output of [run.stdout, run.stderr, ...run.reports.values()]) expect(output).not.toContain(token);
      } finally {
        await target.close();
      }
    },
    70_000,
  );

  // Default budgets stop these within about four 10 s time-outs; 1 s ones keep the row short.
  const stallingRows = [
    {
      name: 'trickling (headers, then a byte every 500 ms)',
      before: '632 s with default budgets',
      start: () => startTricklingTarget(500),
    },
    { name: 'silent (never answers)', before: '384 s with default budgets', start: () => startSilentTarget() },
  ];

  it.each(stallingRows.map((row) => [row.name, row.before, row] as const))(
    '%s (before: %s) stops the run within about four time-outs',
    async (name, _before, row) => {
      const target = await row.start();
      try {
        const slug = name.split(' ')[0]!;
        const reportDir = join(directory, slug);
        const configPath = join(directory, `${slug}.config.json`);
        await writeFile(
          configPath,
          JSON.stringify({ ...config, budgets: { ...config.budgets, requestTimeoutMs: 1000 } }),
        );
        const run = await runCliChild(
          ['run', '--base-url', target.origin, '--config', configPath, '--report-dir', reportDir],
          { APICERT_TOKEN: token },
          60_000,
          reportDir,
        );
        expect(run.exitCode, run.stderr).toBe(1);
        const report = JSON.parse(run.reports.get('report.json') ?? '{}') as {
          interrupted?: string;
          checks: { status: string; error?: { code: string } }[];
        };
        expect(report.interrupted).toMatch(/^the target stopped answering/);
        const statuses = report.checks.map((check) =>
          check.status === 'errored' ? (check.error?.code ?? 'errored') : check.status,
        );
        // Nothing judged the silent target: the checks that reached it are errored, and all but the one
        // that met the time-outs say it stopped answering (the webhook suites have no config here).
        expect(statuses.filter((status) => status === 'failed')).toEqual([]);
        expect(statuses.filter((status) => status === 'APICERT_TARGET_STOPPED_ANSWERING').length).toBeGreaterThan(20);
        // Four 1 s time-outs, undici's half-second timer granularity, and a loaded machine's start-up.
        expect(run.elapsedMs).toBeLessThan(15_000);
        expect(run.peakRssMiB).toBeLessThan(300);
        expect(run.reportBytes).toBeLessThan(2 * 1024 * 1024);
        for (const output of [run.stdout, run.stderr, ...run.reports.values()]) expect(output).not.toContain(token);
      } finally {
        await target.close();
      }
    },
    70_000,
  );

  // The local machine is an input too: a config that never ends, a report folder that is not a folder.
  const localRows = [
    {
      name: '--config /dev/zero',
      before: '14 GiB RSS in 64 s, Ctrl-C ignored',
      args: (url: string) => ['run', '--base-url', url, '--config', '/dev/zero'],
    },
    {
      name: '--report-dir /proc/x',
      before: 'a full core spun for 18+ minutes, SIGTERM ignored',
      args: (url: string) => [
        'run',
        '--base-url',
        url,
        '--config',
        join(directory, 'deep-json.config.json'),
        '--report-dir',
        '/proc/apicert-x',
      ],
    },
    {
      name: '--config with 10,000 collections',
      before: '843,000 requests and about 1 GB in 150 s before it was killed',
      args: (url: string) => ['run', '--base-url', url, '--config', join(directory, 'many.config.json')],
    },
  ];

  it.each(localRows.map((row) => [row.name, row.before, row] as const))(
    '%s (before: %s) is refused at once in one line, exit 2',
    async (_name, _before, row) => {
      const target = await startHostileListTarget('deep-json');
      try {
        await writeFile(join(directory, 'deep-json.config.json'), JSON.stringify(config));
        const run = await runCliChild(row.args(target.url), { APICERT_TOKEN: token }, 20_000);
        expect(run.exitCode).toBe(2);
        expect(run.stderr.trim().split('\n')).toHaveLength(1);
        expect(run.elapsedMs).toBeLessThan(10_000);
        expect(run.peakRssMiB).toBeLessThan(200);
      } finally {
        await target.close();
      }
    },
    30_000,
  );
});
