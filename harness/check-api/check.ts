// What a check is to the runner: data plus one function. Suites build them with defineCheck.
import type { CheckContext } from './check-context.js';
import type { CheckOutcome } from '../model/check-outcome.js';
import type { CheckLevel, SuiteName } from '../model/run-result.js';

export interface Check {
  /** `<suite>.<kebab-name>`; stable once released, never reused. */
  readonly id: string;
  readonly suite: SuiteName;
  /** The conformance class a release can require, e.g. "pagination-cursor". */
  readonly conformanceClass: string;
  /** Convention rule(s) enforced, e.g. "4.2/3": section/rule, or a section where it has no numbered rules. */
  readonly rule: string;
  readonly title: string;
  /** What a pass proves, in one sentence. */
  readonly proves: string;
  /**
   * 'normative': the rule is stated by the convention, and a breach fails the check and its class.
   * 'advisory': good practice the convention does not state, or a stated rule the kit cannot judge
   * reliably from outside (word forms, timing); a breach is an advisory finding (ctx.advise), which
   * only the `advisory` class counts. Either level still fails on a stated rule it depends on (a
   * list that is not a page, a receiver that does not answer) and is errored when blocked or incomplete.
   */
  readonly level: CheckLevel;
  /**
   * What the convention leaves open ("not shown") in what this check judges, which answers pass by
   * default, and the config key that pins one; absent when the check judges no open choice.
   */
  readonly leavesOpen?: string;
  /**
   * The part of the target's surface the rule governs and the check judges, e.g. "every operation
   * (list, create, read, replace, change, delete) of every collection and related collection". A
   * check that judges only part of it says which part and why, here and in its result's coverage
   * (ctx.cover, ctx.leaveOut). Required of every registered check (suites/index.test.ts).
   */
  readonly covers?: string;
  /**
   * The ways a target can break the rule that the check probes, derived from the rule ("no
   * credential", "a token with one character changed"…): the docs' check table lists them.
   */
  readonly probes?: readonly string[];
  /**
   * The reference server's defect switches that make this check fail (or, for a warning-only rule,
   * warn): names from reference-server/defects.ts, kept as plain strings since suites never import
   * the reference server. suites/check-proofs.test.ts runs each one and fails for a registered check
   * that names none (optional only so the throwaway checks of runner tests need not).
   */
  readonly provenBy?: readonly string[];
  run(ctx: CheckContext): Promise<CheckOutcome>;
}
