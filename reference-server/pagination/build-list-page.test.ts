import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildListPage, type ListBody } from './build-list-page.js';
import { encodeCursor } from './cursor-codec.js';
import { cleanListBehaviour, type ListBehaviour } from './list-behaviour.js';
import type { PageRequest } from './parse-page-params.js';
import { compareSortKeys, type SortKey } from './sort-key.js';
import { sortKeyArbitrary, sortedViewArbitrary } from '../test-support/sort-key-arbitraries.js';

function page<T extends SortKey>(
  view: readonly T[],
  request: PageRequest,
  behaviour: ListBehaviour = cleanListBehaviour,
): ListBody<T> {
  const result = buildListPage(view, request, 'cus_', behaviour);
  if (!result.ok) throw new Error(result.message);
  return result.body;
}

function first(size: number): PageRequest {
  return { style: 'default', start: { kind: 'offset', offset: 0 }, size };
}

function after(cursor: string, size: number): PageRequest {
  return { style: 'cursor', start: { kind: 'after', cursor }, size };
}

// Follows next_cursor from the first page; bounded so a defect cannot loop the test.
function walk(
  view: readonly SortKey[],
  size: number,
  behaviour: ListBehaviour = cleanListBehaviour,
  maxPages = 200,
): SortKey[][] {
  const pages: SortKey[][] = [];
  let body = page(view, first(size), behaviour);
  pages.push([...body.items]);
  while (body.has_more && pages.length < maxPages) {
    body = page(view, after(body.next_cursor!, size), behaviour);
    pages.push([...body.items]);
  }
  return pages;
}

describe('buildListPage', () => {
  it('walks every item exactly once, in list order, with a cursor walk of any page size', () => {
    fc.assert(
      fc.property(sortedViewArbitrary, fc.integer({ min: 1, max: 25 }), (view, size) => {
        const pages = walk(view, size);
        expect(pages.flat()).toEqual(view);
        for (const items of pages.slice(0, -1)) expect(items).toHaveLength(size);
      }),
    );
  });

  it('says has_more exactly when items follow the page, with next_cursor null on the last page', () => {
    fc.assert(
      fc.property(sortedViewArbitrary, fc.nat(70), fc.integer({ min: 1, max: 30 }), (view, offset, size) => {
        const body = page(view, { style: 'offset', start: { kind: 'offset', offset }, size });
        expect(body.items).toEqual(view.slice(offset, offset + size));
        expect(body.has_more).toBe(offset + size < view.length);
        if (body.has_more) expect(body.next_cursor).toBe(encodeCursor(body.items[body.items.length - 1]!));
        else expect(body.next_cursor).toBeNull();
      }),
    );
  });

  it('gives the same page by offset and by the cursor of the item before it', () => {
    fc.assert(
      fc.property(
        sortedViewArbitrary.filter((view) => view.length > 1),
        fc.nat(),
        fc.integer({ min: 1, max: 10 }),
        (view, pick, size) => {
          const offset = 1 + (pick % (view.length - 1));
          const byOffset = page(view, { style: 'offset', start: { kind: 'offset', offset }, size });
          const byCursor = page(view, after(encodeCursor(view[offset - 1]!), size));
          expect(byCursor).toEqual(byOffset);
        },
      ),
    );
  });

  it('neither repeats nor skips an item that exists throughout, whatever is inserted or deleted between pages', () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('insert' as const), key: sortKeyArbitrary }),
      fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('delete-anchor' as const) }),
    );
    fc.assert(
      fc.property(
        sortedViewArbitrary,
        fc.integer({ min: 1, max: 7 }),
        fc.array(fc.array(step, { maxLength: 4 }), { maxLength: 30 }),
        (initial, size, mutations) => {
          let view = [...initial];
          const deleted = new Set<string>();
          // A server never reuses an id, so an insert may not bring back one that existed before.
          const everStored = new Set(initial.map((key) => key.id));
          const seen: SortKey[] = [];
          let body = page(view, first(size));
          seen.push(...body.items);
          for (let index = 0; body.has_more && index < 500; index += 1) {
            const anchor = body.items[body.items.length - 1]!;
            for (const mutation of mutations[index % Math.max(mutations.length, 1)] ?? []) {
              if (mutation.kind === 'insert' && !everStored.has(mutation.key.id)) {
                everStored.add(mutation.key.id);
                view = [...view, mutation.key].sort(compareSortKeys);
              }
              let victim: SortKey | undefined;
              if (mutation.kind === 'delete') victim = view[mutation.pick % Math.max(view.length, 1)];
              if (mutation.kind === 'delete-anchor') victim = anchor;
              if (victim !== undefined) {
                deleted.add(victim.id);
                view = view.filter((key) => key.id !== victim.id);
              }
            }
            body = page(view, after(body.next_cursor!, size));
            seen.push(...body.items);
          }
          const ids = seen.map((key) => key.id);
          expect(new Set(ids).size).toBe(ids.length);
          const throughout = initial.filter((key) => !deleted.has(key.id)).map((key) => key.id);
          for (const id of throughout) expect(ids).toContain(id);
          expect([...seen].sort(compareSortKeys)).toEqual(seen);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('refuses a cursor it did not issue', () => {
    expect(buildListPage([], after('garbage', 5), 'cus_', cleanListBehaviour).ok).toBe(false);
    expect(
      buildListPage(
        [],
        after(encodeCursor({ createdAt: '2024-01-01T00:00:00.000Z', id: 'ord_1' }), 5),
        'cus_',
        cleanListBehaviour,
      ).ok,
    ).toBe(false);
  });

  it('returns an empty last page past the end', () => {
    expect(
      page([{ createdAt: '2024-01-01T00:00:00.000Z', id: 'cus_1' }], {
        style: 'offset',
        start: { kind: 'offset', offset: 5 },
        size: 5,
      }),
    ).toEqual({
      items: [],
      next_cursor: null,
      has_more: false,
    });
  });
});

describe('buildListPage under defect behaviours', () => {
  const view: SortKey[] = Array.from({ length: 12 }, (_, index) => ({
    createdAt: '2024-01-01T00:00:00.000Z',
    id: `cus_${index.toString(16).padStart(2, '0')}`,
  }));

  it('skip-one loses one item per page and include-anchor repeats one', () => {
    expect(walk(view, 5, { ...cleanListBehaviour, cursorStart: 'skip-one' }).flat()).toHaveLength(10);
    expect(walk(view, 5, { ...cleanListBehaviour, cursorStart: 'include-anchor' }).flat().length).toBeGreaterThan(12);
  });

  it('restart-if-anchor-missing starts over when the anchor is gone', () => {
    const behaviour: ListBehaviour = { ...cleanListBehaviour, cursorStart: 'restart-if-anchor-missing' };
    const firstPage = page(view, first(5), behaviour);
    const withoutAnchor = view.filter((key) => key.id !== firstPage.items[4]!.id);
    expect(page(withoutAnchor, after(firstPage.next_cursor!, 5), behaviour).items[0]).toEqual(view[0]);
  });

  it('full-page has_more is wrong on an exactly full last page, then an empty page follows', () => {
    const pages = walk(view.slice(0, 10), 5, { ...cleanListBehaviour, hasMore: 'full-page' });
    expect(pages.map((items) => items.length)).toEqual([5, 5, 0]);
  });

  it('back-to-first-page cycles and empty-pages-forever never ends, with a new cursor each page', () => {
    const cycling = walk(view, 5, { ...cleanListBehaviour, nextCursor: 'back-to-first-page' }, 6);
    expect(cycling.map((items) => items[0]!.id)).toEqual(['cus_00', 'cus_05', 'cus_00', 'cus_05', 'cus_00', 'cus_05']);
    const behaviour: ListBehaviour = { ...cleanListBehaviour, afterEnd: 'empty-pages-forever' };
    const cursors = new Set<string>();
    let body = page(view, first(20), behaviour);
    for (let index = 0; index < 5; index += 1) {
      expect(body.has_more).toBe(true);
      cursors.add(body.next_cursor!);
      body = page(view, after(body.next_cursor!, 20), behaviour);
      expect(body.items).toEqual([]);
    }
    expect(cursors.size).toBe(5);
  });

  it('the offset codec repeats an item when one before the cursor is deleted', () => {
    const behaviour: ListBehaviour = { ...cleanListBehaviour, cursorCodec: 'offset' };
    const firstPage = page(view, first(5), behaviour);
    const second = page(view.slice(1), after(firstPage.next_cursor!, 5), behaviour);
    expect(second.items[0]).toEqual(view[6]);
  });

  it('absent leaves next_cursor out of the last page', () => {
    expect(page(view, first(20), { ...cleanListBehaviour, lastPageCursor: 'absent' })).not.toHaveProperty(
      'next_cursor',
    );
  });
});
