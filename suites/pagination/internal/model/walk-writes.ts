// The writes a walk sequence of pagination.model-consistency makes between pages: a create, and a
// delete, a PUT, a PATCH or a child's create of one of the kit's records on the list, chosen from
// what the walk paged last has listed (a record it listed, one it has not, its anchor). A record
// another sequence claimed is never hit. Says what it did, whether the write was made, why a list
// can never make one, and how to find its exchange for the failure's evidence.
import type { CheckContext } from '../../../../harness/check-api/check-context.js';
import { isOffered } from '../../../internal/operations-offered.js';
import type { FetchedPage } from '../page-walker.js';
import type { ModelListState } from './run-walk-sequence.js';
import type { WriteKind } from './walk-sequences.js';

/** A write as carried out: its step, whether it changed the list, and how to find its exchange. */
export interface WriteDone {
  readonly text: string;
  /** Answered 2xx: a write of this kind was made (coverage claims only these). */
  readonly made: boolean;
  /** Why the list can never make a write of this kind. */
  readonly impossible?: string;
  readonly method?: string;
  readonly at?: (path: string) => boolean;
}

/**
 * Carries out one write on the kit's records of the list: which record it hits is decided from what
 * the walk paged last (`current`) has listed; a step without a record to hit, or a write the list
 * does not offer, says so and sends nothing.
 */
export async function carryOut(
  ctx: CheckContext,
  state: ModelListState,
  kind: WriteKind,
  pick: number,
  listedPages: readonly FetchedPage[],
  me: symbol,
): Promise<WriteDone> {
  const { list, doomed, claims } = state;
  const live = (id: string): boolean => list.ownIds.has(id) && !doomed.has(id) && (claims.get(id) ?? me) === me;
  if (kind === 'insert') {
    const made = await list.createFixtures(1);
    if (made.ok) for (const id of made.ids) claims.set(id, me);
    const text = made.ok ? `POST ${list.path} → ${made.ids[0] ?? '?'}` : `POST ${list.path} refused`;
    return { text, made: made.ok, method: 'POST', at: (path) => path === list.path };
  }
  const listed = new Set(listedPages.flatMap((fetched) => (fetched.page.ok ? fetched.page.ids : [])));
  const seen = [...listed].filter(live);
  const unseen = [...list.ownIds].filter((id) => live(id) && !listed.has(id));
  const lastPage = listedPages.at(-1)?.page;
  const anchor = lastPage?.ok === true ? lastPage.ids.at(-1) : undefined;
  const [verb, which] = kind.split('-') as [string, string];
  const pool =
    which === 'anchor' ? (anchor !== undefined && live(anchor) ? [anchor] : []) : which === 'seen' ? seen : unseen;
  const victim = pool.length === 0 ? undefined : pool[pick % pool.length]!;
  const whose =
    which === 'anchor'
      ? 'the anchor'
      : which === 'seen'
        ? 'a record the walk listed'
        : 'a record the walk has not listed';
  if (victim === undefined) return { text: `${verb} ${whose}: none to hit`, made: false };
  claims.set(victim, me);
  const owner = list.target.related ?? list.target.collection;
  const member = list.memberPathOf(victim);
  const atMember = (path: string): boolean => path === member;
  switch (verb) {
    case 'delete': {
      doomed.add(victim);
      const isGone = await list.deleteFixture(victim);
      return {
        text: `DELETE ${member ?? victim} (${whose}) → ${isGone ? 'deleted' : 'refused'}`,
        made: isGone,
        method: 'DELETE',
        at: atMember,
      };
    }
    case 'replace': {
      if (!isOffered(owner, 'replace'))
        return { text: `replace ${whose}: not offered`, made: false, impossible: 'PUT is not offered' };
      const isReplaced = await list.replaceFixture(victim);
      return {
        text: `PUT ${member ?? victim} (${whose}) → ${isReplaced ? 'replaced' : 'refused'}`,
        made: isReplaced,
        method: 'PUT',
        at: atMember,
      };
    }
    case 'change': {
      const change = await list.changeFixture(victim);
      if (change === 'none')
        return {
          text: `change ${whose}: the list offers no PATCH the kit can send`,
          made: false,
          impossible: 'the list offers no PATCH the kit can send (a nested list has no patch body in the config)',
        };
      return {
        text: `PATCH ${member ?? victim} (${whose}) → ${change ? 'changed' : 'refused'}`,
        made: change,
        method: 'PATCH',
        at: atMember,
      };
    }
    default: {
      const child = await list.createChild(victim);
      if (child === 'none')
        return {
          text: `create a child under ${whose}: the list has no related list to create in`,
          made: false,
          impossible: 'the collection has no related list that offers create',
        };
      const under = `/${encodeURIComponent(victim)}/`;
      return {
        text: `POST a child under ${member ?? victim} (${whose}) → ${child ? 'made' : 'refused'}`,
        made: child,
        method: 'POST',
        at: (path) => path.includes(under),
      };
    }
  }
}
