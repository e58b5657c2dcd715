import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareKeysets, encodeCursor } from './keyset-cursor.js';
import { buildListPage, parsePageRequest, type ListPolicy } from './list-page.js';
import type { RecordId, StoredRecord } from './record-store.js';
import type { IdStyle, ListOrder } from './second-server-options.js';

const policy: ListPolicy = { overMax: 'reject', lastPageCursor: 'absent', idStyle: 'numeric', order: 'oldest-first' };

// Few distinct timestamps, so ties are the rule and the id tie-breaker decides.
function recordsArbitrary(idStyle: IdStyle): fc.Arbitrary<StoredRecord[]> {
  const id: fc.Arbitrary<RecordId> = idStyle === 'uuid' ? fc.uuid({ version: 4 }) : fc.integer({ min: 1, max: 10_000 });
  return fc
    .uniqueArray(fc.record({ id, second: fc.integer({ min: 0, max: 3 }) }), {
      selector: (record) => record.id,
      maxLength: 40,
    })
    .map((rows) =>
      rows.map((row): StoredRecord => {
        const at = new Date(Date.UTC(2026, 0, 1, 0, 0, row.second)).toISOString();
        return { id: row.id, createdAt: at, updatedAt: at, fields: {} };
      }),
    );
}

function walkIds(
  records: StoredRecord[],
  size: number,
  { idStyle, order }: { readonly idStyle: IdStyle; readonly order: ListOrder },
  mutate: (records: StoredRecord[], seen: readonly RecordId[]) => void,
): RecordId[] {
  const walkPolicy: ListPolicy = { ...policy, idStyle, order };
  const seen: RecordId[] = [];
  let query = new URLSearchParams({ limit: String(size) });
  for (let pages = 0; pages < 100; pages += 1) {
    const request = parsePageRequest(query, walkPolicy);
    if ('problem' in request) throw new Error(request.problem);
    const page = buildListPage(records, request, walkPolicy) as {
      items: { id: RecordId }[];
      next_cursor?: string;
      has_more: boolean;
    };
    seen.push(...page.items.map((item) => item.id));
    if (!page.has_more || page.next_cursor === undefined) return seen;
    mutate(records, seen);
    query = new URLSearchParams({ limit: String(size), after: page.next_cursor });
  }
  throw new Error('walk did not end');
}

function sortedIds(ids: readonly RecordId[]): string[] {
  return ids.map(String).sort();
}

describe("the second server's keyset pagination", () => {
  const modes = (['numeric', 'uuid'] as const).flatMap((idStyle) =>
    (['oldest-first', 'newest-first'] as const).map(
      (order) => [`${idStyle} ids, ${order}`, { idStyle, order }] as const,
    ),
  );

  it.each(modes)('visits every record once, in (createdAt, id) order, whatever the ties, with %s', (_name, mode) => {
    fc.assert(
      fc.property(recordsArbitrary(mode.idStyle), fc.integer({ min: 1, max: 7 }), (records, size) => {
        const oldestFirst = [...records].sort(compareKeysets).map((record) => record.id);
        const expected = mode.order === 'newest-first' ? oldestFirst.reverse() : oldestFirst;
        expect(walkIds(records, size, mode, () => undefined)).toEqual(expected);
      }),
    );
  });

  it.each(modes)(
    'neither repeats nor skips a surviving record when the anchor of the cursor is deleted, with %s',
    (_name, mode) => {
      fc.assert(
        fc.property(recordsArbitrary(mode.idStyle), fc.integer({ min: 1, max: 7 }), (records, size) => {
          const everyId = records.map((record) => record.id);
          // Between pages, delete the last record seen: the anchor of the next cursor.
          const seen = walkIds([...records], size, mode, (current, seenSoFar) => {
            const anchor = current.findIndex((record) => record.id === seenSoFar.at(-1));
            if (anchor >= 0) current.splice(anchor, 1);
          });
          expect(new Set(seen).size).toBe(seen.length);
          expect(sortedIds(seen)).toEqual(sortedIds(everyId));
        }),
      );
    },
  );

  it("refuses a cursor whose id is not of the server's id style", () => {
    const at = '2026-01-01T00:00:00.000Z';
    const numericCursor = encodeCursor({ id: 1001, createdAt: at, updatedAt: at, fields: {} });
    const uuidCursor = encodeCursor({
      id: '0b7d3c1e-2f4a-4c5b-8d6e-7f8091a2b3c4',
      createdAt: at,
      updatedAt: at,
      fields: {},
    });
    expect(
      parsePageRequest(new URLSearchParams({ after: numericCursor }), { ...policy, idStyle: 'uuid' }),
    ).toHaveProperty('problem');
    expect(parsePageRequest(new URLSearchParams({ after: uuidCursor }), policy)).toHaveProperty('problem');
    expect(parsePageRequest(new URLSearchParams({ after: uuidCursor }), { ...policy, idStyle: 'uuid' })).toMatchObject({
      kind: 'after',
    });
  });

  it('refuses a cursor it never issued, a page 0 and two styles at once with a problem', () => {
    for (const query of ['after=eyJ1bmtub3duIjp0cnVlfQ', 'page=0', 'offset=1&after=x', 'limit=1.5']) {
      expect(parsePageRequest(new URLSearchParams(query), policy)).toHaveProperty('problem');
    }
  });

  it('clamps or refuses a size above the maximum, as the mode says', () => {
    expect(
      parsePageRequest(new URLSearchParams('limit=99999999999999999999'), { ...policy, overMax: 'clamp' }),
    ).toMatchObject({ size: 50 });
    expect(parsePageRequest(new URLSearchParams('per_page=51&page=1'), policy)).toHaveProperty('problem');
  });
});
