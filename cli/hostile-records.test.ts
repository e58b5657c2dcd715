// The hostile-target matrix, records and answers: an API that keeps and lists records, with one
// misbehaviour each (ids no URL can carry, ids beyond 2^53, a credential revoked mid-run, 503 with
// Retry-After on every request after the 100th, answer heads over 64 KiB), run by the built CLI in a
// child process with every suite and the default budgets, as a user runs it. Each row holds its time,
// memory and report bounds, and judges the target no worse than the same API without the misbehaviour.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startHostileRecordTarget,
  type HostileRecordTarget,
  type RecordMisbehaviour,
} from './test-support/hostile-records.js';
import { runCliChild, type ChildRun } from './test-support/run-cli-child.js';

const token = 'hostile-records-token-3c9e70';
const config = { collections: [{ name: 'customers', path: '/customers', sample: { name: 'Ada {unique}' } }] };

interface ReportedCheck {
  readonly id: string;
  readonly status: string;
  readonly message?: string;
  readonly error?: { readonly code: string };
  readonly findings?: readonly { readonly level: string; readonly message: string }[];
}

interface Report {
  readonly interrupted?: string;
  readonly checks: readonly ReportedCheck[];
}

describe('hostile record targets, run by the CLI in a child process with every suite', () => {
  let directory: string;
  // The verdicts of the same API without a misbehaviour: a row may fail no check this one passes.
  let plainFailed: ReadonlySet<string>;

  const runAgainst = async (
    kind: RecordMisbehaviour,
  ): Promise<{ run: ChildRun; report: Report; target: HostileRecordTarget }> => {
    const target = await startHostileRecordTarget(kind);
    try {
      const reportDir = join(directory, kind);
      const configPath = join(directory, `${kind}.config.json`);
      await writeFile(configPath, JSON.stringify(config));
      const run = await runCliChild(
        ['run', '--base-url', target.url, '--config', configPath, '--report-dir', reportDir],
        { APICERT_TOKEN: token },
        60_000,
        reportDir,
      );
      expect(run.stderr).not.toMatch(/\n\s+at /);
      expect(run.exitCode, run.stderr).toBe(1);
      const report = JSON.parse(run.reports.get('report.json') ?? '{}') as Report;
      expect(report.checks.length).toBeGreaterThan(20);
      expect(report.checks.filter((check) => /APICERT_CHECK_CRASHED/.test(check.message ?? ''))).toEqual([]);
      expect(run.elapsedMs).toBeLessThan(30_000);
      expect(run.peakRssMiB).toBeLessThan(300);
      expect(run.reportBytes).toBeLessThan(8 * 1024 * 1024);
      for (const output of [run.stdout, run.stderr, ...run.reports.values()]) expect(output).not.toContain(token);
      return { run, report, target };
    } finally {
      await target.close();
    }
  };
  const failedOf = (report: Report): string[] =>
    report.checks.filter((check) => check.status === 'failed').map((check) => check.id);
  const warningsOf = (report: Report): string[] =>
    report.checks.flatMap((check) => (check.findings ?? []).filter((f) => f.level === 'warning').map((f) => f.message));

  // Deletes refused (401) or throttled leave records: each is named in a warning, none left silently.
  const expectEveryLeftRecordNamed = (report: Report, target: HostileRecordTarget): void => {
    const warnings = warningsOf(report).join('\n');
    for (const id of target.records().keys()) expect(warnings).toContain(`/customers/${id} `);
  };

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'apicert-hostile-records-'));
    const { report, target } = await runAgainst('plain');
    plainFailed = new Set(failedOf(report));
    // Proves the row worth comparing with: it judged, and it left nothing behind.
    expect(report.checks.filter((check) => check.status === 'passed').length).toBeGreaterThan(15);
    expect([...target.records().keys()]).toEqual([]);
  }, 70_000);
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('ids "..", ".", "" (before: an authenticated DELETE / and GET /, 34 writes to /widgets/): nothing is written outside the collection, and each record left is named', async () => {
    const { report, target } = await runAgainst('dot-ids');
    expect(target.strayWrites()).toEqual([]);
    expect(failedOf(report).filter((id) => !plainFailed.has(id))).toEqual([]);
    const left = [...target.records().keys()];
    // The addressable ones ("%2e%2e" is an id like any other once encoded) were deleted.
    expect(left.filter((id) => !['..', '.', ''].includes(id))).toEqual([]);
    expect(left.length).toBeGreaterThan(0);
    for (const id of new Set(left))
      expect(warningsOf(report)).toContainEqual(expect.stringContaining(`record whose "id" is ${JSON.stringify(id)}`));
  }, 70_000);

  it('ids beyond 2^53 (before: 15 false failures, 125 records left without a warning): the verdicts of the plain API, nothing left', async () => {
    const { report, target } = await runAgainst('big-ids');
    expect(new Set(failedOf(report))).toEqual(plainFailed);
    expect([...target.records().keys()]).toEqual([]);
  }, 70_000);

  it('a credential revoked after 50 requests (before: 24 checks failed, the run went on): the run stops on that one cause, nothing failed', async () => {
    const { report, target } = await runAgainst('revoke-after-50');
    expectEveryLeftRecordNamed(report, target);
    expect(failedOf(report)).toEqual([]);
    expect(report.interrupted).toMatch(/^the credential stopped working/);
    expect(report.checks.map((check) => check.error?.code)).toContain('APICERT_CREDENTIAL_STOPPED_WORKING');
  }, 70_000);

  it('503 with Retry-After: 3600 after 100 requests (before: 20 writes failed "answered 503 without id"): throttled, never judged', async () => {
    const { report, target } = await runAgainst('503-after-100');
    expectEveryLeftRecordNamed(report, target);
    expect(failedOf(report).filter((id) => !plainFailed.has(id))).toEqual([]);
    expect(report.checks.filter((check) => check.status === 'failed' && /503/.test(check.message ?? ''))).toEqual([]);
    expect(report.checks.map((check) => check.error?.code)).toContain('APICERT_HTTP_THROTTLED');
  }, 70_000);

  it('answer heads over 64 KiB (before: "the target stopped answering", 7 records left, 5 warned): named as such, every record found and deleted', async () => {
    const { report, target } = await runAgainst('huge-headers');
    expect(failedOf(report).filter((id) => !plainFailed.has(id))).toEqual([]);
    expect(report.interrupted ?? '').not.toMatch(/stopped answering/);
    expect(report.checks.map((check) => check.error?.code)).toContain('APICERT_HTTP_HEADERS_TOO_LARGE');
    expect([...target.records().keys()]).toEqual([]);
  }, 70_000);
});
