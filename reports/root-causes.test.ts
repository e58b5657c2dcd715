import { describe, expect, it } from 'vitest';
import { findRootCauses, findSharedCauses } from './root-causes.js';
import { buildCheck } from '../harness/model/test-support/sample-run.js';

const blocked = (id: string, blockedBy: string) =>
  buildCheck({ id, status: 'errored', error: { code: 'APICERT_CHECK_BLOCKED', message: 'x' }, blockedBy });

describe('findRootCauses', () => {
  it('groups blocked checks under the failing check that blocked them', () => {
    const checks = [
      buildCheck({ id: 'a.root', status: 'failed' }),
      blocked('a.one', 'a.root'),
      buildCheck({ id: 'a.other', status: 'failed' }),
      blocked('a.two', 'a.root'),
    ];
    expect(findRootCauses(checks).map((cause) => [cause.checkId, cause.blocked.map((check) => check.id)])).toEqual([
      ['a.root', ['a.one', 'a.two']],
    ]);
  });

  it('leaves a blocked check alone when its blocker passed or did not run', () => {
    expect(
      findRootCauses([buildCheck({ id: 'a.root' }), blocked('a.one', 'a.root'), blocked('a.two', 'a.absent')]),
    ).toEqual([]);
  });
});

describe('findSharedCauses', () => {
  const notAPage = (id: string, subjects: string[]) =>
    buildCheck({ id, status: 'failed', cause: { key: 'list-not-a-page', subjects } });

  it('names a cause once with every subject its checks report, each once', () => {
    const checks = [
      notAPage('resources.list-answers-with-page', ['/customers', '/orders']),
      buildCheck({ id: 'pagination.stable-order', status: 'failed' }),
      notAPage('pagination.walk-within-budget', ['/customers']),
      buildCheck({
        id: 'pagination.page-size-bounds',
        status: 'errored',
        cause: { key: 'list-not-a-page', subjects: ['/customers/{id}/orders'] },
      }),
    ];
    const [group, ...others] = findSharedCauses(checks);
    expect(others).toEqual([]);
    expect(group?.summary).toMatch(/^Lists do not answer with a page/);
    expect(group?.subjects).toEqual(['/customers', '/orders', '/customers/{id}/orders']);
    expect(group?.checks.map((check) => check.id)).toEqual([
      'resources.list-answers-with-page',
      'pagination.walk-within-budget',
      'pagination.page-size-bounds',
    ]);
  });

  it('groups nothing for a cause only one check reports, or that passed checks carry', () => {
    expect(findSharedCauses([notAPage('a.one', ['/x']), buildCheck({ id: 'a.two' })])).toEqual([]);
  });
});
