import { describe, expect, it } from 'vitest';
import { UsageError } from '../errors.js';
import type { CheckResult, RunResult } from '../model/run-result.js';
import type { ShardMarker } from '../model/shard.js';
import { buildCheck, buildExchange, buildRun } from '../model/test-support/sample-run.js';
import { mergeShardReports, type KnownCheck, type ShardReport } from './merge-shard-reports.js';

const plan: ShardMarker['plan'] = [
  { collections: ['customers', 'orders'], suites: ['resources', 'pagination', 'webhooks-sender', 'openapi-contract'] },
  { collections: [], suites: ['webhooks-receiver', 'openapi-contract'] },
  { collections: ['products'], suites: ['resources', 'pagination', 'openapi-contract'] },
];

function marker(index: number, overrides: Partial<ShardMarker> = {}): ShardMarker {
  return { index, count: 3, key: 'k1', plan, requirement: { strict: false, also: [] }, ...overrides };
}

const walk = (overrides: Parameters<typeof buildCheck>[0] = {}): CheckResult =>
  buildCheck({ id: 'pagination.walk', ...overrides });
const sender = (overrides: Parameters<typeof buildCheck>[0] = {}): CheckResult =>
  buildCheck({
    id: 'webhooks-sender.shape',
    suite: 'webhooks-sender',
    class: 'webhooks-sender',
    title: 'Deliveries have the shape',
    ...overrides,
  });
const receiver = (overrides: Parameters<typeof buildCheck>[0] = {}): CheckResult =>
  buildCheck({
    id: 'webhooks-receiver.ack',
    suite: 'webhooks-receiver',
    class: 'webhooks-receiver',
    title: 'Receiver acknowledges',
    ...overrides,
  });

const known: KnownCheck[] = [
  {
    id: 'pagination.walk',
    suite: 'pagination',
    conformanceClass: 'pagination-cursor',
    title: 'Walk',
    rule: '4.2/3',
    level: 'normative',
  },
  {
    id: 'webhooks-sender.shape',
    suite: 'webhooks-sender',
    conformanceClass: 'webhooks-sender',
    title: 'Shape',
    rule: '6/1',
    level: 'normative',
  },
  {
    id: 'webhooks-receiver.ack',
    suite: 'webhooks-receiver',
    conformanceClass: 'webhooks-receiver',
    title: 'Receiver acknowledges',
    rule: '6/4',
    level: 'normative',
  },
];

function part(index: number, checks: readonly CheckResult[], overrides: Partial<RunResult> = {}): ShardReport {
  return {
    source: `shard-${index}/report.json`,
    run: buildRun(checks, {
      shard: marker(index),
      seed: 42,
      replayCommand: `npx apicert run --base-url http://127.0.0.1:4010 --shard ${index}/3 --seed 42`,
      ...overrides,
    }),
  };
}

describe('mergeShardReports', () => {
  it("joins the parts into one passing run, each check once, in the kit's order", () => {
    const merged = mergeShardReports(
      [part(3, [walk({ durationMs: 30 })]), part(1, [walk({ durationMs: 10 }), sender()]), part(2, [receiver()])],
      known,
    );
    expect(merged.verdict).toBe('passed');
    expect(merged.checks.map((c) => [c.id, c.status])).toEqual([
      ['pagination.walk', 'passed'],
      ['webhooks-sender.shape', 'passed'],
      ['webhooks-receiver.ack', 'passed'],
    ]);
    // The shards ran at once: a check took as long as its longest part.
    expect(merged.checks[0]!.durationMs).toBe(30);
    expect(merged.summary).toEqual({ passed: 3, failed: 0, skipped: 0, errored: 0 });
    expect(merged.merged).toMatchObject({ count: 3, missing: [], duplicated: [] });
    expect(merged.merged!.parts.map((p) => p.index)).toEqual([1, 2, 3]);
    expect(merged.shard).toBeUndefined();
    expect(merged.interrupted).toBeUndefined();
    expect(merged.replayCommand).toBe('npx apicert run --base-url http://127.0.0.1:4010 --seed 42');
  });

  it("fails a check that failed in any shard, with that shard's words and evidence, and notes the others'", () => {
    const evidence = [buildExchange({ note: 'the page that repeated a row' })];
    const merged = mergeShardReports(
      [
        part(1, [walk({ status: 'failed', message: 'row r1 twice', evidence, seed: 7 }), sender()]),
        part(2, [receiver()]),
        part(3, [walk({ status: 'errored' })]),
      ],
      known,
    );
    const joined = merged.checks[0]!;
    expect(joined.status).toBe('failed');
    expect(joined.status === 'failed' && joined.message).toBe('row r1 twice');
    expect(joined.seed).toBe(7);
    expect(joined.evidence.map((e) => e.note)).toEqual(['the page that repeated a row']);
    expect(merged.verdict).toBe('failed');
  });

  it("adds up coverage and keeps every shard's findings once", () => {
    const coverage = (item: string) => ({ requests: 5, covered: [item], leftOut: [] });
    const finding = { level: 'advisory' as const, message: 'slow deep pages' };
    const merged = mergeShardReports(
      [
        part(1, [walk({ coverage: coverage('GET /customers'), findings: [finding] }), sender()]),
        part(2, [receiver()]),
        part(3, [walk({ coverage: coverage('GET /products'), findings: [finding] })]),
      ],
      known,
    );
    expect(merged.checks[0]!.coverage).toEqual({
      requests: 10,
      covered: ['GET /customers', 'GET /products'],
      leftOut: [],
    });
    expect(merged.checks[0]!.findings).toEqual([finding]);
  });

  it('leaves the run incomplete when a shard is missing: what it owned is errored, never passed', () => {
    const merged = mergeShardReports([part(1, [walk(), sender()]), part(3, [walk()])], known);
    expect(merged.verdict).toBe('failed');
    expect(merged.merged).toMatchObject({ missing: [2], duplicated: [] });
    expect(merged.interrupted).toMatch(/incomplete: no report of shard 2\/3 \(webhooks-receiver\)/);
    const ack = merged.checks.find((c) => c.id === 'webhooks-receiver.ack')!;
    expect(ack.status).toBe('errored');
    expect(ack.status === 'errored' && ack.error.code).toBe('APICERT_SHARD_MISSING');
    expect(merged.classes.find((c) => c.id === 'webhooks-receiver')).toMatchObject({
      verdict: 'failed',
      required: true,
    });
    // What the other shards judged stands.
    expect(merged.checks.find((c) => c.id === 'pagination.walk')!.status).toBe('passed');
  });

  it('errors a check that a missing shard shares with the others, unless it failed', () => {
    const passing = mergeShardReports([part(1, [walk(), sender()]), part(2, [receiver()])], known);
    expect(passing.checks.find((c) => c.id === 'pagination.walk')).toMatchObject({
      status: 'errored',
      message: expect.stringMatching(/shard 3\/3 \(collections products\)/),
    });
    const failing = mergeShardReports([part(1, [walk({ status: 'failed' }), sender()]), part(2, [receiver()])], known);
    const walked = failing.checks.find((c) => c.id === 'pagination.walk')!;
    expect(walked.status).toBe('failed');
    expect(walked.findings.map((f) => f.message)).toEqual([expect.stringMatching(/not judged on shard 3\/3/)]);
    // A skip is no answer either: the missing shard may own the very list the others had none of.
    const skipped = mergeShardReports(
      [
        part(1, [walk({ status: 'skipped', message: 'no related collection is configured' }), sender()]),
        part(2, [receiver()]),
      ],
      known,
    );
    expect(skipped.checks.find((c) => c.id === 'pagination.walk')!.status).toBe('errored');
  });

  it('bounds every merged result, a check only one shard reported included', () => {
    const huge = 'x'.repeat(100_000);
    const merged = mergeShardReports(
      [part(1, [walk({ status: 'failed', message: huge }), sender()]), part(2, [receiver()]), part(3, [])],
      known,
    );
    const walked = merged.checks.find((c) => c.id === 'pagination.walk')!;
    expect(walked.status === 'failed' && walked.message.length).toBeLessThan(3000);
  });

  it('trusts neither copy of a shard given twice', () => {
    const merged = mergeShardReports(
      [
        part(1, [walk(), sender()]),
        part(2, [receiver()]),
        part(2, [receiver({ status: 'failed' })]),
        part(3, [walk()]),
      ],
      known,
    );
    expect(merged.verdict).toBe('failed');
    expect(merged.merged).toMatchObject({ missing: [], duplicated: [2] });
    expect(merged.checks.find((c) => c.id === 'webhooks-receiver.ack')!.status).toBe('errored');
    expect(merged.interrupted).toMatch(/shard 2\/3 \(webhooks-receiver\) given more than once/);
  });

  it("gates on the whole run's --require, not on what each shard gated on", () => {
    const requirement = { required: ['webhooks-receiver'], strict: false, also: [] };
    const parts = [
      part(1, [walk({ status: 'failed' }), sender()], { shard: marker(1, { requirement }) }),
      part(2, [receiver()], { shard: marker(2, { requirement }) }),
      part(3, [walk()], { shard: marker(3, { requirement }) }),
    ];
    const merged = mergeShardReports(parts, known);
    expect(merged.classes.filter((c) => c.required).map((c) => c.id)).toEqual(['webhooks-receiver']);
    expect(merged.verdict).toBe('passed');
  });

  it('refuses reports that are not shards of one run, in one line', () => {
    expect(() => mergeShardReports([], known)).toThrow(UsageError);
    expect(() => mergeShardReports([{ source: 'whole/report.json', run: buildRun([walk()]) }], known)).toThrow(
      /whole\/report.json is not the report of a shard/,
    );
    expect(() =>
      mergeShardReports([part(1, [walk()]), part(2, [receiver()], { shard: marker(2, { key: 'other' }) })], known),
    ).toThrow(/shard-2\/report.json is shard 2\/3 of another run than shard-1\/report.json/);
    expect(() =>
      mergeShardReports([part(1, [walk()]), part(2, [receiver()], { shard: marker(2, { count: 4 }) })], known),
    ).toThrow(UsageError);
    // Reports edited to disagree with themselves or with the others' split.
    expect(() => mergeShardReports([part(1, [walk()], { shard: marker(4) })], known)).toThrow(
      /says it is shard 4\/3 of a split into 3 parts/,
    );
    expect(() =>
      mergeShardReports([part(1, [walk()], { shard: marker(1, { plan: plan.slice(0, 2) }) })], known),
    ).toThrow(/split into 2 parts/);
    const otherSplit = [plan[2]!, plan[1]!, plan[0]!];
    expect(() =>
      mergeShardReports([part(1, [walk()]), part(2, [receiver()], { shard: marker(2, { plan: otherSplit }) })], known),
    ).toThrow(/of another run/);
  });

  it('says so when the shards ran with different seeds', () => {
    const merged = mergeShardReports(
      [part(1, [walk(), sender()]), part(2, [receiver()], { seed: 9 }), part(3, [walk()])],
      known,
    );
    expect(merged.notes.map((n) => n.message)).toContainEqual(expect.stringMatching(/different seeds \(42, 9\)/));
  });
});
