// What counts as judging a class's rules, and why a class that judged none is skipped. Pure.
//
// Rationale (issue 35, item 4): no class passes on what it did not judge. The kit already records
// two things that say whether a check judged: its status, and its coverage (what it judged, what it
// left out and why). So:
// - a failed or errored check judged (or was stopped judging): its class fails, as before;
// - a skipped check judged nothing: its reason says why;
// - a passed check judged, unless its coverage shows it covered nothing and left something out:
//   then every item its rule governs went unjudged, and the pass only says no breach was seen in
//   nothing. A pass with no coverage at all (a report from before coverage, or a check that keeps
//   no list) is taken at its word: the kit cannot tell, and never guesses a verdict down.
// A class with no judging check is skipped, never passed; its reason names each check and what it
// left out and why, so the one line says what a release would have to configure to be judged.
import { cutWithMarker } from './cut-with-marker.js';
import type { CheckResult, CheckStatus } from './run-result.js';

/** A class member: the check, and the status it counts with in this class (the advisory class counts advice as failed). */
export interface ClassMember {
  readonly check: CheckResult;
  readonly status: CheckStatus;
}

/** Left-out items a reason names per check before it counts the rest. */
const leftOutNamed = 3;
/** A class's reason stays one readable line, whatever the checks' reasons hold. */
const maxReasonChars = 600;

/** Whether a passed check's coverage says it judged nothing: nothing covered, something left out. */
export function isPassWithoutJudging(check: CheckResult): boolean {
  const { coverage } = check;
  return (
    check.status === 'passed' && coverage !== undefined && coverage.covered.length === 0 && coverage.leftOut.length > 0
  );
}

/** Whether the member judged its rule: a failure, an error, or a pass that covered something. */
export function hasJudged(member: ClassMember): boolean {
  if (member.status === 'skipped') return false;
  if (member.status === 'passed') return !isPassWithoutJudging(member.check);
  return true;
}

/**
 * Why a class judged nothing, in one line: each member's skip reason, or what a pass left out.
 * A class no check belongs to (named by --require, not run) says so.
 */
export function describeUnjudged(members: readonly ClassMember[]): string {
  if (members.length === 0) return 'no check of this class ran';
  // Checks with the same story are named together: a whole suite skipped for one reason reads once.
  const byWhy = new Map<string, string[]>();
  for (const { check } of members) {
    const why = describeWhyUnjudged(check);
    byWhy.set(why, [...(byWhy.get(why) ?? []), check.id]);
  }
  const parts = [...byWhy].map(([why, ids]) => `${[...new Set(ids)].join(', ')} ${why}`);
  return cutWithMarker(`nothing in it was judged: ${parts.join('; ')}`, maxReasonChars);
}

function describeWhyUnjudged(check: CheckResult): string {
  if (check.status === 'skipped') return `skipped: ${check.message}`;
  const leftOut = check.coverage?.leftOut ?? [];
  const named = leftOut.slice(0, leftOutNamed).map(({ item, why }) => `${item} (${why})`);
  const more = leftOut.length > leftOutNamed ? `, and ${leftOut.length - leftOutNamed} more` : '';
  return `passed without judging: it left out ${named.join(', ')}${more}`;
}
