// Every list the config names: each collection's own list and each related (nested) list, with the
// pagination styles it supports. Convention 4.2/7: every check runs on every one of them. Pure.
import type { ApicertConfig, CollectionConfig, RelatedCollectionConfig } from '../../../harness/check-api/check-context.js';

/** limit/offset, page/per_page or after (convention 4.2), as the config names them. */
export type PaginationStyle = CollectionConfig['pagination']['styles'][number];

/** One configured list. */
export interface ListTarget {
  /** The path as configured, e.g. "/customers" or "/customers/{id}/orders". */
  readonly label: string;
  readonly collection: CollectionConfig;
  /** Set for a nested list: its records are children of one `collection` record. */
  readonly related?: RelatedCollectionConfig;
  readonly idField: string;
  readonly styles: readonly PaginationStyle[];
}

/** Every list of the config: each collection, then its related lists. */
export function listTargets(config: Pick<ApicertConfig, 'collections'>): ListTarget[] {
  return config.collections.flatMap((collection) => [
    { label: collection.path, collection, idField: collection.idField, styles: collection.pagination.styles },
    ...collection.related.map((related) => ({
      label: related.path,
      collection,
      related,
      idField: related.idField,
      styles: related.pagination.styles,
    })),
  ]);
}

/** The styles of `wanted` that the list supports, in `wanted` order. */
export function stylesToJudge(target: ListTarget, wanted: readonly PaginationStyle[]): PaginationStyle[] {
  return wanted.filter((style) => target.styles.includes(style));
}
