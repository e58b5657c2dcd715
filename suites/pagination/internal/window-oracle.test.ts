import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wholeOrder, type KnownOrder } from './known-order.js';
import type { ListPage } from './list-page.js';
import type { ExploredQuery, ListFacts, SentParam } from './query-space.js';
import { exploredQueryArbitrary } from './query-space.js';
import { judgeAnswer, meaningOf, type OracleContext } from './window-oracle.js';

const order = Array.from({ length: 23 }, (_, index) => `r${index}`);
const facts: ListFacts = {
  total: order.length,
  walkPageSize: 5,
  defaultPageSize: 20,
  maxPageSize: 100,
  cursors: [{ afterIndex: 4, cursor: 'c4' }],
};
const context: OracleContext = {
  order: wholeOrder(order),
  own: new Set(order),
  foreign: new Set(['x1']),
  maxPageSize: 100,
  pagination: { invalidParams: 'either', overMaxPolicy: 'either' },
};

function query(style: ExploredQuery['style'], ...pairs: [string, string][]): ExploredQuery {
  return { style, params: pairs.map(([name, text]): SentParam => ({ name, text, label: text })) };
}

function page(start: number, size: number): ListPage {
  const ids = order.slice(start, start + size);
  return { ok: true, ids, hasMore: start + ids.length < order.length, nextCursor: { present: false } };
}

const ok = (start: number, size: number) => ({ status: 200, page: page(start, size) });
const judge = (q: ExploredQuery, answer: { status: number; page: ListPage }, ctx: OracleContext = context) =>
  judgeAnswer(answer, meaningOf(q, facts), ctx);
const refused: ListPage = { ok: false, reason: 'answered 400, expected 200 with a list response', notAPage: false };

describe('the explored-query oracle', () => {
  it('accepts the matching slice of the order, page p per_page n being offset (p-1)*n limit n', () => {
    expect(judge(query('offset', ['offset', '3'], ['limit', '5']), ok(3, 5))).toBeUndefined();
    expect(judge(query('page', ['page', '3'], ['per_page', '5']), ok(10, 5))).toBeUndefined();
    expect(judge(query('cursor', ['after', 'c4'], ['limit', '2']), ok(5, 2))).toBeUndefined();
    expect(judge(query('offset'), ok(0, 20))).toBeUndefined();
  });

  it('fails a window off by one, a wrong has_more and more items than asked', () => {
    expect(judge(query('page', ['page', '2'], ['per_page', '5']), ok(6, 5))).toMatch(/^listed \[r6.*positions 5–9/);
    expect(
      judge(query('offset', ['offset', '0'], ['limit', '1']), {
        status: 200,
        page: { ...page(0, 1), hasMore: false } as ListPage,
      }),
    ).toMatch(/said has_more false, but 22 item\(s\) follow/);
    expect(judge(query('offset', ['offset', '0'], ['limit', '2']), ok(0, 3))).toMatch(
      /held 3 items, more than the 2 asked for/,
    );
  });

  it('wants an empty page with has_more false past the end, or a 4xx, never the last page again', () => {
    for (const [name, value] of [
      ['offset', '23'],
      ['offset', '24'],
      ['offset', '1000000'],
    ] as const) {
      expect(judge(query('offset', [name, value], ['limit', '5']), ok(Number(value), 5))).toBeUndefined();
      expect(judge(query('offset', [name, value], ['limit', '5']), { status: 404, page: refused })).toBeUndefined();
      expect(judge(query('offset', [name, value], ['limit', '5']), { status: 500, page: refused })).toMatch(
        /answered 500/,
      );
    }
    expect(judge(query('page', ['page', '6'], ['per_page', '5']), ok(20, 5))).toMatch(
      /listed 3 item\(s\) .* position 25 is past the end of the 23 items/,
    );
  });

  it('clamps above the maximum as pagination.overMaxPolicy says', () => {
    const small = { ...facts, maxPageSize: 4 };
    const over = query('offset', ['offset', '0'], ['limit', '10']);
    const at = (ctx: OracleContext, answer: { status: number; page: ListPage }) =>
      judgeAnswer(answer, meaningOf(over, small), { ...ctx, maxPageSize: 4 });
    expect(at(context, ok(0, 4))).toBeUndefined();
    expect(at(context, { status: 400, page: refused })).toBeUndefined();
    expect(
      at({ ...context, pagination: { ...context.pagination, overMaxPolicy: 'clamp' } }, { status: 400, page: refused }),
    ).toMatch(/overMaxPolicy is "clamp"/);
    expect(at({ ...context, pagination: { ...context.pagination, overMaxPolicy: 'reject' } }, ok(0, 4))).toMatch(
      /asks for a 4xx/,
    );
    expect(at(context, ok(0, 10))).toMatch(/above the maximum page size 4/);
  });

  it('judges a malformed value by pagination.invalidParams, or as one reading of it', () => {
    const reject = { ...context, pagination: { ...context.pagination, invalidParams: 'reject' as const } };
    // "05" and a repeated limit read as 5 (or 7): the page of a reading passes even when 4xx is pinned.
    expect(judge(query('offset', ['limit', '05']), ok(0, 5), reject)).toBeUndefined();
    expect(judge(query('offset', ['limit', '5'], ['limit', '7']), ok(0, 7), reject)).toBeUndefined();
    expect(judge(query('offset', ['limit', '5'], ['limit', '7']), ok(0, 6), reject)).toMatch(
      /asks for a 4xx, nor the page of/,
    );
    expect(judge(query('offset', ['limit', '+5']), { status: 422, page: refused }, reject)).toBeUndefined();
    expect(judge(query('offset', ['limit', '0']), ok(0, 20), reject)).toMatch(/asks for a 4xx/);
    expect(judge(query('offset', ['limit', '']), { status: 500, page: refused })).toMatch(/answered 500/);
  });

  it('fails a nested list that shows a record of another parent', () => {
    const leaked: ListPage = { ok: true, ids: ['r0', 'x1'], hasMore: true, nextCursor: { present: false } };
    expect(judge(query('offset', ['limit', '2']), { status: 200, page: leaked })).toMatch(
      /x1, the kit's record\(s\) of another parent/,
    );
  });

  it('compares only the kit’s records: others’ rows in a window are not held against it', () => {
    const mixed = { ...context, own: new Set(order.filter((_, index) => index % 2 === 0)) };
    const withOthers: ListPage = {
      ok: true,
      ids: ['r0', 'someone-else', 'r2'],
      hasMore: true,
      nextCursor: { present: false },
    };
    expect(judge(query('offset', ['limit', '3']), { status: 200, page: withOthers }, mixed)).toBeUndefined();
  });

  it('passes every explored query answered by a correct server', () => {
    // A model of a conforming service: plain integers, 4xx for anything else, clamp above the maximum.
    const serve = (q: ExploredQuery): { status: number; page: ListPage } => {
      const values = new Map<string, string>();
      for (const param of q.params) {
        if (values.has(param.name) || (!/^(0|[1-9][0-9]*)$/.test(param.text) && param.name !== 'after'))
          return { status: 400, page: refused };
        values.set(param.name, param.text);
      }
      const size = Math.min(Number(values.get(q.style === 'page' ? 'per_page' : 'limit') ?? 20), 100);
      if (size < 1 || (q.style === 'page' && values.get('page') === '0')) return { status: 400, page: refused };
      if (values.get('after') === '') return { status: 400, page: refused };
      const start =
        q.style === 'page'
          ? (Number(values.get('page') ?? 1) - 1) * size
          : q.style === 'cursor'
            ? values.has('after')
              ? 5
              : 0
            : Number(values.get('offset') ?? 0);
      return ok(start, size);
    };
    for (const style of ['offset', 'page', 'cursor'] as const) {
      fc.assert(
        fc.property(exploredQueryArbitrary(style, facts), (q) => {
          expect(judge(q, serve(q)), JSON.stringify(q)).toBeUndefined();
        }),
        { numRuns: 300 },
      );
    }
  });
});

describe('the explored-query oracle on a long list read at its head and its tail only', () => {
  // 20,000 records; positions 0–9 and 19,990–19,999 read; the kit's records are the last five.
  const length = 20_000;
  const idAt = (position: number) => `p${position}`;
  const run = (start: number, count: number) => ({
    start,
    ids: Array.from({ length: count }, (_, i) => idAt(start + i)),
  });
  const long: KnownOrder = { length, runs: [run(0, 10), run(19_990, 10)] };
  const own = new Set(Array.from({ length: 5 }, (_, i) => idAt(19_995 + i)));
  const longContext: OracleContext = { ...context, order: long, own };
  const longFacts: ListFacts = { ...facts, total: length, cursors: [{ afterIndex: 19_994, cursor: 'c19994' }] };
  const served = (
    start: number,
    size: number,
    ids = Array.from({ length: Math.max(0, Math.min(size, length - start)) }, (_, i) => idAt(start + i)),
  ) => ({
    status: 200,
    page: { ok: true, ids, hasMore: start + ids.length < length, nextCursor: { present: false } } as ListPage,
  });
  const judgeLong = (q: ExploredQuery, answer: { status: number; page: ListPage }) =>
    judgeAnswer(answer, meaningOf(q, longFacts), longContext);

  it('judges a page in the stretch it did not read on its length and has_more', () => {
    expect(judgeLong(query('offset', ['offset', '7000'], ['limit', '5']), served(7000, 5))).toBeUndefined();
    expect(judgeLong(query('offset', ['offset', '7000'], ['limit', '5']), served(7000, 4))).toMatch(
      /held 4 items; expected 5/,
    );
    expect(judgeLong(query('page', ['page', '4000'], ['per_page', '5']), served(19_995, 5))).toBeUndefined();
    expect(judgeLong(query('page', ['page', '4001'], ['per_page', '5']), served(19_995, 5))).toMatch(/past the end/);
  });

  it("fails a page in the unread stretch that shows the kit's records read elsewhere (an offset ignored)", () => {
    const ignored = served(7000, 5, [...own]);
    expect(judgeLong(query('offset', ['offset', '7000'], ['limit', '5']), ignored)).toMatch(
      /listed p19995 among positions 7000–7004, but it stands at position 19995/,
    );
  });

  it('compares the tail item by item, and resumes a cursor read at the tail where it points', () => {
    expect(judgeLong(query('offset', ['offset', '19995'], ['limit', '5']), served(19_995, 5))).toBeUndefined();
    expect(judgeLong(query('offset', ['offset', '19995'], ['limit', '5']), served(19_994, 5))).toMatch(
      /positions 19995–19999/,
    );
    expect(judgeLong(query('cursor', ['after', 'c19994'], ['limit', '5']), served(19_995, 5))).toBeUndefined();
  });
});

describe('the explored-query oracle while others write to the list', () => {
  const writing: OracleContext = { ...context, writeSlack: 8 };
  const judgeWriting = (q: ExploredQuery, answer: { status: number; page: ListPage }) =>
    judgeAnswer(answer, meaningOf(q, facts), writing);
  const listing = (ids: string[], hasMore: boolean) => ({
    status: 200,
    page: { ok: true, ids, hasMore, nextCursor: { present: false } } as ListPage,
  });

  it('lets others move the end and the records near it', () => {
    // 23 items: offset 20 may hold one more or one fewer record than the order read said.
    expect(
      judgeWriting(query('offset', ['offset', '20'], ['limit', '5']), listing(['r20', 'new', 'r21', 'r22'], false)),
    ).toBeUndefined();
    expect(judgeWriting(query('offset', ['offset', '24'], ['limit', '5']), listing(['late'], false))).toBeUndefined();
  });

  it('still fails what no writer explains: items far past the end, a short page well inside, the kit’s records out of order', () => {
    expect(judgeWriting(query('page', ['page', '1000000'], ['per_page', '5']), listing(['r20', 'r21'], false))).toMatch(
      /past the end of the 23 items by more than others' writes/,
    );
    expect(judgeWriting(query('offset', ['offset', '0'], ['limit', '5']), listing(['r0', 'r1'], true))).toMatch(
      /held 2 items; expected 5, at position 0, well inside/,
    );
    expect(judgeWriting(query('offset', ['offset', '0'], ['limit', '3']), listing(['r0', 'r2', 'r1'], true))).toMatch(
      /listed r2 before r1/,
    );
  });
});
