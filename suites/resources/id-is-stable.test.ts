// resources.id-is-stable on a target that refuses PUT and PATCH, as a mock of an API without them
// does (Prism answers 405 and serves its canned record at every member path): a refused write is
// what the rule allows, never "changed the record's id"; a 405 says the collection does not offer the
// method, so the write is left out as not offered (operations-not-offered.test.ts). The
// id-changeable defect, a 2xx that renames the record, still fails it (check-proofs.test.ts).
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
    expect(check?.coverage?.covered).toContain('GET /customers/{id}');
    expect(check?.coverage?.leftOut).toEqual(
      expect.arrayContaining([
        { item: 'PATCH /customers/{id}', why: 'answered 405 (Method Not Allowed): taken as not offered' },
        { item: 'PUT /customers/{id}', why: 'answered 405 (Method Not Allowed): taken as not offered' },
      ]),
    );
  });

  it('counts a refusal other than 405 as the refusal the rule allows', async () => {
    const run = await runBehindProxy({
      checks: ['resources.id-is-stable'],
      changes: {
        answer: (method) =>
          method === 'PUT' || method === 'PATCH' ? { status: 422, json: { error: 'id is read-only' } } : undefined,
      },
    });
    const [check] = run.checks;
    expect(check?.status, JSON.stringify(check?.findings)).toBe('passed');
    expect(check?.coverage?.covered).toEqual(
      expect.arrayContaining([
        'PATCH /customers/{id} with another id refused (422)',
        'PUT /customers/{id} with another id refused (422)',
      ]),
    );
  });
});
