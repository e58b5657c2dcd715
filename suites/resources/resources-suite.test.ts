// Every resources check, proven both ways: it passes on the reference server and fails on the
// reference server with the matching defect switch.
import { describe, expect, it } from 'vitest';
import type { ApicertConfig } from '../../harness/config/config-types.js';
import type { DefectName } from '../../reference-server/defects.js';
import type { Check } from '../define-check.js';
import { runAgainstReference, runOneAgainstReference } from '../test-support/run-against-reference.js';
import { authRequired } from './auth-required.js';
import { createThenRead } from './create-then-read.js';
import { deleteRemovesRecord } from './delete-removes-record.js';
import { errorResponsesAreJson } from './error-responses-are-json.js';
import { idIsStable } from './id-is-stable.js';
import { resourceChecks } from './index.js';
import { listAnswersWithPage } from './list-answers-with-page.js';
import { malformedJsonRejected } from './malformed-json-rejected.js';
import { patchChangesGivenFields } from './patch-changes-given-fields.js';
import { pluralCollectionNames } from './plural-collection-names.js';
import { putReplacesRecord } from './put-replaces-record.js';
import { readUnknownId } from './read-unknown-id.js';
import { relatedCollectionIsolated } from './related-collection-isolated.js';
import { responsesAreJson } from './responses-are-json.js';
import { statelessRequests } from './stateless-requests.js';

// Each with the words its failure must say, so a check failing for another reason (a fixture the
// target refused) is no proof.
const proofs: ReadonlyArray<readonly [Check, DefectName, RegExp]> = [
  [listAnswersWithPage, 'json-as-text-plain', /says Content-Type "text\/plain.*expected application\/json/],
  [createThenRead, 'create-not-persisted', /answered 404 right after the create/],
  [readUnknownId, 'get-unknown-id-200', /answered 200 for an id that does not exist/],
  [putReplacesRecord, 'put-merges', /PUT merged instead of replacing/],
  [patchChangesGivenFields, 'patch-replaces', /PATCH changed fields it was not given/],
  [deleteRemovesRecord, 'delete-keeps-record', /answered 200 after DELETE/],
  [idIsStable, 'id-changeable', /changed the record's id/],
  [relatedCollectionIsolated, 'nested-list-leaks-other-parents', /a child of another parent/],
  [responsesAreJson, 'json-as-text-plain', /the body is sent as "text\/plain/],
  [malformedJsonRejected, '500-on-malformed-json', /malformed body .* answered 500; expected 4xx/],
  [authRequired, 'auth-not-enforced', /without a credential answered 200/],
  [authRequired, 'wrong-token-accepted', /with a wrong credential answered 200/],
  [statelessRequests, 'session-cookie-required', /answered 401 on the third request on the same connection/],
  [errorResponsesAreJson, 'error-body-not-json', /with a body that is not JSON/],
];

// Choices the convention leaves open: accepted by default, failing once the config pins the other one.
const pinnedProofs: ReadonlyArray<readonly [Check, DefectName, Partial<ApicertConfig['resources']>]> = [
  [createThenRead, 'create-returns-200', { createStatus: '201' }],
  [deleteRemovesRecord, 'delete-keeps-record', { deleteStatus: '204' }],
];

describe('resources suite against the reference server', () => {
  it('passes every check on the clean server and leaves no record behind', async () => {
    const leftovers: Record<string, number> = {};
    const results = await runAgainstReference(resourceChecks, {
      afterRun: async (server) => {
        for (const path of ['/customers', '/orders', '/products']) {
          const page = (await (await fetch(`${server.url}${path}?limit=100`, { headers: { authorization: `Bearer ${server.token}` } })).json()) as {
            items: unknown[];
          };
          leftovers[path] = page.items.length;
        }
      },
    });
    expect(results.filter((r) => r.status !== 'passed').map((r) => `${r.id}: ${r.status} ${r.message}`)).toEqual([]);
    expect(leftovers).toEqual({ '/customers': 0, '/orders': 0, '/products': 0 });
  });

  it.each(proofs.map(([check, defect, pattern]) => [check.id, defect, check, pattern] as const))('%s fails with the defect %s, with a one-line message and a curl line', async (_id, defect, check, pattern) => {
    const result = await runOneAgainstReference(check, { defects: [defect] });
    expect(result.status, result.message).toBe('failed');
    expect(result.message).toMatch(pattern);
    expect(result.message).not.toMatch(/\n/);
    expect(result.evidence.length).toBeGreaterThan(0);
    expect(result.evidence.some((exchange) => exchange.curl?.startsWith('curl '))).toBe(true);
  });

  it.each(pinnedProofs.map(([check, defect, pin]) => [check.id, defect, pin, check] as const))('%s accepts the default and fails with %s once %j is pinned', async (_id, defect, pin, check) => {
    const configure = (config: ApicertConfig): ApicertConfig => ({ ...config, resources: { ...config.resources, ...pin } });
    expect((await runOneAgainstReference(check, { configure })).status).toBe('passed');
    const result = await runOneAgainstReference(check, { defects: [defect], configure });
    expect(result.status, result.message).toBe('failed');
  });

  it('pins the error body shape, the PUT policy and the id policy', async () => {
    const pin = (resources: Partial<ApicertConfig['resources']>) => (config: ApicertConfig): ApicertConfig => ({
      ...config,
      resources: { ...config.resources, ...resources },
    });
    expect((await runOneAgainstReference(errorResponsesAreJson, { configure: pin({ errorBodyPointer: '/error/message' }) })).status).toBe('passed');
    expect((await runOneAgainstReference(errorResponsesAreJson, { configure: pin({ errorBodyPointer: '/error/detail' }) })).status).toBe('failed');
    // The reference server resets omitted optional fields and refuses another id with 400.
    expect((await runOneAgainstReference(putReplacesRecord, { configure: pin({ putOmittedField: 'reset' }) })).status).toBe('passed');
    expect((await runOneAgainstReference(putReplacesRecord, { configure: pin({ putOmittedField: 'reject' }) })).status).toBe('failed');
    expect((await runOneAgainstReference(idIsStable, { configure: pin({ idChange: 'reject' }) })).status).toBe('passed');
    expect((await runOneAgainstReference(idIsStable, { configure: pin({ idChange: 'ignore' }) })).status).toBe('failed');
    // It answers 401 to a missing or wrong token.
    expect((await runOneAgainstReference(authRequired, { configure: pin({ refusedStatus: '401' }) })).status).toBe('passed');
    expect((await runOneAgainstReference(authRequired, { configure: pin({ refusedStatus: '403' }) })).status).toBe('failed');
  });

  it('cleans up the records of a failing check', async () => {
    let remaining = -1;
    const [result] = await runAgainstReference([putReplacesRecord], {
      defects: ['put-merges'],
      afterRun: async (server) => {
        const page = (await (await fetch(`${server.url}/customers`, { headers: { authorization: `Bearer ${server.token}` } })).json()) as {
          items: unknown[];
        };
        remaining = page.items.length;
      },
    });
    expect(result?.status).toBe('failed');
    expect(remaining).toBe(0);
  });

  it('warns, without failing, about a singular collection name', async () => {
    const clean = await runOneAgainstReference(pluralCollectionNames);
    expect(clean.findings).toEqual([]);
    const singular = await runOneAgainstReference(pluralCollectionNames, {
      configure: (config) => ({ ...config, collections: config.collections.map((c) => (c.name === 'products' ? { ...c, path: '/product' } : c)) }),
    });
    expect(singular.status).toBe('passed');
    expect(singular.findings).toEqual([expect.objectContaining({ level: 'warning', message: expect.stringContaining('"product"') })]);
  });
});
