// The hostile-target matrix, webhook senders: targets that turn on the kit's own sink (floods of
// large or small deliveries, slow heads, huge headers, bodies that never end), run against the built
// CLI in a child process with the bounds each row must hold. The sink's refusals are the kit's
// problem: no check may fail the target for a delivery the sink refused (issue 36, item 4).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attackSizes, startHostileSender, type SinkAttack } from './test-support/hostile-senders.js';
import { runCliChild } from './test-support/run-cli-child.js';

const token = 'hostile-sender-token-8d2a41';

// A one-second retry window keeps each row short; the defaults were measured by hand (docs/http-client.md).
const config = {
  collections: [{ name: 'customers', path: '/customers', sample: { name: 'Ada {unique}' } }],
  budgets: { requestTimeoutMs: 2000, checkTimeoutMs: 15_000, totalRunMs: 60_000 },
  webhooks: {
    sender: {
      register: { method: 'POST', path: '/webhooks', body: { url: '{sinkUrl}', secret: '{secret}' } },
      collection: 'customers',
      senderTimeoutMs: 250,
      retryWindowMs: 1000,
    },
  },
};

interface SenderRow {
  readonly attack: SinkAttack;
  readonly what: string;
  readonly before: string;
  readonly peakRssMiB: number;
  /** Whether the sink is sure to refuse deliveries, and so to be named as the reason a check is incomplete. */
  readonly sinkRefuses: boolean;
}

const rows: readonly SenderRow[] = [
  {
    attack: 'near-cap-flood',
    what: `${attackSizes.nearCapDeliveries} near-1 MiB deliveries per subscription`,
    before: '196 s blocked, 2.2 GiB RSS',
    // The sink keeps at most 64 MiB of deliveries (webhooks.sender.sink.maxBytesKept).
    peakRssMiB: 400,
    sinkRefuses: false,
  },
  {
    attack: 'small-flood',
    what: `${attackSizes.smallDeliveries} small deliveries per subscription, eight at a time`,
    before: '94-184 s with default budgets, the checks failed: "creating a record sent no event"',
    peakRssMiB: 300,
    sinkRefuses: true,
  },
  {
    attack: 'slow-and-endless',
    what: `${attackSizes.slowConnections} slow heads, 1 MiB headers and endless chunked bodies per subscription`,
    before: 'bounded, but the checks failed the target for deliveries the sink refused',
    peakRssMiB: 300,
    sinkRefuses: true,
  },
];

describe('hostile webhook senders, run by the CLI in a child process', () => {
  let directory: string;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'apicert-hostile-senders-'));
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it.each(rows.map((row) => [row.what, row.before, row] as const))(
    'a sender sending %s (before: %s) is judged within its bounds, never failed for what the sink refused',
    async (_what, _before, row) => {
      const target = await startHostileSender(row.attack);
      try {
        const reportDir = join(directory, row.attack);
        const configPath = join(directory, `${row.attack}.config.json`);
        await writeFile(configPath, JSON.stringify(config));
        const run = await runCliChild(
          [
            'run',
            '--base-url',
            target.url,
            '--config',
            configPath,
            '--suite',
            'webhooks-sender',
            '--report-dir',
            reportDir,
          ],
          { APICERT_TOKEN: token },
          90_000,
          reportDir,
        );
        expect(run.stderr).not.toMatch(/\n\s+at /);
        expect(run.exitCode, run.stderr).toBe(1);
        const report = JSON.parse(run.reports.get('report.json') ?? '{}') as {
          checks: { id: string; status: string; message?: string }[];
        };
        expect(report.checks.length).toBeGreaterThan(5);
        expect(
          report.checks.filter((check) => /APICERT_CHECK_CRASHED/.test(check.message ?? '')).map((check) => check.id),
        ).toEqual([]);
        // Where the sink is sure to refuse deliveries, a missing one is never blamed on the target. The
        // near-cap sender never sends an event for a create either: where its flood left the sink room
        // enough to refuse nothing, "creating a record sent no event" is the true verdict.
        if (row.sinkRefuses) {
          expect(
            report.checks
              .filter(
                (check) =>
                  check.status === 'failed' && /sent no event|no delivery|emitted no event/.test(check.message ?? ''),
              )
              .map((check) => check.id),
          ).toEqual([]);
          expect(report.checks.map((check) => check.message ?? '')).toContainEqual(
            expect.stringMatching(/^APICERT_CHECK_INCOMPLETE: the kit's own sink refused requests/),
          );
        }
        expect(run.elapsedMs).toBeLessThan(60_000);
        expect(run.peakRssMiB).toBeLessThan(row.peakRssMiB);
        expect(run.reportBytes).toBeLessThan(8 * 1024 * 1024);
        for (const output of [run.stdout, run.stderr, ...run.reports.values()]) expect(output).not.toContain(token);
      } finally {
        await target.close();
      }
    },
    100_000,
  );
});
