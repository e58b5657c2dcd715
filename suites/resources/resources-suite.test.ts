// The resources suite beyond its proofs (check-proofs.test.ts): choices the convention leaves open,
// pinned policies, clean-up after a failure and the warning-only naming rule.
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
import { listAnswersWithPage } from './list-answers-with-page.js';
import { pluralCollectionNames } from './plural-collection-names.js';
import { putReplacesRecord } from './put-replaces-record.js';
import { readUnknownId } from './read-unknown-id.js';

// Choices the convention leaves open: accepted by default, failing once the config pins the other one.
const pinnedProofs: ReadonlyArray<readonly [Check, DefectName, Partial<ApicertConfig['resources']>]> = [
  [createThenRead, 'create-returns-200', { createStatus: '201' }],
  [deleteRemovesRecord, 'delete-keeps-record', { deleteStatus: '204' }],
  [readUnknownId, 'nested-list-unknown-parent-200', { unknownParentList: '404' }],
];

describe('resources suite against the reference server', () => {
  it.each(pinnedProofs.map(([check, defect, pin]) => [check.id, defect, pin, check] as const))(
    '%s accepts the default and fails with %s once %j is pinned',
    async (_id, defect, pin, check) => {
      const configure = (config: ApicertConfig): ApicertConfig => ({
        ...config,
        resources: { ...config.resources, ...pin },
      });
      expect((await runOneAgainstReference(check, { configure })).status).toBe('passed');
      const result = await runOneAgainstReference(check, { defects: [defect], configure });
      expect(result.status, result.message).toBe('failed');
    },
  );

  it('pins the error body shape, the PUT policy and the id policy', async () => {
    const pin =
      (resources: Partial<ApicertConfig['resources']>) =>
      (config: ApicertConfig): ApicertConfig => ({
        ...config,
        resources: { ...config.resources, ...resources },
      });
    expect(
      (await runOneAgainstReference(errorResponsesAreJson, { configure: pin({ errorBodyPointer: '/error/message' }) }))
        .status,
    ).toBe('passed');
    expect(
      (await runOneAgainstReference(errorResponsesAreJson, { configure: pin({ errorBodyPointer: '/error/detail' }) }))
        .status,
    ).toBe('failed');
    // The reference server resets omitted optional fields and refuses another id with 400.
    expect(
      (await runOneAgainstReference(putReplacesRecord, { configure: pin({ putOmittedField: 'reset' }) })).status,
    ).toBe('passed');
    expect(
      (await runOneAgainstReference(putReplacesRecord, { configure: pin({ putOmittedField: 'reject' }) })).status,
    ).toBe('failed');
    expect((await runOneAgainstReference(idIsStable, { configure: pin({ idChange: 'reject' }) })).status).toBe(
      'passed',
    );
    expect((await runOneAgainstReference(idIsStable, { configure: pin({ idChange: 'ignore' }) })).status).toBe(
      'failed',
    );
    // It answers 401 to a missing or wrong token.
    expect((await runOneAgainstReference(authRequired, { configure: pin({ refusedStatus: '401' }) })).status).toBe(
      'passed',
    );
    expect((await runOneAgainstReference(authRequired, { configure: pin({ refusedStatus: '403' }) })).status).toBe(
      'failed',
    );
  });

  it('blocks delete-removes-record, never passing it, when the list is not a page, and says what the list was', async () => {
    const [listed, deleted] = await runAgainstReference([listAnswersWithPage, deleteRemovesRecord], {
      defects: ['list-not-a-page'],
    });
    expect(listed?.status).toBe('failed');
    // One root cause, every list it affects named in the one failure.
    const notAPage = '{items: array, has_more: boolean}';
    expect(listed?.message).toMatch(
      new RegExp(
        `^GET /customers did not answer ${notAPage}; GET /customers/cus_\\w+/orders did not answer ${notAPage}; GET /orders did not answer ${notAPage}; GET /products did not answer ${notAPage}$`.replace(
          /[{}]/g,
          '\\$&',
        ),
      ),
    );
    expect(listed?.actual).toMatch(/^a bare JSON array of \d+ items?, without the page envelope \(4 of 4 lists\)$/);
    expect(listed?.evidence).toHaveLength(4);
    expect(deleted?.status).toBe('errored');
    expect(deleted?.error?.code).toBe('APICERT_CHECK_BLOCKED');
    expect(deleted?.message).toMatch(
      /GET \/customers did not answer a list page .*; see resources.list-answers-with-page/,
    );
    expect(deleted?.status === 'errored' && deleted.blockedBy).toBe('resources.list-answers-with-page');
  });

  it('cleans up the records of a failing check', async () => {
    let remaining = -1;
    const [result] = await runAgainstReference([putReplacesRecord], {
      defects: ['put-merges'],
      afterRun: async (server) => {
        const page = (await (
          await fetch(`${server.url}/customers`, { headers: { authorization: `Bearer ${server.token}` } })
        ).json()) as {
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
      configure: (config) => ({
        ...config,
        collections: config.collections.map((c) => (c.name === 'products' ? { ...c, path: '/product' } : c)),
      }),
    });
    expect(singular.status).toBe('passed');
    expect(singular.findings).toEqual([
      expect.objectContaining({ level: 'advisory', message: expect.stringContaining('"product"') }),
    ]);
  });
});
