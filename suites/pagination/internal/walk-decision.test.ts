import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ListPage } from './list-page.js';
import {
  decideAfterPage,
  describeWalkEnd,
  maxCursorChars,
  firstPageQuery,
  isHostileEnd,
  nextPageQuery,
  resizeQuery,
  type PageQuery,
  type WalkEnd,
  type WalkState,
} from './walk-decision.js';

function state(overrides: Partial<WalkState> = {}): WalkState {
  return {
    style: 'cursor',
    pageSize: 2,
    query: { limit: 2 },
    pagesFetched: 1,
    maxPages: 10,
    usedCursors: new Set(),
    seenIds: new Set(),
    ...overrides,
  };
}

function page(ids: string[], hasMore: boolean, cursor?: unknown): ListPage {
  return {
    ok: true,
    ids,
    hasMore,
    nextCursor: cursor === undefined ? { present: false } : { present: true, value: cursor },
  };
}

/** Drives decideAfterPage over pages a pager hands out, as the walker does; returns the end and the pages used. */
function drive(
  style: WalkState['style'],
  maxPages: number,
  pager: (query: PageQuery, index: number) => ListPage,
): { end: WalkEnd; pages: number } {
  let query = firstPageQuery(style, 2);
  const usedCursors = new Set<string>();
  const seenIds = new Set<string>();
  for (let pages = 1; pages <= maxPages + 1; pages += 1) {
    const listPage = pager(query, pages - 1);
    const decision = decideAfterPage(
      { style, pageSize: 2, query, pagesFetched: pages, maxPages, usedCursors, seenIds },
      listPage,
    );
    if (decision.kind === 'end') return { end: decision.end, pages };
    if (listPage.ok) for (const id of listPage.ids) seenIds.add(id);
    query = decision.query;
    if (typeof query.after === 'string') usedCursors.add(query.after);
  }
  throw new Error('the walk did not end within its page budget');
}

describe('firstPageQuery', () => {
  it('starts each style at its first page, 1-based for page numbers', () => {
    expect(firstPageQuery('cursor', 5)).toEqual({ limit: 5 });
    expect(firstPageQuery('offset', 5)).toEqual({ offset: 0, limit: 5 });
    expect(firstPageQuery('page', 5)).toEqual({ page: 1, per_page: 5 });
  });
});

describe('nextPageQuery', () => {
  it('continues each style from the query it follows, with the given size', () => {
    expect(nextPageQuery('offset', { offset: 10, limit: 5 }, 5, undefined)).toEqual({ offset: 15, limit: 5 });
    expect(nextPageQuery('page', { page: 3, per_page: 4 }, 4, undefined)).toEqual({ page: 4, per_page: 4 });
    expect(nextPageQuery('cursor', { limit: 2 }, 2, { present: true, value: 'c2' })).toEqual({ limit: 2, after: 'c2' });
    expect(nextPageQuery('cursor', { limit: 2 }, 2, { present: true, value: '' })).toBeUndefined();
    expect(nextPageQuery('cursor', { limit: 2 }, 2, undefined)).toBeUndefined();
  });
});

describe('decideAfterPage', () => {
  it('follows next_cursor, the next offset and the next page number', () => {
    expect(decideAfterPage(state(), page(['a', 'b'], true, 'c1'))).toEqual({
      kind: 'next',
      query: { limit: 2, after: 'c1' },
    });
    expect(decideAfterPage(state({ style: 'offset', query: { offset: 4, limit: 2 } }), page(['a', 'b'], true))).toEqual(
      {
        kind: 'next',
        query: { offset: 6, limit: 2 },
      },
    );
    expect(decideAfterPage(state({ style: 'page', query: { page: 3, per_page: 2 } }), page(['a', 'b'], true))).toEqual({
      kind: 'next',
      query: { page: 4, per_page: 2 },
    });
  });

  it.each<[string, Partial<WalkState>, ListPage, WalkEnd['kind']]>([
    ['has_more false', {}, page(['a'], false), 'complete'],
    ['a refused page', {}, { ok: false, reason: 'answered 500', notAPage: false }, 'bad-page'],
    ['has_more true on an empty page', {}, page([], true, 'c1'), 'empty-page-with-more'],
    ['has_more true with next_cursor null', {}, page(['a'], true, null), 'missing-cursor'],
    ['a cursor already followed', { usedCursors: new Set(['c1']) }, page(['a'], true, 'c1'), 'cursor-cycle'],
    ['a page of ids already seen', { seenIds: new Set(['a', 'b']) }, page(['a', 'b'], true, 'c2'), 'revisits-items'],
    ['the page budget', { pagesFetched: 10 }, page(['a'], true, 'c9'), 'page-budget'],
    [
      'a next_cursor longer than the kit follows',
      {},
      page(['a'], true, 'c'.repeat(maxCursorChars + 1)),
      'cursor-too-long',
    ],
  ])('ends on %s', (_name, overrides, listPage, kind) => {
    const decision = decideAfterPage(state(overrides), listPage);
    expect(decision.kind === 'end' && decision.end.kind).toBe(kind);
  });

  it('ends every walk within its page budget, whatever the pager answers', () => {
    const pageArb: fc.Arbitrary<ListPage> = fc.oneof(
      fc.record({
        ok: fc.constant(true as const),
        ids: fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 3 }),
        hasMore: fc.boolean(),
        nextCursor: fc.oneof(
          fc.constant({ present: false } as const),
          fc.record({ present: fc.constant(true as const), value: fc.jsonValue() }),
        ),
      }),
      fc.constant({ ok: false as const, reason: 'refused', notAPage: false }),
    );
    fc.assert(
      fc.property(
        fc.constantFrom('cursor', 'offset', 'page') as fc.Arbitrary<WalkState['style']>,
        fc.integer({ min: 1, max: 20 }),
        fc.infiniteStream(pageArb),
        (style, maxPages, pages) => {
          const iterator = pages[Symbol.iterator]();
          const { pages: used } = drive(style, maxPages, () => iterator.next().value as ListPage);
          expect(used).toBeLessThanOrEqual(maxPages);
        },
      ),
    );
  });

  it('catches a pager whose cursors come back, however many fresh ids it shows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), (cursorCount) => {
        let fresh = 0;
        const { end, pages } = drive('cursor', 200, (_query, index) =>
          page([`id${fresh++}`, `id${fresh++}`], true, `c${index % cursorCount}`),
        );
        expect(end.kind).toBe('cursor-cycle');
        expect(pages).toBeLessThanOrEqual(cursorCount + 1);
      }),
    );
  });

  it('calls only target misbehaviour hostile, and says why a walk ended', () => {
    expect(isHostileEnd({ kind: 'complete' })).toBe(false);
    expect(isHostileEnd({ kind: 'page-budget', pages: 3 })).toBe(false);
    expect(isHostileEnd({ kind: 'request-budget' })).toBe(false);
    expect(isHostileEnd({ kind: 'cursor-too-long', length: 70_000 })).toBe(false);
    expect(isHostileEnd({ kind: 'cursor-cycle', cursor: 'c' })).toBe(true);
    expect(describeWalkEnd({ kind: 'cursor-too-long', length: 70_000 })).toBe(
      'next_cursor grew to 70000 characters; the kit follows cursors of up to 65536, so the rest of the list was not walked',
    );
    expect(describeWalkEnd({ kind: 'page-budget', pages: 3 })).toContain('budgets.maxPagesPerWalk');
  });
});

describe('resizeQuery: a walk continued in another page size', () => {
  it('keeps the cursor or the offset and asks for the new size', () => {
    expect(resizeQuery('cursor', { limit: 5, after: 'c1' }, 5, 2)).toEqual({ limit: 2, after: 'c1' });
    expect(resizeQuery('offset', { offset: 10, limit: 5 }, 5, 3)).toEqual({ offset: 10, limit: 3 });
  });

  it('in the page style, names the page that starts at the same position, where the new size divides it', () => {
    // Page 3 of 5 starts at position 10: page 2 of 10, or page 6 of 2; no page of 4 starts there.
    expect(resizeQuery('page', { page: 3, per_page: 5 }, 5, 10)).toEqual({ page: 2, per_page: 10 });
    expect(resizeQuery('page', { page: 3, per_page: 5 }, 5, 2)).toEqual({ page: 6, per_page: 2 });
    expect(resizeQuery('page', { page: 3, per_page: 5 }, 5, 4)).toBeUndefined();
  });

  it('never asks for a size below 1', () => {
    expect(resizeQuery('cursor', { limit: 5, after: 'c1' }, 5, 0)).toBeUndefined();
  });

  it('resumes every page-style walk at exactly the position it had reached (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 50 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 20 }),
        (page, from, to) => {
          const resized = resizeQuery('page', { page, per_page: from }, from, to);
          const position = (page - 1) * from;
          if (resized === undefined) return position % to !== 0;
          return (Number(resized.page) - 1) * Number(resized.per_page) === position && resized.per_page === to;
        },
      ),
    );
  });
});
