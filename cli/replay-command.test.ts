// `apicert replay`: a failing check of an earlier report, run again with its seed, against the same
// defective target (still failing) and against a fixed one (now passing), old and new side by side.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunOptions } from '../harness/model/run-options.js';
import { startReferenceServer, type RunningReferenceServer } from '../reference-server/start.js';
import { runCli } from './cli.js';
import { captureIo } from './test-support/capture-io.js';

const exampleConfig = fileURLToPath(new URL('../apicert.config.example.json', import.meta.url));

interface Report {
  readonly seed: number;
  readonly replayCommand: string;
  readonly checks: readonly { readonly id: string; readonly status: string; readonly seed: number }[];
}

describe('apicert replay', () => {
  let defective: RunningReferenceServer;
  let fixed: RunningReferenceServer;
  let dir: string;
  let reportPath: string;
  const token = 'tok_replay_0123456789abcdef';

  beforeAll(async () => {
    defective = await startReferenceServer({ defects: ['put-merges'], token });
    fixed = await startReferenceServer({ token });
    dir = await mkdtemp(join(tmpdir(), 'apicert-replay-'));
    const io = captureIo({ APICERT_TOKEN: token });
    const code = await runCli(
      [
        'run',
        '--base-url',
        defective.url,
        '--config',
        exampleConfig,
        '--suite',
        'resources',
        '--report-dir',
        join(dir, 'original'),
      ],
      io,
    );
    expect(code).toBe(1);
    reportPath = join(dir, 'original', 'report.json');
  }, 30_000);
  afterAll(async () => {
    await defective.close();
    await fixed.close();
    await rm(dir, { recursive: true, force: true });
  });

  const replay = async (args: readonly string[]) => {
    const io = captureIo({ APICERT_TOKEN: token });
    const code = await runCli(['replay', ...args], io);
    return { code, out: io.out(), err: io.err() };
  };

  it('runs only the failed check again, with the seed it had, and passes it on a fixed target', async () => {
    const { code, out } = await replay([
      reportPath,
      '--base-url',
      fixed.url,
      '--report-dir',
      join(dir, 'replay-fixed'),
    ]);
    expect(out).toMatch(
      /^Replayed 1 check with the seeds they had \(run seed \d+\): before → now\n {2}resources\.put-replaces-record {2}failed {2}→ passed$/m,
    );
    expect(code).toBe(0);
    const original = JSON.parse(await readFile(reportPath, 'utf8')) as Report;
    const replayed = JSON.parse(await readFile(join(dir, 'replay-fixed', 'report.json'), 'utf8')) as Report;
    expect(replayed.checks.map((check) => check.id)).toEqual(['resources.put-replaces-record']);
    expect(replayed.checks[0]!.seed).toBe(
      original.checks.find((check) => check.id === 'resources.put-replaces-record')!.seed,
    );
    expect(replayed.seed).toBe(original.seed);
    expect(replayed.replayCommand).toMatch(
      /^npx apicert replay \S+report\.json --config \S+apicert\.config\.example\.json --base-url http:\/\/127\.0\.0\.1:\d+$/,
    );
  }, 30_000);

  it("fails it again on the same defective target, the report's own base URL", async () => {
    const { code, out } = await replay([
      reportPath,
      '--check',
      'resources.put-replaces-record',
      '--report-dir',
      join(dir, 'replay-same'),
    ]);
    expect(out).toMatch(/resources\.put-replaces-record {2}failed {2}→ failed/);
    expect(code).toBe(1);
  }, 30_000);

  it('replays a check that passed when --check names it, and says when there is nothing to replay', async () => {
    const named = await replay([
      reportPath,
      '--check',
      'resources.create-then-read',
      '--base-url',
      fixed.url,
      '--report-dir',
      join(dir, 'replay-named'),
    ]);
    expect(named.out).toMatch(/resources\.create-then-read {2}passed {2}→ passed/);
    expect(named.code).toBe(0);
    const clean = JSON.parse(await readFile(join(dir, 'replay-named', 'report.json'), 'utf8')) as Report;
    const cleanPath = join(dir, 'clean.json');
    await writeFile(cleanPath, JSON.stringify(clean));
    const nothing = await replay([cleanPath, '--report-dir', join(dir, 'replay-nothing')]);
    expect(nothing).toMatchObject({
      code: 0,
      out: `nothing to replay: ${cleanPath} has no failed or errored check (name one with --check ID)\n`,
    });
  }, 30_000);

  it('annotates on GitHub Actions as apicert run does', async () => {
    const io = captureIo({ APICERT_TOKEN: token, GITHUB_ACTIONS: 'true' });
    const code = await runCli(['replay', reportPath, '--report-dir', join(dir, 'replay-github')], io);
    expect(code).toBe(1);
    expect(io.out()).toMatch(/^::error title=apicert failed%3A resources\.put-replaces-record/m);
  }, 30_000);

  it("gives each check the seed the report says it had, and keeps the run's suites and pace", async () => {
    // As a merged report of shards run with different seeds has it: the check's seed is not the one
    // the report's seed derives, and the run's options name --suite, --concurrency and --rate-limit.
    const original = JSON.parse(await readFile(reportPath, 'utf8')) as Report & { options: RunOptions };
    const ownSeed = 123_456_789;
    const edited = {
      ...original,
      options: { ...original.options, pace: { concurrency: 3, rateLimit: 20 } },
      checks: original.checks.map((check) =>
        check.id === 'resources.put-replaces-record' ? { ...check, seed: ownSeed } : check,
      ),
    };
    expect(original.options.suites).toEqual(['resources']);
    const editedPath = join(dir, 'merged-like.json');
    await writeFile(editedPath, JSON.stringify(edited));
    const { code } = await replay([editedPath, '--base-url', fixed.url, '--report-dir', join(dir, 'replay-own-seed')]);
    expect(code).toBe(0);
    const replayed = JSON.parse(await readFile(join(dir, 'replay-own-seed', 'report.json'), 'utf8')) as Report & {
      readonly notes: readonly { readonly message: string }[];
      readonly options: RunOptions;
    };
    expect(replayed.options).toMatchObject({
      suites: ['resources'],
      checks: ['resources.put-replaces-record'],
      pace: { concurrency: 3, rateLimit: 20 },
      replayOf: { report: editedPath },
    });
    expect(replayed.checks).toEqual([
      expect.objectContaining({ id: 'resources.put-replaces-record', seed: ownSeed, status: 'passed' }),
    ]);
    // The run's pace read back as data: 20 requests a second held the replay back.
    expect(replayed.notes.map((note) => note.message)).toContainEqual(
      expect.stringMatching(/^the rate limit of 20 requests per second held requests back/),
    );
  }, 30_000);

  it('replays a shard of a run limited by --suite on the collections that shard judged', async () => {
    // Three unlinked collections and a receiver: split in two, the shards differ with and without
    // --suite resources (customers and products, or products alone), so the replay must split as the run did.
    const example = JSON.parse(await readFile(exampleConfig, 'utf8')) as {
      collections: Record<string, unknown>[];
      webhooks: Record<string, unknown>;
    };
    const [customers, orders, products] = example.collections as [
      Record<string, unknown>,
      Record<string, unknown>,
      Record<string, unknown>,
    ];
    const unlinked = {
      ...example,
      collections: [
        { ...customers, related: [] },
        {
          ...orders,
          sample: { customerId: 'cus_1', total: 10, status: 'pending' },
          replace: { customerId: 'cus_1', total: 12, status: 'paid' },
        },
        products,
      ],
      webhooks: { receiver: example.webhooks['receiver'] },
    };
    const configPath = join(dir, 'unlinked.config.json');
    await writeFile(configPath, JSON.stringify(unlinked));
    const io = captureIo({ APICERT_TOKEN: token });
    const runDir = join(dir, 'shard-original');
    expect(
      await runCli(
        [
          'run',
          '--base-url',
          defective.url,
          '--config',
          configPath,
          '--suite',
          'resources',
          '--shard',
          '1/2',
          '--report-dir',
          runDir,
        ],
        io,
      ),
    ).toBe(1);
    interface Covered {
      readonly checks: readonly { readonly id: string; readonly coverage?: { readonly covered: readonly string[] } }[];
    }
    const coveredBy = (report: Covered) =>
      report.checks.find((check) => check.id === 'resources.put-replaces-record')?.coverage?.covered;
    const original = JSON.parse(await readFile(join(runDir, 'report.json'), 'utf8')) as Covered;
    expect(coveredBy(original)).toEqual(
      expect.arrayContaining([expect.stringMatching(/customers/), expect.stringMatching(/products/)]),
    );
    const { code } = await replay([
      join(runDir, 'report.json'),
      '--check',
      'resources.put-replaces-record',
      '--report-dir',
      join(dir, 'shard-replay'),
    ]);
    expect(code).toBe(1);
    const replayed = JSON.parse(await readFile(join(dir, 'shard-replay', 'report.json'), 'utf8')) as Covered;
    expect(coveredBy(replayed)).toEqual(coveredBy(original));
  }, 30_000);

  it('refuses an unknown check and a file that is no report, in one line each', async () => {
    const unknown = await replay([reportPath, '--check', 'resources.no-such-check']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(
      /^APICERT_USAGE: --check resources\.no-such-check: \S+ has no such check; name one of its checks, e\.g\. resources\./,
    );
    const notReport = join(dir, 'not-a-report.json');
    await writeFile(notReport, '{"tool":{"name":"other"}}');
    const invalid = await replay([notReport]);
    expect(invalid.code).toBe(2);
    expect(invalid.err).toMatch(
      /^APICERT_REPORT_INVALID: replay \S+not-a-report\.json: \/tool\/name must be "apicert"/,
    );
  });

  it("blames the report, not the user's flags, for a recorded option replay cannot use", async () => {
    const original = JSON.parse(await readFile(reportPath, 'utf8')) as Report & { options: RunOptions };
    const badPace = join(dir, 'bad-pace.json');
    await writeFile(
      badPace,
      JSON.stringify({ ...original, options: { ...original.options, pace: { concurrency: 0 } } }),
    );
    const refused = await replay([badPace]);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(
      /^APICERT_REPORT_INVALID: replay \S+bad-pace\.json: \/options\/pace\/concurrency must be an integer from 1 to 64; fix that value in the report, or run the checks again with apicert run$/m,
    );
  });

  it('asks for --config when the report does not record its options (an earlier apicert wrote it)', async () => {
    const { options: _options, ...original } = JSON.parse(await readFile(reportPath, 'utf8')) as Report & {
      options: RunOptions;
    };
    const older = join(dir, 'older.json');
    await writeFile(older, JSON.stringify(original));
    const refused = await replay([older]);
    expect(refused.code).toBe(2);
    expect(refused.err).toBe(
      `APICERT_USAGE: ${older} does not record the options of its run (an earlier apicert wrote it): give the config with --config FILE\n`,
    );
    const given = await replay([
      older,
      '--config',
      exampleConfig,
      '--base-url',
      fixed.url,
      '--report-dir',
      join(dir, 'older-replay'),
    ]);
    expect(given.code).toBe(0);
    expect(given.out).toMatch(/resources\.put-replaces-record {2}failed {2}→ passed/);
  }, 30_000);
});
