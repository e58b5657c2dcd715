// What a check is to the runner: data plus one function. Suites build them with defineCheck.
import type { CheckContext } from './check-context.js';
import type { CheckOutcome } from '../model/check-outcome.js';
import type { SuiteName } from '../model/run-result.js';

export interface Check {
  /** `<suite>.<kebab-name>`; stable once released, never reused. */
  readonly id: string;
  readonly suite: SuiteName;
  /** The conformance class a release can require, e.g. "pagination-cursor". */
  readonly conformanceClass: string;
  /** Convention rule(s) enforced, e.g. "4.2/3". */
  readonly rule: string;
  readonly title: string;
  /** What a pass proves, in one sentence. */
  readonly proves: string;
  /**
   * How a breach of its rule is reported: 'failure' (the default) fails the check and its class;
   * 'warning' only warns, for rules the kit cannot judge reliably from outside (naming, timing). A
   * warning-level check still fails when a rule it needs in order to judge is broken (no list page).
   */
  readonly level?: 'failure' | 'warning';
  /**
   * The reference server's defect switches that make this check fail (or, for a warning-only rule,
   * warn): names from reference-server/defects.ts, kept as plain strings since suites never import
   * the reference server. suites/check-proofs.test.ts runs each one and fails for a registered check
   * that names none (optional only so the throwaway checks of runner tests need not).
   */
  readonly provenBy?: readonly string[];
  run(ctx: CheckContext): Promise<CheckOutcome>;
}
