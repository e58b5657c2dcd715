// Joins the reports of the shards of one split run (run --shard i/n) into one run: one verdict and
// one set of reports, as if the run had not been split. A shard whose report is missing, or given
// twice, leaves what it owned unjudged: those checks are errored and the merged run is incomplete,
// never passed. Pure.
import { ShardMissingError, UsageError } from '../errors.js';
import type {
  CheckLevel,
  CheckResult,
  CheckStatus,
  Finding,
  RunNote,
  RunResult,
  SuiteName,
} from '../model/run-result.js';
import type { MergedPart, ShardMarker, ShardPlanPart } from '../model/shard.js';
import { cutWithMarker } from '../model/cut-with-marker.js';
import { boundResult, resultBounds } from './bound-result.js';
import { buildRunResult } from './build-run-result.js';
import { deriveCheckSeed } from './seeded-random.js';

/** A shard's report as read, with where it came from. */
export interface ShardReport {
  readonly source: string;
  readonly run: RunResult;
}

/** What the kit knows of a check, to report one that only a missing shard would have run. */
export interface KnownCheck {
  readonly id: string;
  readonly suite: SuiteName;
  readonly conformanceClass: string;
  readonly title: string;
  readonly rule: string;
  readonly level: CheckLevel;
}

/** Throws UsageError (one line) when the reports are not the shards of one run. */
export function mergeShardReports(reports: readonly ShardReport[], known: readonly KnownCheck[]): RunResult {
  const first = reports[0];
  if (first === undefined)
    throw new UsageError(
      "merge-reports needs the report of at least one shard: give each shard's report folder or report.json",
    );
  const markers = reports.map(({ source, run }) => {
    if (run.shard === undefined)
      throw new UsageError(
        `${source} is not the report of a shard: merge the reports of apicert run --shard i/n (a whole run needs no merging)`,
      );
    return run.shard;
  });
  const marker = markers[0]!;
  for (const [index, other] of markers.entries()) {
    // The schema bounds them; a report edited by hand can still disagree with itself.
    if (other.index > other.count || other.plan.length !== other.count) {
      throw new UsageError(
        `${reports[index]!.source} says it is shard ${other.index}/${other.count} of a split into ${other.plan.length} parts: it is not a report apicert wrote; run the shard again`,
      );
    }
    if (
      other.key !== marker.key ||
      other.count !== marker.count ||
      JSON.stringify(other.plan) !== JSON.stringify(marker.plan)
    ) {
      throw new UsageError(
        `${reports[index]!.source} is shard ${other.index}/${other.count} of another run than ${first.source} (shard ${marker.index}/${marker.count}): ` +
          'the kit version, config, base URL, --suite, --require or shard count differ; merge the shards of one run',
      );
    }
  }
  const byIndex = new Map<number, ShardReport[]>();
  for (const report of reports)
    byIndex.set(report.run.shard!.index, [...(byIndex.get(report.run.shard!.index) ?? []), report]);
  const shardNumbers = Array.from({ length: marker.count }, (_, i) => i + 1);
  const missing = shardNumbers.filter((index) => !byIndex.has(index));
  const duplicated = shardNumbers.filter((index) => (byIndex.get(index)?.length ?? 0) > 1);
  // A shard given twice may disagree with itself: neither copy is trusted, as if it were missing.
  const used = shardNumbers.flatMap((index) => (byIndex.get(index)?.length === 1 ? [byIndex.get(index)![0]!] : []));
  const absent = [...missing, ...duplicated]
    .sort((a, b) => a - b)
    .map((index) => ({ index, why: missing.includes(index) ? 'missing' : 'duplicated' }) as const);

  const seed = (used[0] ?? first).run.seed;
  const checks = mergeChecks(used, absent, marker, known, seed);
  const incomplete = describeAbsent(absent, marker);
  const parts: MergedPart[] = reports
    .map(({ source, run }) => ({
      index: run.shard!.index,
      source,
      seed: run.seed,
      startedAt: run.startedAt,
      durationMs: run.durationMs,
      verdict: run.verdict,
      replayCommand: run.replayCommand,
    }))
    .sort((a, b) => a.index - b.index);
  const interruptions = [
    ...(incomplete === undefined ? [] : [incomplete]),
    ...used.flatMap(({ run }) =>
      run.interrupted === undefined ? [] : [`shard ${label(run.shard!)}: ${run.interrupted}`],
    ),
  ];
  const seeds = new Set(used.map(({ run }) => run.seed));
  const notes: RunNote[] = [
    ...(seeds.size > 1
      ? [
          {
            level: 'info' as const,
            message: `the shards ran with different seeds (${[...seeds].join(', ')}): each check carries its shard's seed; replay a check from its shard's report`,
          },
        ]
      : []),
    ...used.flatMap(({ run }) =>
      run.notes.map((note) => ({ ...note, message: `shard ${label(run.shard!)}: ${note.message}` })),
    ),
  ];
  const { requirement } = marker;
  const startedAt = Math.min(...reports.map(({ run }) => Date.parse(run.startedAt)));
  const endedAt = Math.max(...reports.map(({ run }) => Date.parse(run.startedAt) + run.durationMs));
  const base = (used[0] ?? first).run;
  // The whole run's options: each shard's but for the shard, gated on the whole requirement.
  const { shard: _shard, ...wholeRun } = base.options;
  const merged = buildRunResult(
    {
      version: base.tool.version,
      baseUrl: base.target.baseUrl,
      startedAt: new Date(startedAt).toISOString(),
      durationMs: Math.max(0, endedAt - startedAt),
      seed,
      options: { ...wholeRun, requirement },
      ...(interruptions.length > 0
        ? { interrupted: cutWithMarker(interruptions.join('; '), resultBounds.textChars) }
        : {}),
      ...(base.configDerivation !== undefined ? { configDerivation: base.configDerivation } : {}),
      merged: { count: marker.count, parts, missing, duplicated },
    },
    checks,
    notes,
  );
  // Incomplete is never passed, whatever the classes that were judged say.
  return absent.length > 0 ? { ...merged, verdict: 'failed' } : merged;
}

function label(marker: Pick<ShardMarker, 'index' | 'count'>): string {
  return `${marker.index}/${marker.count}`;
}

function describeShard(index: number, marker: ShardMarker): string {
  const part = marker.plan[index - 1];
  const owns = part === undefined ? '' : ` (${describePart(part)})`;
  return `shard ${index}/${marker.count}${owns}`;
}

function describePart(part: ShardPlanPart): string {
  const collections = part.collections.length > 0 ? `collections ${part.collections.join(', ')}` : undefined;
  const whole = part.suites.filter((suite) => suite.startsWith('webhooks'));
  return [collections, whole.length > 0 ? whole.join(', ') : undefined].filter((s) => s !== undefined).join('; ');
}

function describeAbsent(
  absent: readonly { index: number; why: 'missing' | 'duplicated' }[],
  marker: ShardMarker,
): string | undefined {
  if (absent.length === 0) return undefined;
  const missing = absent.filter((a) => a.why === 'missing').map((a) => describeShard(a.index, marker));
  const twice = absent.filter((a) => a.why === 'duplicated').map((a) => describeShard(a.index, marker));
  const parts = [
    ...(missing.length > 0 ? [`no report of ${missing.join(', ')}`] : []),
    ...(twice.length > 0 ? [`${twice.join(', ')} given more than once, so neither copy counts`] : []),
  ];
  return `incomplete: ${parts.join('; ')}; what those shards own was not judged; merge exactly one report of each of the ${marker.count} shards`;
}

function mergeChecks(
  used: readonly ShardReport[],
  absent: readonly { index: number; why: 'missing' | 'duplicated' }[],
  marker: ShardMarker,
  known: readonly KnownCheck[],
  seed: number,
): CheckResult[] {
  const byId = new Map<string, { shard: number; result: CheckResult }[]>();
  for (const { run } of used) {
    for (const result of run.checks)
      byId.set(result.id, [...(byId.get(result.id) ?? []), { shard: run.shard!.index, result }]);
  }
  const order = new Map(known.map((check, index) => [check.id, index]));
  const ids = [...byId.keys()];
  // Checks only an absent shard would have run: known to the kit by their suite.
  for (const check of known) {
    if (!byId.has(check.id) && absent.some((a) => marker.plan[a.index - 1]?.suites.includes(check.suite) === true))
      ids.push(check.id);
  }
  ids.sort((a, b) => (order.get(a) ?? Number.MAX_SAFE_INTEGER) - (order.get(b) ?? Number.MAX_SAFE_INTEGER));
  return ids.map((id) => boundResult(mergeCheck(id)));

  function mergeCheck(id: string): CheckResult {
    const results = byId.get(id) ?? [];
    const suite = results[0]?.result.suite ?? known.find((check) => check.id === id)!.suite;
    const unjudged = absent.filter((a) => marker.plan[a.index - 1]?.suites.includes(suite) === true);
    const joined = results.length === 0 ? undefined : joinResults(results);
    if (unjudged.length === 0) return joined!;
    const why = `${unjudged.map((a) => describeShard(a.index, marker)).join(', ')}, whose report was ${unjudged.every((a) => a.why === 'missing') ? 'not given' : 'given more than once'}`;
    // A failure stands; anything else may have gone otherwise on what that shard owns (a skip too:
    // the missing shard may hold the very list another shard had none of).
    if (joined?.status === 'failed')
      return { ...joined, findings: [...joined.findings, { level: 'warning', message: `not judged on ${why}` }] };
    const meta =
      joined ??
      fromKnown(
        known.find((check) => check.id === id)!,
        deriveCheckSeed(seed, id),
      );
    const error = new ShardMissingError(`not judged on ${why}; merge exactly one report of every shard`).toInfo();
    const base = {
      id: meta.id,
      suite: meta.suite,
      class: meta.class,
      title: meta.title,
      rule: meta.rule,
      level: meta.level,
      durationMs: meta.durationMs,
      seed: meta.seed,
      evidence: meta.evidence,
      findings: meta.findings,
    };
    return {
      ...base,
      ...(meta.coverage !== undefined ? { coverage: meta.coverage } : {}),
      status: 'errored',
      message: `${error.code}: ${error.message}`,
      error,
    } satisfies CheckResult;
  }
}

function fromKnown(check: KnownCheck, seed: number): CheckResult {
  return {
    id: check.id,
    suite: check.suite,
    class: check.conformanceClass,
    title: check.title,
    rule: check.rule,
    level: check.level,
    status: 'passed',
    durationMs: 0,
    seed,
    evidence: [],
    findings: [],
  };
}

const severity: Record<CheckStatus, number> = { failed: 3, errored: 2, passed: 1, skipped: 0 };

/**
 * One check's results from several shards, each on the collections its shard owns: the worst status
 * decides (failed, errored, passed, skipped), its first result gives the words and the seed, the
 * other shards' failures and errors are kept as findings, and the coverage adds up.
 */
function joinResults(results: readonly { shard: number; result: CheckResult }[]): CheckResult {
  if (results.length === 1) return results[0]!.result;
  const worst = results.reduce((a, b) => (severity[b.result.status] > severity[a.result.status] ? b : a));
  const sameStatus = results.filter(({ result }) => result.status === worst.result.status);
  const others: Finding[] = sameStatus
    .filter((entry) => entry !== worst && entry.result.status !== 'passed' && entry.result.status !== 'skipped')
    .map(({ shard, result }) => ({
      level: 'info',
      message: `also ${result.status} on shard ${shard}: ${'message' in result ? result.message : ''}`,
    }));
  const seen = new Set<string>();
  const findings = [...results.flatMap(({ result }) => result.findings), ...others].filter((finding) => {
    const key = `${finding.level}\u0000${finding.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const coverages = results.flatMap(({ result }) => (result.coverage === undefined ? [] : [result.coverage]));
  const coverage =
    coverages.length === 0
      ? undefined
      : {
          requests: coverages.reduce((sum, c) => sum + c.requests, 0),
          covered: coverages.flatMap((c) => c.covered).slice(0, resultBounds.coverageItems),
          leftOut: coverages.flatMap((c) => c.leftOut).slice(0, resultBounds.coverageItems),
        };
  return boundResult({
    ...worst.result,
    // The shards ran at the same time: the check took as long as its longest part.
    durationMs: Math.max(...results.map(({ result }) => result.durationMs)),
    evidence: sameStatus.flatMap(({ result }) => result.evidence),
    findings,
    ...(coverage !== undefined ? { coverage } : {}),
  });
}
