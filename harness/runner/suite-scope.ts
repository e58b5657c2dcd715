// The state the checks of one suite share within a run (see SuiteScope in check-context.ts), and the
// record tracker checks and suites both use.
import type { Fixtures, SuiteScope } from './check-context.js';

export interface SuiteScopeHandle {
  readonly scope: SuiteScope;
  /** Member paths still to delete when the suite's last check has run, in creation order. */
  readonly tracked: string[];
}

export function createSuiteScope(): SuiteScopeHandle {
  const values = new Map<string, unknown>();
  const tracked: string[] = [];
  const scope: SuiteScope = {
    get: <T>(key: string) => values.get(key) as T | undefined,
    set: (key, value) => void values.set(key, value),
    fixtures: createTracker(tracked),
  };
  return { scope, tracked };
}

/** Tracks member paths in `tracked`, in creation order. */
export function createTracker(tracked: string[]): Fixtures {
  return {
    track: (memberPath) => void tracked.push(memberPath),
    untrack: (memberPath) => {
      const index = tracked.lastIndexOf(memberPath);
      if (index >= 0) tracked.splice(index, 1);
    },
  };
}
