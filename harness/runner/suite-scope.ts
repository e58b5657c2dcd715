// The state the checks of one suite share within a run (see SuiteScope in harness/check-api/check-context.ts).
import type { SuiteScope } from '../check-api/check-context.js';
import { createTracker } from './record-tracker.js';

export interface SuiteScopeHandle {
  readonly scope: SuiteScope;
  /** Member paths still to delete when the suite's last check has run, in creation order. */
  readonly tracked: string[];
}

export function createSuiteScope(): SuiteScopeHandle {
  const values = new Map<string, unknown>();
  const tracked: string[] = [];
  const scope: SuiteScope = {
    // Unchecked: a key belongs to one module of one suite, which stores and reads one type under it.
    get: <T>(key: string) => values.get(key) as T | undefined,
    set: (key, value) => void values.set(key, value),
    fixtures: createTracker(tracked),
  };
  return { scope, tracked };
}
