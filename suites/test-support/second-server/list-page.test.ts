import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareKeysets } from './keyset-cursor.js';
import { buildListPage, parsePageRequest, type ListPolicy } from './list-page.js';
import type { StoredRecord } from './record-store.js';

const policy: ListPolicy = { overMax: 'reject', lastPageCursor: 'absent' };

// Few distinct timestamps, so ties are the rule and the id tie-breaker decides.
const recordsArbitrary = fc.uniqueArray(
  fc.record({ id: fc.integer({ min: 1, max: 10_000 }), second: fc.integer({ min: 0, max: 3 }) }),
  { selector: (record) => record.id, maxLength: 40 },
).map((rows) => rows.map((row): StoredRecord => {
  const at = new Date(Date.UTC(2026, 0, 1, 0, 0, row.second)).toISOString();
  return { id: row.id, createdAt: at, updatedAt: at, fields: {} };
}));

function walkIds(records: StoredRecord[], size: number, mutate: (records: StoredRecord[], seen: readonly number[]) => void): number[] {
  const seen: number[] = [];
  let query = new URLSearchParams({ limit: String(size) });
  for (let pages = 0; pages < 100; pages += 1) {
    const request = parsePageRequest(query, policy);
    if ('problem' in request) throw new Error(request.problem);
    const page = buildListPage(records, request, policy) as { items: { id: number }[]; next_cursor?: string; has_more: boolean };
    seen.push(...page.items.map((item) => item.id));
    if (!page.has_more || page.next_cursor === undefined) return seen;
    mutate(records, seen);
    query = new URLSearchParams({ limit: String(size), after: page.next_cursor });
  }
  throw new Error('walk did not end');
}

describe('the second server\'s keyset pagination', () => {
  it('visits every record once, in (createdAt, id) order, whatever the ties', () => {
    fc.assert(fc.property(recordsArbitrary, fc.integer({ min: 1, max: 7 }), (records, size) => {
      const expected = [...records].sort(compareKeysets).map((record) => record.id);
      expect(walkIds(records, size, () => undefined)).toEqual(expected);
    }));
  });

  it('neither repeats nor skips a surviving record when the anchor of the cursor is deleted', () => {
    fc.assert(fc.property(recordsArbitrary, fc.integer({ min: 1, max: 7 }), (records, size) => {
      const everyId = records.map((record) => record.id);
      // Between pages, delete the last record seen: the anchor of the next cursor.
      const seen = walkIds([...records], size, (current, seenSoFar) => {
        const anchor = current.findIndex((record) => record.id === seenSoFar.at(-1));
        if (anchor >= 0) current.splice(anchor, 1);
      });
      expect(new Set(seen).size).toBe(seen.length);
      expect([...seen].sort((a, b) => a - b)).toEqual([...everyId].sort((a, b) => a - b));
    }));
  });

  it('refuses a cursor it never issued, a page 0 and two styles at once with a problem', () => {
    for (const query of ['after=eyJ1bmtub3duIjp0cnVlfQ', 'page=0', 'offset=1&after=x', 'limit=1.5']) {
      expect(parsePageRequest(new URLSearchParams(query), policy)).toHaveProperty('problem');
    }
  });

  it('clamps or refuses a size above the maximum, as the mode says', () => {
    expect(parsePageRequest(new URLSearchParams('limit=99999999999999999999'), { ...policy, overMax: 'clamp' })).toMatchObject({ size: 50 });
    expect(parsePageRequest(new URLSearchParams('per_page=51&page=1'), policy)).toHaveProperty('problem');
  });
});
