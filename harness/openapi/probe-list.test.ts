import { describe, expect, it } from 'vitest';
import { judgeProbes } from './probe-list.js';

describe('judgeProbes', () => {
  it('pins a refused huge size and a cursor left out on the last page, and says why the default did not show', () => {
    const { pagination, lines } = judgeProbes({
      path: '/things',
      plain: { status: 200, count: 3, hasMore: false, nextCursor: { present: false } },
      huge: { status: 400 },
      last: { status: 200, count: 3, hasMore: false, nextCursor: { present: false } },
    });
    expect(pagination).toEqual({ overMaxPolicy: 'reject', lastPageCursor: 'absent' });
    expect(lines.filter((line) => line.kind === 'missing').map((line) => line.pointer)).toEqual([
      '/pagination/defaultPageSize',
    ]);
    expect(lines.find((line) => line.pointer === '/pagination/defaultPageSize')?.text).toMatch(
      /holds only 3 records, fewer than a default page/,
    );
  });

  it('probes nothing more when the list is refused, and says to set the token', () => {
    const { pagination, lines } = judgeProbes({ path: '/things', plain: { status: 401 }, huge: { status: 401 } });
    expect(pagination).toEqual({});
    expect(lines).toEqual([
      {
        kind: 'missing',
        pointer: '/pagination/defaultPageSize',
        text: expect.stringMatching(/answered 401, not a page, so nothing was probed; set APICERT_TOKEN/),
      },
    ]);
  });

  it('leaves the last cursor form open when no walk reached a last page with an empty cursor', () => {
    const { pagination } = judgeProbes({
      path: '/things',
      plain: { status: 200, count: 20, hasMore: true },
      huge: { status: 200, count: 50, hasMore: true },
      last: { status: 200, count: 1, hasMore: false, nextCursor: { present: true, value: 'opaque-end' } },
    });
    expect(pagination).toEqual({ defaultPageSize: 20, overMaxPolicy: 'clamp', maxPageSize: 50 });
  });
});
