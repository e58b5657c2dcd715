// resources.stateless-requests against an API that takes no credential (issue 35, row 8): the probes
// that need none still fail a carried state, but their pass alone does not pass resources-auth.
import { describe, expect, it } from 'vitest';
import type { ApicertConfig } from '../../harness/config/config-types.js';
import type { DefectName } from '../../reference-server/defects.js';
import { runOneAgainstReference } from '../test-support/run-against-reference.js';
import { secondServerModeMatrix } from '../test-support/second-server/mode-matrix.js';
import { runOnSecondServer } from '../test-support/second-server/run-on-second-server.js';
import { statelessRequests } from './stateless-requests.js';

const noCredential = 'target.auth.none: true: no credential to judge';

const open = (config: ApicertConfig): ApicertConfig => ({
  ...config,
  target: { ...config.target, auth: { ...config.target.auth, none: true } },
});

describe('resources.stateless-requests under target.auth.none', () => {
  it('is skipped on the reference server with its auth off, the credential probes left out with why', async () => {
    const result = await runOneAgainstReference(statelessRequests, { defects: ['auth-not-enforced'], configure: open });
    expect(result.status).toBe('skipped');
    expect(result.message).toMatch(new RegExp(`^${noCredential} \\(a credential remembered`));
    expect(result.coverage?.leftOut).toContainEqual({
      item: '/customers: a cookie standing in for the credential',
      why: noCredential,
    });
    // What it did judge stays listed: the session probes on every list.
    expect(result.coverage?.covered).toContain('GET /customers');
  });

  it.each<DefectName>(['session-cookie-required', 'page-size-remembered'])(
    'still fails with %s: state carried is judged without a credential',
    async (defect) => {
      const result = await runOneAgainstReference(statelessRequests, {
        defects: ['auth-not-enforced', defect],
        configure: open,
      });
      expect(result.status, result.message).toBe('failed');
    },
  );

  it('leaves resources-auth skipped, with the reason, on the second server taken open', async () => {
    const run = await runOnSecondServer({
      modes: secondServerModeMatrix[0]!,
      quirks: { open: true },
      checks: ['resources.auth-required', 'resources.stateless-requests'],
    });
    expect(run.checks.map((check) => [check.id, check.status])).toEqual([
      ['resources.stateless-requests', 'skipped'],
      ['resources.auth-required', 'skipped'],
    ]);
    expect(run.classes).toEqual([
      expect.objectContaining({
        id: 'resources-auth',
        verdict: 'skipped',
        required: false,
        reason: expect.stringMatching(
          new RegExp(`^nothing in it was judged: resources\\.stateless-requests skipped: ${noCredential} `),
        ),
      }),
    ]);
    // Nothing else ran: nothing was certified.
    expect(run.verdict).toBe('failed');
  });
});
