// Everything a rule of the convention can apply to, enumerated once from the config: every list
// (each collection's and each related list, with the pagination styles it supports) and every
// operation of convention 4.1 on every collection, member, related list and child, plus the
// webhook registration when one is configured. A check of a universal rule ("each request carries
// its own credential", 5/1) runs on all of it, or says what it left out. Pure.
import { isOffered, type OfferedOperation } from './operations-offered.js';
import type {
  ApicertConfig,
  CollectionConfig,
  RelatedCollectionConfig,
} from '../../harness/check-api/check-context.js';

/** limit/offset, page/per_page or after (convention 4.2), as the config names them. */
export type PaginationStyle = NonNullable<CollectionConfig['pagination']['styles']>[number];

/** The convention's styles (4.2), in the order the kit judges them. */
export const allStyles: readonly PaginationStyle[] = ['offset', 'page', 'cursor'];

/** One configured list. */
export interface ListTarget {
  /** The path as configured, e.g. "/customers" or "/customers/{id}/orders". */
  readonly label: string;
  readonly collection: CollectionConfig;
  /** Set for a nested list: its records are children of one `collection` record. */
  readonly related?: RelatedCollectionConfig;
  readonly idField: string;
  /** The styles the config pins, or, unpinned, every style (the pagination suite finds which are offered). */
  readonly styles: readonly PaginationStyle[];
  /** True when the config lists the styles (collections[].pagination.styles). */
  readonly stylesPinned: boolean;
}

/** The verbs of convention 4.1, and the registration of a webhook subscription (4.3). */
export type OperationVerb = 'list' | 'create' | 'read' | 'replace' | 'change' | 'delete' | 'register';

export type OperationMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One operation the target serves, by its configured path template. */
export interface SurfaceOperation {
  readonly verb: OperationVerb;
  readonly method: OperationMethod;
  /** As configured: "/customers", "/customers/{id}", "/customers/{id}/orders", "/orders/{childId}". */
  readonly pathTemplate: string;
  /** "PUT /customers/{id}": how reports name it. */
  readonly label: string;
  /** The list whose record it acts on; absent for the webhook registration. */
  readonly list?: ListTarget;
}

export interface SurfaceInventory {
  readonly lists: readonly ListTarget[];
  readonly operations: readonly SurfaceOperation[];
}

/** Every list of the config: each collection, then its related lists. */
export function listTargets(config: Pick<ApicertConfig, 'collections'>): ListTarget[] {
  return config.collections.flatMap((collection) => [
    {
      label: collection.path,
      collection,
      idField: collection.idField,
      styles: collection.pagination.styles ?? allStyles,
      stylesPinned: collection.pagination.styles !== undefined,
    },
    ...collection.related.map((related) => ({
      label: related.path,
      collection,
      related,
      idField: related.idField,
      styles: related.pagination.styles ?? allStyles,
      stylesPinned: related.pagination.styles !== undefined,
    })),
  ]);
}

/** The whole surface the config names, lists first, operations in a safe order per list (reads before writes, delete last). */
export function surfaceInventory(config: Pick<ApicertConfig, 'collections' | 'webhooks'>): SurfaceInventory {
  const lists = listTargets(config);
  const operations = lists.flatMap((list) => operationsOf(list));
  const register = config.webhooks.sender?.register;
  if (register !== undefined) {
    const method = register.method as OperationMethod;
    operations.push({ verb: 'register', method, pathTemplate: register.path, label: `${method} ${register.path}` });
  }
  return { lists, operations };
}

function operationsOf(list: ListTarget): SurfaceOperation[] {
  const { related } = list;
  const collectionPath = list.label;
  const createPath = related === undefined || related.createPath === 'nested' ? collectionPath : related.createPath;
  const memberPath = related === undefined ? `${collectionPath}/{id}` : related.memberPath;
  const make = (verb: OperationVerb, method: OperationMethod, pathTemplate: string): SurfaceOperation => ({
    verb,
    method,
    pathTemplate,
    label: `${method} ${pathTemplate}`,
    list,
  });
  // An operation the config declares not offered is not part of the surface (operations-offered.ts).
  return [
    make('list', 'GET', collectionPath),
    make('read', 'GET', memberPath),
    make('create', 'POST', createPath),
    make('replace', 'PUT', memberPath),
    make('change', 'PATCH', memberPath),
    make('delete', 'DELETE', memberPath),
  ].filter((operation) => isOffered(related ?? list.collection, operation.verb as OfferedOperation));
}
