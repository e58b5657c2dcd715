// resources.id-is-stable on a target that refuses PUT and PATCH, as a mock of an API without them
// does (Prism answers 405 and serves its canned record at every member path): a refused write is
// what the rule allows, never "changed the record's id". The id-changeable defect, a 2xx that
// renames the record, still fails it (check-proofs.test.ts).
import { describe, expect, it } from 'vitest';
import { runBehindProxy } from '../test-support/run-behind-proxy.js';

describe('resources.id-is-stable', () => {
  it('passes a target that refuses PUT and PATCH with 405 and answers every member path 200', async () => {
    const run = await runBehindProxy({
      checks: ['resources.id-is-stable'],
      changes: {
        answer: (method, path) => {
          if (method === 'PUT' || method === 'PATCH') return { status: 405, json: { error: 'method not allowed' } };
          // A mock's canned member at any id it is asked for, the moved one included.
          const moved = /^\/(customers|orders|products)\/([^/?]+-moved)$/.exec(path);
          return method === 'GET' && moved !== null
            ? { status: 200, json: { id: decodeURIComponent(moved[2]!) } }
            : undefined;
        },
      },
    });
    const [check] = run.checks;
    expect(check?.status, JSON.stringify(check?.findings)).toBe('passed');
    expect(check?.coverage?.covered).toEqual(
      expect.arrayContaining([
        'PATCH /customers/{id} with another id refused (405)',
        'PUT /customers/{id} with another id refused (405)',
      ]),
    );
  });
});
