// `apicert run --shard i/n` and `apicert merge-reports`: three shards run at once against one
// reference server judge exactly what one whole run judges, without disturbing each other's lists,
// and merge into one verdict; a defect fails the merged run; a missing shard leaves it incomplete.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportSchema } from '../reports/index.js';
import { startReferenceServer, type RunningReferenceServer } from '../reference-server/start.js';
import type { RunResult } from '../harness/model/run-result.js';
import { runCli } from './cli.js';
import { captureIo } from './test-support/capture-io.js';

const exampleConfig = fileURLToPath(new URL('../apicert.config.example.json', import.meta.url));
const token = 'tok_shards_0123456789abcdef';
const validate = new Ajv({ strict: false }).compile(reportSchema);

describe('apicert run --shard and apicert merge-reports', () => {
  let good: RunningReferenceServer;
  let defective: RunningReferenceServer;
  let dir: string;

  const cli = async (args: readonly string[], server: RunningReferenceServer) => {
    const io = captureIo({ APICERT_TOKEN: token, APICERT_WEBHOOK_SECRET: server.webhookSecret });
    const code = await runCli(args, io);
    return { code, out: io.out(), err: io.err() };
  };
  const runShards = (server: RunningReferenceServer, name: string) =>
    Promise.all(
      [1, 2, 3].map((index) =>
        cli(
          [
            'run',
            '--base-url',
            server.url,
            '--config',
            exampleConfig,
            '--seed',
            '5',
            '--shard',
            `${index}/3`,
            '--report-dir',
            join(dir, `${name}-${index}`),
            // One shard at another pace, as a slower CI machine would run it: the pace decides how
            // fast a shard goes, not which run it belongs to, so the shards still merge.
            ...(index === 2 ? ['--concurrency', '4', '--timeout-ms', '20000'] : []),
          ],
          server,
        ),
      ),
    );
  const readReport = async (folder: string): Promise<RunResult> =>
    JSON.parse(await readFile(join(dir, folder, 'report.json'), 'utf8')) as RunResult;

  beforeAll(async () => {
    good = await startReferenceServer({ token });
    defective = await startReferenceServer({ token, defects: ['limit-ignored'] });
    dir = await mkdtemp(join(tmpdir(), 'apicert-shards-'));
  });
  afterAll(async () => {
    await good.close();
    await defective.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('judges in three shards at once exactly what one run judges, and merges them into one passing verdict', async () => {
    const whole = await cli(
      ['run', '--base-url', good.url, '--config', exampleConfig, '--seed', '5', '--report-dir', join(dir, 'whole')],
      good,
    );
    expect(whole.code).toBe(0);
    const shards = await runShards(good, 'good');
    expect(shards.map((shard) => shard.code)).toEqual([0, 0, 0]);
    expect(shards[0]!.out).toMatch(
      /^Shards: shard 1 of 3 \(collections customers, orders; webhooks-sender\); join the shards' reports with apicert merge-reports$/m,
    );

    const parts = await Promise.all([1, 2, 3].map((index) => readReport(`good-${index}`)));
    for (const part of parts) expect(validate(part)).toBe(true);
    expect(parts.map((part) => part.shard?.index)).toEqual([1, 2, 3]);
    // Every check in exactly one shard, bar those judged per collection, which each collection's shard runs.
    const perCollection = (id: string) =>
      id.startsWith('resources.') || id.startsWith('pagination.') || id.startsWith('openapi-contract.');
    const owners = new Map<string, number[]>();
    for (const part of parts)
      for (const check of part.checks) owners.set(check.id, [...(owners.get(check.id) ?? []), part.shard!.index]);
    for (const [id, shardsOf] of owners) if (!perCollection(id)) expect(shardsOf, id).toHaveLength(1);
    expect(owners.get('webhooks-sender.retry-backoff')).toEqual([1]);
    expect(owners.get('webhooks-receiver.signed-delivery-acknowledged')).toEqual([2]);
    expect(owners.get('pagination.stable-order')).toEqual([1, 3]);

    const merged = await cli(
      [
        'merge-reports',
        join(dir, 'good-1'),
        join(dir, 'good-2'),
        join(dir, 'good-3', 'report.json'),
        '--report-dir',
        join(dir, 'good-merged'),
      ],
      good,
    );
    expect(merged.err).toBe('');
    expect(merged.out).toMatch(/^merged 3 reports of 3 shards$/m);
    expect(merged.code).toBe(0);
    const report = await readReport('good-merged');
    expect(validate(report)).toBe(true);
    const wholeReport = await readReport('whole');
    // The same checks with the same statuses as the whole run: nothing lost, nothing disturbed.
    expect(report.checks.map((check) => [check.id, check.status])).toEqual(
      wholeReport.checks.map((check) => [check.id, check.status]),
    );
    expect(report.classes.map((c) => [c.id, c.verdict, c.required])).toEqual(
      wholeReport.classes.map((c) => [c.id, c.verdict, c.required]),
    );
    expect(report.merged).toMatchObject({ count: 3, missing: [], duplicated: [] });
    // The shards shared the seed, so the merged run replays as one run with it.
    expect(report.replayCommand).toMatch(/ --seed 5$/);
    expect(report.replayCommand).not.toContain('--shard');
    const html = await readFile(join(dir, 'good-merged', 'index.html'), 'utf8');
    expect(html).toContain('merged from 3 reports of 3 shards');
  }, 60_000);

  it("fails the merged run on a defect, with the failing shard's evidence, and replays a shard's failure on that shard", async () => {
    const shards = await runShards(defective, 'bad');
    expect(shards.map((shard) => shard.code)).toEqual([1, 0, 1]);
    const merged = await cli(
      [
        'merge-reports',
        join(dir, 'bad-1'),
        join(dir, 'bad-2'),
        join(dir, 'bad-3'),
        '--report-dir',
        join(dir, 'bad-merged'),
      ],
      defective,
    );
    expect(merged.code).toBe(1);
    const report = await readReport('bad-merged');
    expect(validate(report)).toBe(true);
    const check = report.checks.find((c) => c.id === 'pagination.same-parameters-on-every-list')!;
    expect(check.status).toBe('failed');
    expect(check.evidence.length).toBeGreaterThan(0);
    // The other shard's failure is kept beside the first.
    expect(check.findings.map((f) => f.message)).toContainEqual(expect.stringMatching(/^also failed on shard 3: /));

    // A baseline goes to the merge: the same failures again are not new.
    const again = await cli(
      [
        'merge-reports',
        join(dir, 'bad-1'),
        join(dir, 'bad-2'),
        join(dir, 'bad-3'),
        '--report-dir',
        join(dir, 'bad-again'),
        '--baseline',
        join(dir, 'bad-merged', 'report.json'),
        '--fail-on',
        'new',
      ],
      defective,
    );
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/still failing/i);
    // A shard's badge and certificate say it is a part, never the whole run.
    expect(await readFile(join(dir, 'bad-2', 'badge.svg'), 'utf8')).toContain('apicert shard 2/3');
    expect(await readFile(join(dir, 'bad-2', 'index.html'), 'utf8')).toContain(
      'PASSED (PARTIAL: shard 2 of 3 only; the merged report certifies the run)',
    );
    // A shard that runs no class --require names gates nothing.
    const ungated = await cli(
      [
        'run',
        '--base-url',
        defective.url,
        '--config',
        exampleConfig,
        '--seed',
        '5',
        '--shard',
        '3/3',
        '--require',
        'webhooks-receiver',
        '--report-dir',
        join(dir, 'ungated'),
      ],
      defective,
    );
    expect(ungated.code).toBe(0);
    expect(ungated.out).toMatch(/^Note: this shard runs no class that --require names/m);

    const replayed = await cli(
      [
        'replay',
        join(dir, 'bad-3', 'report.json'),
        '--check',
        'pagination.same-parameters-on-every-list',
        '--base-url',
        good.url,
        '--report-dir',
        join(dir, 'bad-3-replay'),
      ],
      good,
    );
    expect(replayed.code).toBe(0);
    const replay = await readReport('bad-3-replay');
    expect(replay.shard?.index).toBe(3);
    expect(
      replay.checks.find((c) => c.id === 'pagination.same-parameters-on-every-list')!.coverage!.covered.join(' '),
    ).not.toContain('customers');
  }, 60_000);

  it("leaves the merged run incomplete, never passed, when a shard's report is missing", async () => {
    const merged = await cli(
      ['merge-reports', join(dir, 'good-1'), join(dir, 'good-3'), '--report-dir', join(dir, 'partial')],
      good,
    );
    expect(merged.code).toBe(1);
    expect(merged.out).toMatch(/^merged 2 reports of 3 shards; missing: 2$/m);
    expect(merged.out).toMatch(/^Interrupted: incomplete: no report of shard 2\/3 \(webhooks-receiver\)/m);
    const report = await readReport('partial');
    expect(report.verdict).toBe('failed');
    expect(report.merged).toMatchObject({ missing: [2] });
    const receiverChecks = report.checks.filter((c) => c.suite === 'webhooks-receiver');
    expect(receiverChecks.length).toBeGreaterThan(0);
    for (const check of receiverChecks) expect(check.status === 'errored' || check.status === 'skipped').toBe(true);
    expect(receiverChecks.filter((c) => c.status === 'errored').length).toBeGreaterThan(0);
  }, 30_000);

  it('splits only the suites --suite names', async () => {
    const receiverOnly = await cli(
      [
        'run',
        '--base-url',
        good.url,
        '--config',
        exampleConfig,
        '--suite',
        'webhooks-receiver',
        '--shard',
        '1/1',
        '--report-dir',
        join(dir, 'receiver-only'),
      ],
      good,
    );
    expect(receiverOnly.code).toBe(0);
    const report = await readReport('receiver-only');
    expect(new Set(report.checks.map((c) => c.suite))).toEqual(new Set(['webhooks-receiver']));
    const tooMany = await cli(
      [
        'run',
        '--base-url',
        good.url,
        '--config',
        exampleConfig,
        '--suite',
        'webhooks-receiver',
        '--shard',
        '1/2',
        '--report-dir',
        join(dir, 'z'),
      ],
      good,
    );
    expect(tooMany.err).toMatch(
      /^APICERT_USAGE: --shard i\/2: the run of the suites --suite names splits into only 1 part that can run apart \(webhooks-receiver\)/,
    );
  }, 30_000);

  it('refuses what cannot be split or merged, in one line with exit 2', async () => {
    const tooMany = await cli(
      ['run', '--base-url', good.url, '--config', exampleConfig, '--shard', '1/4', '--report-dir', join(dir, 'x')],
      good,
    );
    expect(tooMany.code).toBe(2);
    expect(tooMany.err).toMatch(
      /^APICERT_USAGE: --shard i\/4: the config splits into only 3 parts .* use at most 3 shards\n$/,
    );
    const malformed = await cli(['run', '--base-url', good.url, '--config', exampleConfig, '--shard', '4/3'], good);
    expect(malformed.err).toMatch(/^APICERT_USAGE: --shard takes i\/n with 1 <= i <= n <= 64/);
    const whole = await cli(['merge-reports', join(dir, 'whole'), '--report-dir', join(dir, 'y')], good);
    expect(whole.code).toBe(2);
    expect(whole.err).toMatch(/whole\/report\.json is not the report of a shard/);
    const nothing = await cli(['merge-reports', join(dir, 'no-such-folder')], good);
    expect(nothing.code).toBe(2);
    expect(nothing.err).toMatch(/^APICERT_REPORT_INVALID: merge-reports \S+no-such-folder: no such file or folder/);
  }, 30_000);
});
