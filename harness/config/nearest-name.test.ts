import { describe, expect, it } from 'vitest';
import { editDistance, findNearestName } from './nearest-name.js';

describe('findNearestName', () => {
  it('finds a key that differs by case or a letter or two', () => {
    expect(findNearestName('maxPagesize', ['defaultPageSize', 'maxPageSize'])).toBe('maxPageSize');
    expect(findNearestName('BASEURL', ['baseUrl', 'auth'])).toBe('baseUrl');
    expect(findNearestName('colections', ['target', 'collections'])).toBe('collections');
  });

  it('suggests nothing when no candidate is close', () => {
    expect(findNearestName('colour', ['requestTimeoutMs', 'totalRunMs'])).toBeUndefined();
    expect(findNearestName('b', ['a'])).toBeUndefined();
  });

  it('measures edit distance', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });
});
