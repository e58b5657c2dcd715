// A check is data plus one function; the runner owns timing, time-outs, catching and clean-up.
import type { CheckContext, CheckOutcome } from '../harness/runner/check-context.js';
import type { SuiteName } from '../harness/model/run-result.js';

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
  run(ctx: CheckContext): Promise<CheckOutcome>;
}

const checkIdPattern = /^[a-z]+(-[a-z]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)+$/;

/** Declares a check; throws at load time when its id is malformed, so a typo never ships. */
export function defineCheck(check: Check): Check {
  if (!checkIdPattern.test(check.id) || !check.id.startsWith(`${check.suite}.`)) {
    throw new Error(`check id "${check.id}" must look like "<suite>.<kebab-name>"`);
  }
  return Object.freeze({ ...check });
}
