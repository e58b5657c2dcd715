// Work on the lists the suite's checks share (opening them, topping up their records) that must not
// interleave when checks run side by side: each piece runs after the one before it has settled.
import type { SuiteScope } from '../../../harness/check-api/check-context.js';

/** Runs `work` once every earlier piece queued under `key` in this suite has settled. */
export function oneAtATime<T>(scope: SuiteScope, key: string, work: () => Promise<T>): Promise<T> {
  const before = scope.get<Promise<void>>(key) ?? Promise.resolve();
  const run = before.then(work);
  scope.set(
    key,
    run.then(
      () => undefined,
      () => undefined,
    ),
  );
  return run;
}
