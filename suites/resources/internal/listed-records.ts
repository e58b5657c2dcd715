// A list with at least a few of the kit's own records in it: a collection's own list, or a related
// list under a parent the kit creates. The records are deleted when the check ends.
import type { CheckContext, CheckOutcome } from '../../../harness/check-api/check-context.js';
import { createChild, nestedPath } from '../../internal/fixtures/create-child.js';
import { createRecord } from '../../internal/fixtures/create-record.js';
import type { ListTarget, PaginationStyle } from '../../internal/surface-inventory.js';

export interface ListUnderTest {
  /** The list as configured, e.g. "/customers/{id}/orders". */
  readonly label: string;
  /** The concrete path to GET. */
  readonly path: string;
  readonly styles: readonly PaginationStyle[];
}

/** Creates `count` records in the list (a parent first, for a related list). */
export async function ensureListed(
  ctx: CheckContext,
  target: ListTarget,
  count: number,
): Promise<
  { readonly ok: true; readonly list: ListUnderTest } | { readonly ok: false; readonly outcome: CheckOutcome }
> {
  const { collection, related } = target;
  let path = collection.path;
  let parentId: string | number | undefined;
  if (related !== undefined) {
    const parent = await createRecord(ctx, collection);
    if (!parent.ok) return parent;
    parentId = parent.id;
    path = nestedPath(related, parent.id);
  }
  for (let made = 0; made < count; made += 1) {
    const created =
      related === undefined || parentId === undefined
        ? await createRecord(ctx, collection)
        : await createChild(ctx, collection, related, parentId);
    if (!created.ok) return created;
  }
  return { ok: true, list: { label: target.label, path, styles: target.styles } };
}
