// Which paging styles a list offers is found, not assumed: 4.2 names three styles and 4.2/7 wants
// the same names on every list, but nothing says every list offers every style. A list paged by
// cursor only (limit and after, as a quick app written from the convention does) is judged by
// cursor, its offset and page checks left out by name; lists that offer different styles fail
// 4.2/7; a list that honours no paging parameter fails once, as the cause; pinned styles are judged
// as pinned.
import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../harness/model/run-result.js';
import { runBehindProxy } from '../test-support/run-behind-proxy.js';
import { runOnSecondServer } from '../test-support/second-server/run-on-second-server.js';
import { secondServerModeMatrix } from '../test-support/second-server/mode-matrix.js';
import { paginationChecks } from './index.js';

const pagination = paginationChecks.map((check) => check.id);
const statusOf = (run: RunResult, id: string) => run.checks.find((check) => check.id === id);
const notPassed = (run: RunResult) =>
  run.checks
    .filter((check) => check.status === 'failed' || check.status === 'errored')
    .map((check) => `${check.id} ${check.status}: ${check.message}`);
const leftOut = (run: RunResult) =>
  run.checks.flatMap((check) => (check.coverage?.leftOut ?? []).map((item) => `${item.item}: ${item.why}`));

describe('paging styles found on the second server', () => {
  it('judges a cursor-only API by cursor, leaves out its offset and page styles by name, and fails nothing', async () => {
    const run = await runOnSecondServer({
      modes: secondServerModeMatrix[0]!,
      quirks: { cursorOnly: 'every-list' },
      checks: pagination,
    });
    expect(notPassed(run)).toEqual([]);
    expect(statusOf(run, 'pagination.cursor.walk-terminates')?.status).toBe('passed');
    expect(statusOf(run, 'pagination.same-parameters-on-every-list')?.status).toBe('passed');
    // The numbered walks have no list to walk: skipped, naming what was found.
    expect(statusOf(run, 'pagination.offset.walk-complete')).toMatchObject({
      status: 'skipped',
      message: expect.stringMatching(
        /^\/customers offers none of offset \(found: after=<next_cursor> changed the answer; offset=1, page=2, per_page=1 left it as it was; pin collections\[\]\.pagination\.styles to judge another\)/,
      ),
    });
    expect(leftOut(run)).toContainEqual(
      expect.stringMatching(/^GET \/customers \(offset style\): not offered: after=<next_cursor> changed the answer/),
    );
  }, 60_000);

  it('fails 4.2/7 when the nested lists offer fewer styles than the top-level ones', async () => {
    const run = await runOnSecondServer({
      modes: secondServerModeMatrix[0]!,
      quirks: { cursorOnly: 'nested-lists' },
      checks: ['pagination.same-parameters-on-every-list'],
    });
    expect(statusOf(run, 'pagination.same-parameters-on-every-list')).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(
        /^the lists offer different paging styles: \/customers offers offset, page, cursor \(.*\), \/customers\/\{id\}\/orders offers cursor \(/,
      ),
    });
  }, 60_000);

  it('judges the styles the config pins, offered or not', async () => {
    const run = await runOnSecondServer({
      modes: secondServerModeMatrix[0]!,
      quirks: { cursorOnly: 'every-list' },
      checks: ['pagination.offset.walk-complete'],
      pinStyles: ['offset', 'cursor'],
    });
    expect(statusOf(run, 'pagination.offset.walk-complete')?.status).toBe('failed');
  }, 60_000);
});

describe('a list that honours no paging parameter', () => {
  it('fails the shape of its pages once, as the cause, and blocks the other pagination checks on it', async () => {
    // A gateway that drops the query string: every list answers its default page, whatever is asked.
    const run = await runBehindProxy({
      checks: pagination,
      changes: { forwardPath: (_method, path) => path.split('?')[0]! },
    });
    expect(statusOf(run, 'pagination.same-parameters-on-every-list')).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(
        /^\/customers offers none of the convention's paging styles \(no paging parameter changed the answer; offset=1, page=2, per_page=1, limit=1 \(with no next_cursor, so no after to try\) left it as it was\)/,
      ),
    });
    const blocked = run.checks.filter(
      (check) => 'blockedBy' in check && check.blockedBy === 'pagination.same-parameters-on-every-list',
    );
    expect(blocked.length).toBeGreaterThan(3);
    for (const check of blocked) expect(check.status).toBe('errored');
  }, 60_000);
});
