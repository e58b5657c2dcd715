// The lists of the surface inventory, as the pagination checks judge them. Convention 4.2/7: every
// check runs on every one of them. Pure.
import { listTargets, type ListTarget, type PaginationStyle } from '../../internal/surface-inventory.js';

export { listTargets, type ListTarget, type PaginationStyle };

/** The styles of `wanted` that the list supports, in `wanted` order. */
export function stylesToJudge(target: ListTarget, wanted: readonly PaginationStyle[]): PaginationStyle[] {
  return wanted.filter((style) => target.styles.includes(style));
}
