// The one line every reporter shows about a split run: which part a shard's report is, or what a
// merged report was made from. Pure.
import type { RunResult } from '../harness/model/run-result.js';
import type { ShardPlanPart } from '../harness/model/shard.js';

function describePart(part: ShardPlanPart): string {
  const owned = [
    ...(part.collections.length > 0 ? [`collections ${part.collections.join(', ')}`] : []),
    ...part.suites.filter((suite) => suite.startsWith('webhooks')),
  ];
  return owned.length > 0 ? owned.join('; ') : 'nothing';
}

/** Undefined for a run that was neither split nor merged. */
export function describeShards(run: Pick<RunResult, 'shard' | 'merged'>): string | undefined {
  if (run.shard !== undefined) {
    const { index, count, plan } = run.shard;
    const part = plan[index - 1];
    return `shard ${index} of ${count}${part === undefined ? '' : ` (${describePart(part)})`}; join the shards' reports with apicert merge-reports`;
  }
  if (run.merged !== undefined) {
    const { count, parts, missing, duplicated } = run.merged;
    const gaps = [
      ...(missing.length > 0 ? [`missing ${missing.join(', ')}`] : []),
      ...(duplicated.length > 0 ? [`given twice ${duplicated.join(', ')}`] : []),
    ];
    return `merged from ${parts.length} report${parts.length === 1 ? '' : 's'} of ${count} shard${count === 1 ? '' : 's'}${gaps.length > 0 ? `: ${gaps.join('; ')}` : ''}`;
  }
  return undefined;
}
