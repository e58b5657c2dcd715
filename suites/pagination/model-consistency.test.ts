// pagination.model-consistency, proven both ways. Each switch it names only shows where walks and
// writes meet: with it on, every other resources and pagination check passes and this one fails, on a sequence
// shrunk to a handful of steps (cursor-keeps-first-limit is the exception: explored-queries, which
// sends a cursor with another limit too, fails it as well). Its generated sequences find what the
// fixed ones never try. On the second server in every mode, and on lists of thousands of records
// with another writer, it runs with every other check (second-server.test.ts, shared-staging.test.ts).
import { describe, expect, it } from 'vitest';
import type { DefectName } from '../../reference-server/defects.js';
import type { ReadableResult } from '../../harness/model/test-support/readable-result.js';
import { runAgainstReference } from '../test-support/run-against-reference.js';
import { runBehindProxy } from '../test-support/run-behind-proxy.js';
import { resourceChecks } from '../resources/index.js';
import { paginationChecks } from './index.js';
import { modelConsistency } from './model-consistency.js';

const stepsOf = (result: ReadableResult | undefined): string[] =>
  ((result?.counterexample as { steps?: string[] } | undefined)?.steps ?? []) as string[];

const notPassed = (results: readonly ReadableResult[]): string[] =>
  results.filter((result) => result.status === 'failed' || result.status === 'errored').map((result) => result.id);

describe('pagination.model-consistency', () => {
  const alsoCaughtElsewhere: Partial<Record<string, readonly string[]>> = {
    'cursor-keeps-first-limit': ['pagination.explored-queries'],
  };

  it.each((modelConsistency.provenBy ?? []).map((name) => [name] as const))(
    '%s: every other resources and pagination check passes it, this one fails on a sequence of at most 5 steps',
    async (name) => {
      const results = await runAgainstReference([...resourceChecks, ...paginationChecks], {
        defects: [name as DefectName],
      });
      expect(notPassed(results).sort()).toEqual(
        ['pagination.model-consistency', ...(alsoCaughtElsewhere[name] ?? [])].sort(),
      );
      const model = results.find((result) => result.id === 'pagination.model-consistency');
      const steps = stepsOf(model);
      expect(steps.length).toBeGreaterThan(0);
      expect(steps.length).toBeLessThanOrEqual(5);
      expect(model?.message).toMatch(
        /\(step \d+ breaks 4\.2[^;]*; found by fixed sequence \d on \/[\w/]+, shrunk over \d+ run\(s\)\)$/,
      );
      // The breaking step is the last, and names the walk and what it fetched.
      expect(steps.at(-1)).toMatch(/^\d+\. walk [AB] \((cursor|offset|page)\)/);
    },
    60_000,
  );

  it('passes the clean server, judging a cursor walk on every list, and lists what it drew', async () => {
    const [model] = await runAgainstReference([modelConsistency]);
    expect(model?.status).toBe('passed');
    const covered = model?.coverage?.covered ?? [];
    for (const list of ['/customers', '/customers/{id}/orders', '/orders', '/products'])
      expect(covered).toContain(`GET ${list}: cursor walks kept open across writes`);
    expect(covered).toContain('GET /customers: writes between pages, change-seen');
    expect(covered).toContain('GET /customers: writes between pages, child-seen');
    expect(covered).toContain('GET /customers: a page walk continued in another page size');
    // A nested list has no PATCH body in the config and no related list of its own: never claimed.
    expect(covered).not.toContain('GET /customers/{id}/orders: writes between pages, change-seen');
    expect(covered).not.toContain('GET /customers/{id}/orders: writes between pages, child-seen');
  }, 60_000);

  it('passes a list whose maximum page size is walkPageSize and that refuses more with a 400', async () => {
    // The fixed sequence with every write kind stays within walkPageSize, so it is judged; a drawn
    // size above it ends that walk unjudged, with a note (4.2/4 lets a list refuse it).
    const run = await runBehindProxy({
      checks: ['pagination.model-consistency'],
      config: (example) => ({ ...example, pagination: { ...(example['pagination'] as object), maxPageSize: 5 } }),
      changes: {
        answer: (method, path) => {
          const size = /[?&](?:limit|per_page)=(\d+)/.exec(path)?.[1];
          return method === 'GET' && size !== undefined && Number(size) > 5
            ? { status: 400, json: { error: { message: 'page size above 5' } } }
            : undefined;
        },
      },
    });
    const [check] = run.checks;
    expect(check?.status, check?.status === 'failed' ? check.message : '').toBe('passed');
    const covered = check?.coverage?.covered ?? [];
    expect(covered).toContain('GET /customers: cursor walks kept open across writes');
    expect(covered).toContain('GET /customers: writes between pages, change-seen');
    expect(covered).toContain('GET /customers: writes between pages, child-seen');
    expect(covered).not.toContain('GET /customers: 10 item(s) a page');
  }, 60_000);

  it('finds in a generated sequence a page size the fixed ones never ask for, and shrinks it', async () => {
    // A gateway with a minimum page size of 2: only a drawn walk asks for 1 item a page.
    const run = await runBehindProxy({
      checks: ['pagination.model-consistency'],
      config: (example) => ({ ...example, pagination: { ...(example['pagination'] as object), modelRuns: 20 } }),
      changes: {
        forwardPath: (method, path) =>
          method === 'GET' ? path.replace(/([?&])(limit|per_page)=1(?=&|$)/, '$1$2=2') : path,
      },
    });
    const [check] = run.checks;
    expect(check?.status).toBe('failed');
    expect(check?.status === 'failed' && check.message).toMatch(
      /asked for 1 item\(s\) a page and got 2 .*found by generated sequence \d+ of 20 on \/[\w/]+ \(fast-check seed \d+\), shrunk over \d+ run\(s\)/,
    );
    const steps = check?.status === 'failed' ? ((check.counterexample as { steps: string[] }).steps ?? []) : [];
    expect(steps.length).toBeLessThanOrEqual(3);
    expect(steps.at(-1)).toMatch(/limit=1|per_page=1/);
  }, 60_000);
});
