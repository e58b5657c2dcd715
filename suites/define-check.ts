// A check is data plus one function; the runner owns timing, time-outs, catching and clean-up.
import type { Check } from '../harness/check-api/check.js';

export type { Check } from '../harness/check-api/check.js';

const checkIdPattern = /^[a-z]+(-[a-z]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)+$/;

/** Declares a check; throws at load time when its id is malformed, so a typo never ships. */
export function defineCheck(check: Check): Check {
  if (!checkIdPattern.test(check.id) || !check.id.startsWith(`${check.suite}.`)) {
    throw new Error(`check id "${check.id}" must look like "<suite>.<kebab-name>"`);
  }
  return Object.freeze({ ...check });
}
