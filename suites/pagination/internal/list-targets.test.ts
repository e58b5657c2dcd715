import { describe, expect, it } from 'vitest';
import { stylesToJudge, type ListTarget } from './list-targets.js';

describe('stylesToJudge', () => {
  it('judges only the styles a list supports, in the order asked', () => {
    const cursorOnly = { styles: ['cursor'] } as unknown as ListTarget;
    expect(stylesToJudge(cursorOnly, ['offset', 'cursor'])).toEqual(['cursor']);
    expect(stylesToJudge(cursorOnly, ['page'])).toEqual([]);
    const all = { styles: ['offset', 'page', 'cursor'] } as unknown as ListTarget;
    expect(stylesToJudge(all, ['cursor', 'offset'])).toEqual(['cursor', 'offset']);
  });
});
