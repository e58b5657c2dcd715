// What a check's run() returns. The runner adds timing, ids and evidence to make a CheckResult.
import type { FailureDetails } from './evidence.js';
import type { Finding } from './run-result.js';

export type CheckOutcome =
  | { readonly status: 'passed'; readonly findings: readonly Finding[] }
  | {
      readonly status: 'failed';
      readonly message: string;
      readonly details: FailureDetails;
      readonly findings: readonly Finding[];
    }
  | { readonly status: 'skipped'; readonly reason: string; readonly findings: readonly Finding[] }
  /** The check could not finish judging (a budget ran out): the runner reports it errored, never passed. */
  | { readonly status: 'incomplete'; readonly reason: string; readonly findings: readonly Finding[] }
  /** What the check's verdict rests on did not hold (a precondition), so it judged nothing: errored too. */
  | {
      readonly status: 'blocked';
      readonly reason: string;
      /** The check that judges the precondition, when one does: the root cause to look at first. */
      readonly blockedBy?: string;
      readonly findings: readonly Finding[];
    };
