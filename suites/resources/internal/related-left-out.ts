// The related lists a check of collections does not judge, named in its result's coverage so a pass
// never claims them.
import type { CheckContext } from '../../../harness/check-api/check-context.js';

/** Records each related list of the config as left out of this check, with why. */
export function leaveOutRelated(ctx: CheckContext, why: string): void {
  for (const collection of ctx.config.collections) {
    for (const related of collection.related) ctx.leaveOut(related.path, why);
  }
}
