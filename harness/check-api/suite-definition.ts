// A suite: its checks and whether a config can drive it.
import type { ApicertConfig } from './check-context.js';
import type { SuiteName } from '../model/run-result.js';
import type { Check } from './check.js';

export interface SuiteDefinition {
  readonly name: SuiteName;
  readonly checks: readonly Check[];
  /**
   * Suites this one may run at the same time as, because neither reads or writes what the other
   * does, in order of preference: it runs alongside the first of them that runs, and the run then
   * takes the longer of the two, not their sum.
   */
  readonly runsAlongside?: readonly SuiteName[];
  /**
   * How many of this suite's checks may run at once, when each works only on records of its own and
   * judges nothing another check's writes could change; absent: one at a time.
   */
  readonly checksSideBySide?: number;
  /**
   * Ids of checks that run by themselves even when checksSideBySide allows more at once: they write
   * where the others read. A run of the other checks between two of them runs side by side.
   */
  readonly checksAlone?: readonly string[];
  /**
   * The suite judges what the other suites' checks did (the answers they received): it starts once
   * every other suite has finished, side lanes included.
   */
  readonly runsAfterAllOthers?: boolean;
  /** Why this config cannot drive the suite, or undefined when it can. */
  whyNotRunnable(config: ApicertConfig): string | undefined;
}
