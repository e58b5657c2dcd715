// In which order, and how many at once, the kit deletes the records it made. Pure.
// Newest first is always safe: a record can only need one made before it (a parent, a
// {fixture:NAME} it refers to). Records of a collection nothing refers to can go at any time, so
// they go first, as many at once as the run allows; the rest go newest first, siblings together.
import type { ApicertConfig } from '../config/config-types.js';
import { listFixtureNames } from '../model/fill-placeholders.js';

/** True for a member path of a record no other record the kit makes can need. */
export type IsLeafRecord = (memberPath: string) => boolean;

/**
 * Reads the config: a top collection's records may be needed when it has related collections
 * (their parent) or a body names it ({fixture:NAME}); related records never are, unless they share
 * a member path with such a collection. A path the config does not describe is treated as needed.
 */
export function leafRecordsOf(config: Pick<ApicertConfig, 'collections'>): IsLeafRecord {
  const referenced = new Set<string>();
  for (const collection of config.collections) {
    if (collection.related.length > 0) referenced.add(collection.name);
    const bodies = [
      collection.sample,
      collection.replace,
      collection.patch,
      ...collection.related.map((related) => related.sample),
    ];
    for (const name of bodies.flatMap((body) => listFixtureNames(body))) referenced.add(name);
  }
  const needed: RegExp[] = [];
  const leaves: RegExp[] = [];
  for (const collection of config.collections) {
    (referenced.has(collection.name) ? needed : leaves).push(templatePattern(`${collection.path}/{id}`));
    for (const related of collection.related) leaves.push(templatePattern(related.memberPath));
  }
  return (memberPath) =>
    leaves.some((pattern) => pattern.test(memberPath)) && !needed.some((pattern) => pattern.test(memberPath));
}

/**
 * Splits member paths (newest first) into batches of at most `size` to delete one batch after
 * another: first every leaf record, then the others in the order given, each batch of one
 * collection (everything before the last segment), so no record in a batch is another's parent.
 */
export function deletionBatches(
  newestFirst: readonly string[],
  size: number,
  isLeaf: IsLeafRecord = () => false,
): string[][] {
  const leaves = newestFirst.filter((memberPath) => isLeaf(memberPath));
  const others = newestFirst.filter((memberPath) => !isLeaf(memberPath));
  const batches: string[][] = [];
  for (let start = 0; start < leaves.length; start += size) batches.push(leaves.slice(start, start + size));
  return [...batches, ...siblingBatches(others, size)];
}

/** Batches of at most `size` consecutive member paths that share a collection, in the order given. */
export function siblingBatches(memberPaths: readonly string[], size: number): string[][] {
  const batches: string[][] = [];
  for (const memberPath of memberPaths) {
    const last = batches.at(-1);
    if (last !== undefined && last.length < size && collectionOf(last[0]!) === collectionOf(memberPath))
      last.push(memberPath);
    else batches.push([memberPath]);
  }
  return batches;
}

function collectionOf(memberPath: string): string {
  return memberPath.slice(0, memberPath.lastIndexOf('/'));
}

// "/customers/{id}/orders/{childId}" matches "/customers/c1/orders/o9" and nothing longer.
function templatePattern(template: string): RegExp {
  const parts = template.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('[^/]+')}$`);
}
