// fast-check generators shared by the pagination tests: sort keys that collide on createdAt often,
// as records created in one burst do.
import fc from 'fast-check';
import { compareSortKeys, type SortKey } from '../pagination/sort-key.js';

const baseMs = Date.UTC(2024, 0, 1);

/** A sort key of a "cus_" list; createdAt is drawn from a handful of milliseconds to force ties. */
export const sortKeyArbitrary: fc.Arbitrary<SortKey> = fc.record({
  createdAt: fc.integer({ min: 0, max: 5 }).map((offset) => new Date(baseMs + offset).toISOString()),
  id: fc.stringMatching(/^[0-9a-f]{1,6}$/).map((suffix) => `cus_${suffix}`),
});

/** A list view: unique ids, sorted in list order. */
export const sortedViewArbitrary: fc.Arbitrary<SortKey[]> = fc
  .uniqueArray(sortKeyArbitrary, { selector: (key) => key.id, maxLength: 60 })
  .map((keys) => [...keys].sort(compareSortKeys));
