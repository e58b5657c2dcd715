// Tracks the member paths of records to delete later, in creation order (see Fixtures).
import type { Fixtures } from '../check-api/check-context.js';

/** Tracks member paths in `tracked`: pushed on track, the latest equal one removed on untrack. */
export function createTracker(tracked: string[]): Fixtures {
  return {
    track: (memberPath) => void tracked.push(memberPath),
    untrack: (memberPath) => {
      const index = tracked.lastIndexOf(memberPath);
      if (index >= 0) tracked.splice(index, 1);
    },
  };
}
