// resources.model-consistency, proven both ways. Each switch it names is a slip only a sequence
// shows: with it on, every other resources check passes and this one fails, on a sequence shrunk to
// a handful of steps. Its generated sequences find what the fixed one never tries, and shrink it.
// On the second server in every mode, and on lists of thousands of records with another writer,
// it runs with every other check (second-server.test.ts, shared-staging.test.ts).
import { describe, expect, it } from 'vitest';
import type { DefectName } from '../../reference-server/defects.js';
import type { ReadableResult } from '../../harness/model/test-support/readable-result.js';
import { runAgainstReference } from '../test-support/run-against-reference.js';
import { runBehindProxy } from '../test-support/run-behind-proxy.js';
import { modelConsistency } from './model-consistency.js';
import { resourceChecks } from './index.js';

const stepsOf = (result: ReadableResult | undefined): string[] =>
  ((result?.counterexample as { steps?: string[] } | undefined)?.steps ?? []) as string[];

describe('resources.model-consistency', () => {
  // foreign-id-served is a variant (a supertype's collection may hold the record): advice only.
  const failingSwitches = (modelConsistency.provenBy ?? []).filter((name) => name !== 'foreign-id-served');

  it.each(failingSwitches.map((name) => [name] as const))(
    '%s: every other resources check passes it, this one fails on a sequence of at most 5 steps',
    async (name) => {
      const results = await runAgainstReference(resourceChecks, { defects: [name as DefectName] });
      const notPassed = results
        .filter((result) => result.status === 'failed' || result.status === 'errored')
        .map((result) => result.id);
      expect(notPassed).toEqual(['resources.model-consistency']);
      const model = results.find((result) => result.id === 'resources.model-consistency');
      const steps = stepsOf(model);
      expect(steps.length).toBeGreaterThan(0);
      expect(steps.length).toBeLessThanOrEqual(5);
      expect(model?.message).toMatch(
        /\(step \d+ breaks [\d./, ]+; found by a fixed sequence, shrunk over \d+ run\(s\)\)$/,
      );
    },
    30_000,
  );

  it('foreign-id-served: a record answered under another collection is advice, and nothing fails', async () => {
    const results = await runAgainstReference(resourceChecks, { defects: ['foreign-id-served'] });
    expect(results.filter((result) => result.status === 'failed' || result.status === 'errored')).toEqual([]);
    const model = results.find((result) => result.id === 'resources.model-consistency');
    expect(model?.status).toBe('passed');
    expect(model?.findings.filter((finding) => finding.level === 'advisory').map((finding) => finding.message)).toEqual(
      [expect.stringMatching(/^GET \/(orders|products|customers)\/\w+ answered the record \/\w+\/\w+: /)],
    );
  }, 30_000);

  it('passes a server that strips markup from what it stores and answers a PATCH with fewer fields', async () => {
    // Both are the server's to choose (the fields and their rules are not shown; 4.1 asks for a record).
    const run = await runBehindProxy({
      checks: ['resources.model-consistency'],
      config: (example) => ({ ...example, resources: { ...(example['resources'] as object), modelRuns: 12 } }),
      changes: {
        requestBody: (method, _path, body) =>
          method === 'PUT' || method === 'PATCH' ? Buffer.from(body.toString('utf8').replace(/<\/?b>/g, '')) : body,
        // Fields no PATCH body of the example config sets are left out of the PATCH answers.
        answerBody: (method, _path, status, body) => {
          if (method !== 'PATCH' || status !== 200) return body;
          const {
            email: _email,
            sku: _sku,
            customerId: _customerId,
            ...rest
          } = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
          return Buffer.from(JSON.stringify(rest));
        },
      },
    });
    const [check] = run.checks;
    expect(check?.status, check?.status === 'failed' ? check.message : '').toBe('passed');
    expect(check?.coverage?.covered).toContain('string values written quotes-and-markup');
  }, 60_000);

  it('finds in a generated sequence a value the fixed one never writes, and shrinks it', async () => {
    // A gateway that stores emoji as "?": only a drawn value holds one.
    const run = await runBehindProxy({
      checks: ['resources.model-consistency'],
      config: (example) => ({
        ...example,
        resources: { ...(example['resources'] as object), modelRuns: 40 },
      }),
      changes: {
        requestBody: (method, _path, body) =>
          method === 'PUT' || method === 'PATCH' ? Buffer.from(body.toString('utf8').replaceAll('🙂', '?')) : body,
      },
    });
    const [check] = run.checks;
    expect(check?.status).toBe('failed');
    expect(check?.status === 'failed' && check.message).toMatch(
      /🙂.*got ".*ok \?".*found by generated sequence \d+ of 40 \(fast-check seed \d+\), shrunk over \d+ run\(s\)/,
    );
    const steps = (check?.status === 'failed' ? (check.counterexample as { steps: string[] }).steps : []) ?? [];
    // The creates every sequence starts with (one per list), and the write that broke.
    expect(steps.length).toBeLessThanOrEqual(6);
    expect(steps.at(-1)).toMatch(/^\d+\. (PUT|PATCH|GET) \/\w+\/\w+/);
  }, 60_000);
});
