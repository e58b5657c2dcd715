// Which operations of convention 4.1 a collection offers. The convention gives the pattern, not
// that every collection offers every method ("concrete collections ... not shown"), so the config
// may declare them (collections[].operations, related[].operations). Declared: an operation left
// out is never sent, and a 405 to one listed is a finding like any wrong status. Not declared:
// every operation is tried, and a 405 (Method Not Allowed, RFC 9110 15.5.6: the resource does not
// support the method) is taken as "not offered": left out, with advice naming the key.
import type { CheckContext, CollectionConfig } from '../../harness/check-api/check-context.js';

export type OfferedOperation = NonNullable<CollectionConfig['operations']>[number];

/** A collection or related collection, as far as its operations go. */
export interface OperationsOwner {
  readonly name: string;
  readonly operations?: readonly OfferedOperation[];
}

/** The config key that declares `owner`'s operations, with the owner's name: `"pets" (collections[].operations)`. */
export function operationsKey(owner: OperationsOwner, parent?: OperationsOwner): string {
  return parent === undefined
    ? `"${owner.name}" (collections[].operations)`
    : `"${parent.name}"'s "${owner.name}" (collections[].related[].operations)`;
}

/** False only when the config declares the operations and leaves this one out. */
export function isOffered(owner: OperationsOwner, operation: OfferedOperation): boolean {
  return owner.operations === undefined || owner.operations.includes(operation);
}

/** Why an operation is not judged on `owner`: the config declares it not offered. */
export function declaredNotOffered(owner: OperationsOwner, operation: OfferedOperation, parent?: OperationsOwner) {
  return `the operations declared for ${operationsKey(owner, parent)} leave out ${operation}`;
}

/**
 * True when `status` says the operation is not offered and the config did not declare it: the
 * operation (`label`, e.g. "PUT /pets/{id}") is then left out of the check's coverage, with advice.
 */
export function isUndeclaredNotOffered(
  ctx: Pick<CheckContext, 'leaveOut' | 'advise'>,
  owner: OperationsOwner,
  operation: OfferedOperation,
  label: string,
  status: number,
  parent?: OperationsOwner,
): boolean {
  if (status !== 405 || owner.operations !== undefined) return false;
  ctx.leaveOut(label, `answered 405 (Method Not Allowed): taken as not offered`);
  ctx.advise(
    `${label} answered 405 (Method Not Allowed), so it was taken as not offered and not judged; ` +
      `declare the operations of ${operationsKey(owner, parent)} without "${operation}", ` +
      `or, if it should offer ${operation}, the 405 is the defect (list it there and the check fails on it)`,
  );
  return true;
}

/** The collections that offer `operation`; each other one is left out of the check, labelled by `label`. */
export function collectionsOffering(
  ctx: Pick<CheckContext, 'config' | 'leaveOut'>,
  operation: OfferedOperation,
  label: (collection: CollectionConfig) => string,
): CollectionConfig[] {
  return ctx.config.collections.filter((collection) => {
    if (isOffered(collection, operation)) return true;
    ctx.leaveOut(label(collection), declaredNotOffered(collection, operation));
    return false;
  });
}

/** Why no collection is judged on `operation`: each one's declaration, named. */
export function noCollectionOffers(ctx: Pick<CheckContext, 'config'>, operation: OfferedOperation): string {
  const names = ctx.config.collections.map((collection) => `"${collection.name}"`).join(', ');
  return `the operations declared for ${names} (collections[].operations) leave out ${operation}`;
}
