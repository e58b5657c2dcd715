// resources.read-unknown-id under a parent that does not exist (issue 35, row 7): an empty list
// that is not a page passes with a note when the list is no page under a real parent either (then
// the page envelope is resources.list-answers-with-page's to fail, once), and fails when the list
// pages under a real parent; records listed there still fail, on both servers.
import { describe, expect, it } from 'vitest';
import type { DefectName } from '../../reference-server/defects.js';
import { runOneAgainstReference } from '../test-support/run-against-reference.js';
import { secondServerModeMatrix } from '../test-support/second-server/mode-matrix.js';
import { runOnSecondServer } from '../test-support/second-server/run-on-second-server.js';
import type { SecondServerQuirks } from '../test-support/second-server/second-server-options.js';
import { readUnknownId } from './read-unknown-id.js';

// json-server 0.17.4: every list a bare array, and a nested list under any id answered 200.
const jsonServer017: DefectName[] = ['list-not-a-page', 'nested-list-unknown-parent-200'];
const emptyNotAPage =
  /^GET \/customers\/\{id\}\/orders under an unknown parent answered 200 with an empty list that is not a page, as it answers under a parent that exists: .*resources\.list-answers-with-page's to judge$/;

async function onSecondServer(unknownParentOrders: SecondServerQuirks['unknownParentOrders']) {
  const run = await runOnSecondServer({
    modes: secondServerModeMatrix[0]!,
    quirks: { unknownParentOrders },
    seedRecords: { customers: 1, orders: 2 },
    checks: [readUnknownId.id],
  });
  return run.checks[0];
}

describe('resources.read-unknown-id under an unknown parent', () => {
  it('passes a bare [] under an unknown parent on the reference server, with a note and the answer in its coverage', async () => {
    const result = await runOneAgainstReference(readUnknownId, { defects: jsonServer017 });
    expect(result.status, result.message).toBe('passed');
    expect(result.findings).toContainEqual({ level: 'info', message: expect.stringMatching(emptyNotAPage) });
    expect(result.coverage?.covered).toContain(
      'GET /customers/{id}/orders under an unknown parent: answered 200 application/json, 2 bytes',
    );
  });

  it('still fails when that list holds the records of other parents', async () => {
    const result = await runOneAgainstReference(readUnknownId, {
      defects: [...jsonServer017, 'nested-list-leaks-other-parents'],
      server: { seedRecords: { customers: 1, orders: 2 } },
    });
    expect(result.status).toBe('failed');
    expect(result.message).toMatch(
      /^GET \/customers\/\S+\/orders answered 200 for an id that does not exist; expected a 4xx or an empty list page/,
    );
  });

  it('still fails an empty page once resources.unknownParentList pins 404', async () => {
    const result = await runOneAgainstReference(readUnknownId, {
      defects: jsonServer017,
      configure: (config) => ({ ...config, resources: { ...config.resources, unknownParentList: '404' } }),
    });
    expect(result.status).toBe('failed');
  });

  it('fails the second server answering a bare [] under an unknown parent while it pages under a real one, and listing every order', async () => {
    const empty = await onSecondServer('bare-empty');
    expect(empty).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(
        /^GET \/customers\/\S+\/orders answered 200 with an empty list that is not a page, while under a parent that exists \/customers\/\{id\}\/orders answers a page/,
      ),
    });
    const every = await onSecondServer('bare-every-order');
    expect(every?.status).toBe('failed');
  });
});
