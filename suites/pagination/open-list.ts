// Makes a configured list ready to judge: creates the parent of a nested list, and the fixture
// records the check walks over, a few at a time, tracked so the runner deletes what is left.
import type { CheckContext, CheckOutcome, CollectionConfig } from '../../harness/runner/check-context.js';
import { createRecord, type CreatedRecord } from '../fixtures/create-record.js';
import { fillPlaceholders, listFixtureNames } from '../fixtures/fill-placeholders.js';
import type { ListTarget } from './list-targets.js';
import { RequestBudget } from './request-budget.js';

/** A list ready to be judged: its concrete path, its budget and the records the kit made on it. */
export interface OpenList {
  readonly target: ListTarget;
  /** The concrete path, e.g. "/customers/cus_1/orders". */
  readonly path: string;
  readonly idField: string;
  readonly budget: RequestBudget;
  /** Ids (as strings) of the fixtures created on this list and not deleted since. */
  readonly ownIds: ReadonlySet<string>;
  /** Creates `count` fixture records; the ids come back in creation order. */
  createFixtures(count: number): Promise<FixtureBatch>;
  /** Deletes one of this list's fixtures; false when the target refused. */
  deleteFixture(id: string): Promise<boolean>;
  /** Deletes every record this list created (fixtures first, then their parents) and forgets them. */
  cleanUp(): Promise<void>;
}

export type FixtureBatch = { readonly ok: true; readonly ids: readonly string[] } | { readonly ok: false; readonly outcome: CheckOutcome };

// Creating and deleting one by one is the slow part of the suite; a few requests in flight at once
// keep it fast without flooding the target.
const concurrency = 4;

/** Opens `target`: creates its parent (nested lists) and the records its sample needs first. */
export async function openList(ctx: CheckContext, target: ListTarget): Promise<{ ok: true; list: OpenList } | { ok: false; outcome: CheckOutcome }> {
  const support: CreatedRecord[] = [];
  let path = target.label;
  let postPath = target.label;
  let memberPrefix = target.label;
  let collection: CollectionConfig = target.collection;
  let parentId: string | number | undefined;

  if (target.related !== undefined) {
    const parent = await createRecord(ctx, target.collection);
    if (!parent.ok) return parent;
    support.push(parent);
    parentId = parent.id;
    const related = target.related;
    const parentSegment = encodeURIComponent(String(parent.id));
    path = related.path.replace('{id}', parentSegment);
    postPath = related.createPath === 'nested' ? path : related.createPath;
    memberPrefix = related.memberPath.replace('{id}', parentSegment).replace(/\/\{childId\}$/, '');
    collection = { ...target.collection, name: related.name, path: postPath, idField: related.idField, sample: related.sample, related: [] };
  }

  // Records a sample refers to ({fixture:NAME}) are made once per list, not once per fixture.
  const dependencies: Record<string, string | number> = {};
  for (const name of listFixtureNames(collection.sample)) {
    const dependency = ctx.config.collections.find((c) => c.name === name);
    if (dependency === undefined) return { ok: false, outcome: ctx.skip(`the sample of ${collection.name} needs {fixture:${name}}, which is not a configured collection`) };
    const made = await createRecord(ctx, dependency);
    if (!made.ok) return made;
    support.push(made);
    dependencies[name] = made.id;
  }
  // "{unique}" stays a placeholder here, so createRecord still gives every fixture its own token.
  const body = fillPlaceholders(collection.sample, { unique: '{unique}', fixtures: dependencies });

  const memberPaths = new Map<string, string>();
  const ownIds = new Set<string>();
  const budget = new RequestBudget(ctx.config.budgets.requestsPerList, path);

  const list: OpenList = {
    target,
    path,
    idField: target.idField,
    budget,
    ownIds,
    async createFixtures(count) {
      const ids: string[] = [];
      for (let start = 0; start < count; start += concurrency) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(concurrency, count - start) }, () =>
            createRecord(ctx, collection, { postPath, memberPrefix, body, ...(parentId !== undefined ? { parentId } : {}) }),
          ),
        );
        for (const made of batch) {
          if (!made.ok) return made;
          const id = String(made.id);
          memberPaths.set(id, made.memberPath);
          ownIds.add(id);
          ids.push(id);
        }
      }
      return { ok: true, ids };
    },
    async deleteFixture(id) {
      const memberPath = memberPaths.get(id);
      if (memberPath === undefined) return false;
      const answer = await ctx.request({ method: 'DELETE', path: memberPath, note: 'delete a fixture record' });
      if (answer.status < 200 || answer.status > 299) return false;
      forget(id, memberPath);
      return true;
    },
    async cleanUp() {
      const remaining = [...memberPaths];
      for (let start = 0; start < remaining.length; start += concurrency) {
        await Promise.all(remaining.slice(start, start + concurrency).map(([id, memberPath]) => deleteQuietly(ctx, memberPath, () => forget(id, memberPath))));
      }
      // Parents and referenced records last, so no child is left pointing at nothing.
      for (const record of [...support].reverse()) await deleteQuietly(ctx, record.memberPath, () => ctx.fixtures.untrack(record.memberPath));
    },
  };

  function forget(id: string, memberPath: string): void {
    memberPaths.delete(id);
    ownIds.delete(id);
    ctx.fixtures.untrack(memberPath);
  }

  return { ok: true, list };
}

// A record that will not go stays tracked: the runner tries again and reports it as a warning.
async function deleteQuietly(ctx: CheckContext, memberPath: string, onGone: () => void): Promise<void> {
  try {
    const answer = await ctx.request({ method: 'DELETE', path: memberPath, note: 'clean-up of a fixture record' });
    if ((answer.status >= 200 && answer.status <= 299) || answer.status === 404) onGone();
  } catch {
    // Time-out or a closed connection: the record stays tracked for the runner's own clean-up.
  }
}
