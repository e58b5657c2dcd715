import { describe, expect, it } from 'vitest';
import { dotSegmentIn } from './dot-segment.js';

describe('dotSegmentIn', () => {
  it('finds "." and ".." in every spelling a URL parser folds, in a path or a whole URL', () => {
    for (const segment of ['.', '..', '%2e', '%2E', '%2e%2e', '.%2E', '%2E.'])
      expect(dotSegmentIn(`/widgets/${segment}`)).toBe(segment);
    expect(dotSegmentIn('http://127.0.0.1:4010/widgets/../admin?x=1')).toBe('..');
    expect(dotSegmentIn('/a/./b')).toBe('.');
  });

  it('leaves ids that merely contain dots, and dots in the query or fragment', () => {
    for (const path of [
      '/widgets/...',
      '/widgets/a.b',
      '/widgets/.hidden',
      '/widgets/%2e%2e%2e',
      '/widgets?after=..',
      '/w#..',
    ])
      expect(dotSegmentIn(path)).toBeUndefined();
    expect(dotSegmentIn('https://api.example.com/v1/widgets/1')).toBeUndefined();
  });
});
