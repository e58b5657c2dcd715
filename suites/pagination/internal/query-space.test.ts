import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  describeQuery,
  exploredQueryArbitrary,
  farValue,
  labelsOf,
  markLabels,
  offsetMarks,
  pageMarks,
  sizeMarks,
  toQueryString,
  writeNumber,
  type ListFacts,
} from './query-space.js';

const facts: ListFacts = {
  total: 23,
  walkPageSize: 5,
  defaultPageSize: 20,
  maxPageSize: 100,
  cursors: [
    { afterIndex: 4, cursor: 'c4' },
    { afterIndex: 9, cursor: 'c9' },
  ],
};
const styles = ['offset', 'page', 'cursor'] as const;

describe('the explored query space', () => {
  it('marks the boundaries where services break, each value once', () => {
    expect(sizeMarks(facts).map((mark) => [mark.label, mark.value])).toEqual([
      ['1', 1],
      ['2', 2],
      ['the walk size (pagination.walkPageSize)', 5],
      ['default', 20],
      ['max-1', 99],
      ['max', 100],
      ['max+1', 101],
      ['huge', farValue],
      ['0', 0],
    ]);
    expect(offsetMarks(facts).map((mark) => mark.value)).toEqual([0, 1, 22, 23, 24, farValue]);
    expect(pageMarks(facts, 5).map((mark) => [mark.label, mark.value])).toEqual([
      ['1', 1],
      ['2', 2],
      ['last', 5],
      ['last+1', 6],
      ['far past the end', farValue],
    ]);
    // One item: the end marks collapse onto the start ones instead of repeating them.
    expect(offsetMarks({ ...facts, total: 1 }).map((mark) => mark.label)).toEqual([
      '0',
      '1',
      'total+1',
      'far past the end',
    ]);
  });

  it('leaves the sizes around the maximum out when it is not known', () => {
    expect(
      sizeMarks({ ...facts, maxPageSize: undefined, defaultPageSize: undefined }).map((mark) => mark.label),
    ).toEqual(['1', '2', 'the walk size (pagination.walkPageSize)', 'huge', '0']);
  });

  it('writes malformed forms of a number as they are sent', () => {
    const five = { label: 'the walk size (pagination.walkPageSize)', value: 5 };
    const seven = { label: 'x', value: 7 };
    expect(
      ['plain', 'empty', 'plus', 'space', 'exponent', 'leading-zero'].map(
        (form) => writeNumber('limit', five, form as never, seven)[0]!.text,
      ),
    ).toEqual(['5', '', '+5', ' 5', '5e0', '05']);
    const repeated = writeNumber('limit', five, 'repeated', seven);
    expect(toQueryString({ style: 'offset', params: repeated })).toBe('limit=5&limit=7');
    expect(toQueryString({ style: 'offset', params: writeNumber('limit', five, 'plus', seven) })).toBe('limit=%2B5');
    expect(describeQuery({ style: 'offset', params: writeNumber('limit', five, 'space', seven) })).toBe(
      'limit= 5 (space form of the walk size (pagination.walkPageSize))',
    );
  });

  it('draws only the parameters of its style, and only cursors the walk saw', () => {
    const names = { offset: ['offset', 'limit'], page: ['page', 'per_page'], cursor: ['after', 'limit'] };
    for (const style of styles) {
      fc.assert(
        fc.property(exploredQueryArbitrary(style, facts), (query) => {
          expect(query.style).toBe(style);
          for (const param of query.params) expect(names[style]).toContain(param.name);
          for (const param of query.params.filter((p) => p.name === 'after'))
            expect(['c4', 'c9', '']).toContain(param.text);
        }),
        { numRuns: 200 },
      );
    }
  });

  it('draws most boundaries of a style within a few hundred runs, and labels them as coverage names them', () => {
    for (const style of styles) {
      const drawn = new Set(
        fc.sample(exploredQueryArbitrary(style, facts), { numRuns: 400, seed: 7 }).flatMap(labelsOf),
      );
      const missed = markLabels(style, facts).filter((label) => !drawn.has(label));
      expect(missed, style).toEqual([]);
    }
  });
});

describe('drawing ahead', () => {
  // explored-queries asks a seed's queries side by side before its property runs, and reads them in
  // the property's order: that is sound only while sampling and checking draw the same values.
  it.each(['offset', 'page', 'cursor'] as const)(
    'fc.sample draws the same %s queries, in the same order, as fc.check with the seed',
    async (style) => {
      const checked: string[] = [];
      await fc.check(
        fc.asyncProperty(
          exploredQueryArbitrary(style, facts),
          async (query) => void checked.push(JSON.stringify(query)),
        ),
        { seed: 99, numRuns: 30 },
      );
      const sampled = fc
        .sample(exploredQueryArbitrary(style, facts), { seed: 99, numRuns: 30 })
        .map((query) => JSON.stringify(query));
      expect(checked).toHaveLength(30);
      expect(sampled).toEqual(checked);
    },
  );
});
