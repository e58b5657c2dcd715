// Makes a configured list ready to judge. The records the kit puts on a list (its fixtures, and the
// parent of a nested list) are shared by the suite's checks: each check tops the list up to what it
// needs instead of making and deleting its own, and the runner deletes them after the suite.
import type {
  CheckContext,
  CheckOutcome,
  CollectionConfig,
  RelatedCollectionConfig,
} from '../../../harness/check-api/check-context.js';
import { patchBodyOf } from '../../internal/fixtures/write-bodies.js';
import { isSuccess } from '../../internal/answer-shape.js';
import { createRecord } from '../../internal/fixtures/create-record.js';
import { fillPlaceholders, listFixtureNames } from '../../../harness/model/fill-placeholders.js';
import { listTargets, type ListTarget } from './list-targets.js';
import { nestedListsListedIn } from './lists-share-records.js';
import { isOffered } from '../../internal/operations-offered.js';
import { RequestBudget } from './request-budget.js';
import { uniqueToken } from '../../internal/fixtures/unique-token.js';

/** A list ready to be judged by one check: its concrete path, the check's budget and the kit's records on it. */
export interface OpenList {
  readonly target: ListTarget;
  /** The concrete path, e.g. "/customers/cus_1/orders". */
  readonly path: string;
  readonly idField: string;
  readonly budget: RequestBudget;
  /** Ids (as strings) of the kit's records on this list, made by this check or an earlier one of the suite. */
  readonly ownIds: ReadonlySet<string>;
  /** The member path of one of the kit's records on this list, while it is one. */
  memberPathOf(id: string): string | undefined;
  /** Tops the kit's records on this list up to at least `count`; the ids made now come back. */
  ensureFixtures(count: number): Promise<FixtureBatch>;
  /** Creates `count` more records (an insert during a walk); the ids come back in creation order. */
  createFixtures(count: number): Promise<FixtureBatch>;
  /**
   * Deletes one of the kit's records on this list: true when it is gone (2xx, or 404: already),
   * false when the target refused. Either way the record is no longer one of `ownIds`.
   */
  deleteFixture(id: string): Promise<boolean>;
  /**
   * Replaces one of the kit's records on this list (PUT of the list's sample, fresh {unique}
   * values): true when answered 2xx. The record stays one of `ownIds` either way: a refused PUT
   * changes nothing.
   */
  replaceFixture(id: string): Promise<boolean>;
  /**
   * Changes one of the kit's records on this list (PATCH of the collection's patch body, fresh
   * {unique} values): true when answered 2xx, false when refused; 'none' when the list offers no
   * PATCH the kit can send (a nested list, whose config gives no body) or the record is not the kit's.
   */
  changeFixture(id: string): Promise<boolean | 'none'>;
  /**
   * Creates a record under one of the kit's records, in the first related list of its collection
   * that offers create: true when made (kept for the suite), false when refused; 'none' when there
   * is no such list or the record is not the kit's.
   */
  createChild(id: string): Promise<boolean | 'none'>;
}

export type FixtureBatch =
  { readonly ok: true; readonly ids: readonly string[] } | { readonly ok: false; readonly outcome: CheckOutcome };

/** What the suite's checks share about one list. */
interface ListFixtures {
  readonly path: string;
  readonly postPath: string;
  readonly memberPrefix: string;
  readonly collection: CollectionConfig;
  readonly parentId: string | number | undefined;
  /** The sample with its {fixture:NAME} records filled in; "{unique}" is filled per record. */
  readonly body: Readonly<Record<string, unknown>>;
  /** Member path of each of the kit's records on the list, by id. */
  readonly memberPaths: Map<string, string>;
  /** Each record's id as the target answered it (a number stays one, for a child's {parentId}). */
  readonly answeredIds: Map<string, string | number>;
  readonly ownIds: Set<string>;
}

/** Opens `target` for one check, preparing it (parent, referenced records) when no earlier check did. */
export async function openList(
  ctx: CheckContext,
  target: ListTarget,
): Promise<{ ok: true; list: OpenList } | { ok: false; outcome: CheckOutcome }> {
  const key = `pagination.list ${target.label}`;
  let shared = ctx.suiteScope.get<ListFixtures>(key);
  if (shared === undefined) {
    const prepared = await prepareList(ctx, target);
    if (!prepared.ok) return prepared;
    shared = prepared.list;
    ctx.suiteScope.set(key, shared);
  }
  const state: ListFixtures = shared;
  const { memberPaths, answeredIds, ownIds } = state;

  const createFixtures = async (count: number): Promise<FixtureBatch> => {
    const ids: string[] = [];
    // Creating one by one is the slow part of the suite: as many at once as the run allows.
    const concurrency = Math.max(1, ctx.config.target.concurrency);
    for (let start = 0; start < count; start += concurrency) {
      const batch = await Promise.allSettled(
        Array.from({ length: Math.min(concurrency, count - start) }, () =>
          createRecord(ctx, state.collection, {
            postPath: state.postPath,
            memberPrefix: state.memberPrefix,
            body: state.body,
            lifetime: 'suite',
            ...(state.parentId !== undefined ? { parentId: state.parentId } : {}),
          }),
        ),
      );
      // Every record the batch made joins the list's records before a failure is reported, so
      // later checks judge all of the kit's records, not all but the last batch's.
      let failure: FixtureBatch | undefined;
      let thrown: { readonly error: unknown } | undefined;
      for (const settled of batch) {
        if (settled.status === 'rejected') thrown ??= { error: settled.reason };
        else if (!settled.value.ok) failure ??= settled.value;
        else {
          const id = String(settled.value.id);
          memberPaths.set(id, settled.value.memberPath);
          answeredIds.set(id, settled.value.id);
          ownIds.add(id);
          ids.push(id);
        }
      }
      if (thrown !== undefined) throw thrown.error;
      if (failure !== undefined) return failure;
    }
    return { ok: true, ids };
  };

  // A PATCH or a child's create of a record the list does not hold as the kit's is not sent.
  const memberOf = (id: string, operation: 'change' | 'replace'): string | undefined => {
    const memberPath = memberPaths.get(id);
    return memberPath !== undefined && isOffered(target.related ?? target.collection, operation)
      ? memberPath
      : undefined;
  };
  const childList =
    target.related === undefined ? target.collection.related.find((r) => isOffered(r, 'create')) : undefined;

  // A PUT or PATCH of `template` with fresh {unique} values: true when answered 2xx.
  const writeFixture = async (
    method: 'PUT' | 'PATCH',
    path: string,
    template: Readonly<Record<string, unknown>>,
    note: string,
  ): Promise<boolean> => {
    const json = fillPlaceholders(template, { unique: uniqueToken(ctx), fixtures: {} });
    return isSuccess((await ctx.request({ method, path, json, note })).status);
  };

  const list: OpenList = {
    target,
    path: state.path,
    idField: target.idField,
    budget: new RequestBudget(ctx.config.budgets.requestsPerList, state.path),
    ownIds,
    memberPathOf: (id) => memberPaths.get(id),
    ensureFixtures: (count) => createFixtures(Math.max(0, count - ownIds.size)),
    createFixtures,
    async deleteFixture(id) {
      const memberPath = memberPaths.get(id);
      // A list whose records cannot be deleted (declared) keeps them: a walk then writes by creating only.
      if (memberPath === undefined || !isOffered(target.related ?? target.collection, 'delete')) return false;
      const answer = await ctx.request({ method: 'DELETE', path: memberPath, note: 'delete a fixture record' });
      const isGone = isSuccess(answer.status) || answer.status === 404;
      // Refused, the record is in an unknown state: no later check judges it, and it stays
      // tracked, so the runner tries the delete again after the suite.
      memberPaths.delete(id);
      ownIds.delete(id);
      if (isGone) ctx.suiteScope.fixtures.untrack(memberPath);
      return isGone;
    },
    async replaceFixture(id) {
      const memberPath = memberOf(id, 'replace');
      return (
        memberPath !== undefined && (await writeFixture('PUT', memberPath, state.body, 'replace a fixture record'))
      );
    },
    async changeFixture(id) {
      const memberPath = memberOf(id, 'change');
      const patch = target.related === undefined ? patchBodyOf(target.collection) : undefined;
      if (memberPath === undefined || patch === undefined || listFixtureNames(patch).length > 0) return 'none';
      return writeFixture('PATCH', memberPath, patch, 'change a fixture record');
    },
    async createChild(id) {
      if (childList === undefined || !ownIds.has(id)) return 'none';
      const parentId = answeredIds.get(id) ?? id;
      const places = relatedListUnder(target.collection, childList, parentId);
      const made = await createRecord(ctx, places.collection, {
        postPath: places.postPath,
        memberPrefix: places.memberPrefix,
        parentId,
        parentCollection: target.collection,
        lifetime: 'suite',
      });
      return made.ok;
    },
  };
  return { ok: true, list };
}

/**
 * Ids of the kit's records on the other lists whose records live under the same member path as the
 * nested list `list` (the top-level list of its collection, say): children of other parents, which
 * convention 2/3 keeps off this list. Empty for a top-level list, or before any other list was opened.
 */
export function kitIdsOfOtherParents(ctx: CheckContext, list: OpenList): ReadonlySet<string> {
  const ids = new Set<string>();
  if (list.target.related === undefined) return ids;
  const own = ctx.suiteScope.get<ListFixtures>(`pagination.list ${list.target.label}`);
  if (own === undefined) return ids;
  for (const target of listTargets(ctx.config)) {
    const other =
      target.label === list.target.label
        ? undefined
        : ctx.suiteScope.get<ListFixtures>(`pagination.list ${target.label}`);
    if (other?.memberPrefix === own.memberPrefix) for (const id of other.ownIds) ids.add(id);
  }
  return ids;
}

/**
 * How many of the kit's records `list` shows beyond its own, as the config describes them: those of
 * the nested lists whose records it lists too (/orders shows /customers/{id}/orders'). Read after
 * those lists were topped up (judgeEachList's topUp takes them in turn), it is the same each run.
 */
export function kitRecordsOfNestedLists(ctx: CheckContext, list: OpenList): number {
  let count = 0;
  for (const target of nestedListsListedIn(list.target, listTargets(ctx.config))) {
    count += ctx.suiteScope.get<ListFixtures>(`pagination.list ${target.label}`)?.ownIds.size ?? 0;
  }
  return count;
}

/** The kit's records `list` shows, as the config describes them: its own, and those of kitRecordsOfNestedLists. */
export function kitRecordsShownOn(ctx: CheckContext, list: OpenList): number {
  return list.ownIds.size + kitRecordsOfNestedLists(ctx, list);
}

/** Where the records of `related` under the record `parentId` of `parent` are listed, created and read. */
function relatedListUnder(
  parent: CollectionConfig,
  related: RelatedCollectionConfig,
  parentId: string | number,
): { path: string; postPath: string; memberPrefix: string; collection: CollectionConfig } {
  const parentSegment = encodeURIComponent(String(parentId));
  const path = related.path.replace('{id}', parentSegment);
  const postPath = related.createPath === 'nested' ? path : related.createPath;
  return {
    path,
    postPath,
    memberPrefix: related.memberPath.replace('{id}', parentSegment).replace(/\/\{childId\}$/, ''),
    collection: {
      ...parent,
      name: related.name,
      path: postPath,
      idField: related.idField,
      sample: related.sample,
      related: [],
    },
  };
}

/** Creates the parent of a nested list and the records its sample refers to, kept for the suite. */
async function prepareList(
  ctx: CheckContext,
  target: ListTarget,
): Promise<{ ok: true; list: ListFixtures } | { ok: false; outcome: CheckOutcome }> {
  let path = target.label;
  let postPath = target.label;
  let memberPrefix = target.label;
  let collection: CollectionConfig = target.collection;
  let parentId: string | number | undefined;

  if (target.related !== undefined) {
    const parent = await createRecord(ctx, target.collection, { lifetime: 'suite' });
    if (!parent.ok) return parent;
    parentId = parent.id;
    ({ path, postPath, memberPrefix, collection } = relatedListUnder(target.collection, target.related, parent.id));
  }

  // Records a sample refers to ({fixture:NAME}) are made once per list, not once per fixture.
  const dependencies: Record<string, string | number> = {};
  for (const name of listFixtureNames(collection.sample)) {
    const dependency = ctx.config.collections.find((c) => c.name === name);
    if (dependency === undefined)
      return {
        ok: false,
        outcome: ctx.skip(
          `the sample of ${collection.name} needs {fixture:${name}}, which is not a configured collection`,
        ),
      };
    const made = await createRecord(ctx, dependency, { lifetime: 'suite' });
    if (!made.ok) return made;
    dependencies[name] = made.id;
  }
  // "{unique}" stays a placeholder here, so createRecord still gives every fixture its own token.
  const body = fillPlaceholders(collection.sample, { unique: '{unique}', fixtures: dependencies });
  return {
    ok: true,
    list: {
      path,
      postPath,
      memberPrefix,
      collection,
      parentId,
      body,
      memberPaths: new Map(),
      answeredIds: new Map(),
      ownIds: new Set(),
    },
  };
}
