import { describe, expect, it } from 'vitest';
import { findRootCauses } from './root-causes.js';
import { buildCheck } from './test-support/sample-run.js';

const blocked = (id: string, blockedBy: string) => buildCheck({ id, status: 'errored', error: { code: 'APICERT_CHECK_BLOCKED', message: 'x' }, blockedBy });

describe('findRootCauses', () => {
  it('groups blocked checks under the failing check that blocked them', () => {
    const checks = [buildCheck({ id: 'a.root', status: 'failed' }), blocked('a.one', 'a.root'), buildCheck({ id: 'a.other', status: 'failed' }), blocked('a.two', 'a.root')];
    expect(findRootCauses(checks).map((cause) => [cause.checkId, cause.blocked.map((check) => check.id)])).toEqual([['a.root', ['a.one', 'a.two']]]);
  });

  it('leaves a blocked check alone when its blocker passed or did not run', () => {
    expect(findRootCauses([buildCheck({ id: 'a.root' }), blocked('a.one', 'a.root'), blocked('a.two', 'a.absent')])).toEqual([]);
  });
});
