// The reference server is not the world: every check must also pass on a second, deliberately
// different implementation of the convention (numeric or UUID ids, keyset cursors in base64url JSON,
// problem+json errors, 200 on create and delete, a throttling gateway, its own OpenAPI 3.0 document, a receiver that answers an
// oversized delivery with 413, a reset or a 2xx, and refuses or acknowledges an incomplete event…),
// in every mode it has, with the example config's defaults. Pinned configs: second-server-pins.test.ts.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSkippedForProfile } from './test-support/skipped-for-profile.js';
import type { RunResult } from '../harness/model/run-result.js';
import { loadOpenApi } from '../harness/openapi/load-openapi.js';
import { createAnswerContract } from '../harness/openapi/response-contract.js';
import { runConformance } from '../harness/runner/run-conformance.js';
import { suites as registry } from './index.js';
import { describeModes, secondServerModeMatrix } from './test-support/second-server/mode-matrix.js';
import { secondServerConfig } from './test-support/second-server/second-server-config.js';
import { secondServerDocumentPath } from './test-support/second-server/second-server-openapi.js';
import { startSecondServer } from './test-support/second-server/start-second-server.js';
import { toRunOptions } from '../harness/model/run-options.js';

describe('every check on a second implementation of the convention', () => {
  let directory: string;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'apicert-second-'));
  });

  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it.each(secondServerModeMatrix.map((modes) => [describeModes(modes), modes] as const))(
    'passes every check with %s',
    async (_name, modes) => {
      const server = await startSecondServer({ modes });
      try {
        const configPath = join(directory, `config-${describeModes(modes).replaceAll(/[^a-z0-9]+/g, '-')}.json`);
        await writeFile(configPath, JSON.stringify(secondServerConfig()));
        // Its own API description is the contract: the openapi-contract checks judge every answer too.
        const { model } = await loadOpenApi(`${server.url}${secondServerDocumentPath}`);
        const { run } = await runConformance({
          registry,
          baseUrl: server.url,
          options: toRunOptions({ configPath }),
          seed: 11,
          contract: (baseUrl) => createAnswerContract(model, { source: secondServerDocumentPath, baseUrl }),
          env: { APICERT_TOKEN: server.token, APICERT_WEBHOOK_SECRET: server.receiverSecret },
        });
        // Its receiver and sender speak the convention's X-Signature: the checks of other profiles say so and skip.
        const notPassed = run.checks.flatMap((check) =>
          check.status === 'passed' || isSkippedForProfile(check)
            ? []
            : [`${check.id} ${check.status}: ${check.message}`],
        );
        expect(notPassed).toEqual([]);
        expect(run.checks.length).toBe(54);
        // Judged, not passed by default: records, pages and problem details were each seen.
        expect(coveredBy(run, 'openapi-contract.body-matches-schema')).toEqual(
          expect.arrayContaining(['POST /customers 200', 'GET /customers 200', 'GET /customers/{id} 404']),
        );
        // Accepting an oversized delivery or an incomplete event is left open: advice
        // (one per field left out of an event), never a failure; a refusal draws none.
        expect(adviceOf(run, 'webhooks-receiver.oversized-body-refused')).toHaveLength(
          modes.oversized === 'accept' ? 1 : 0,
        );
        expect(adviceOf(run, 'webhooks-receiver.incomplete-event-refused')).toHaveLength(
          modes.incompleteEvent === 'accept' ? 3 : 0,
        );
      } finally {
        await server.close();
      }
    },
    30_000,
  );
});

describe('the sender suite on the second implementation, signing with the standardwebhooks library', () => {
  it('passes every sender check in the standard-webhooks profile, the timestamp and id-header checks included', async () => {
    const server = await startSecondServer({ modes: secondServerModeMatrix[0]!, senderScheme: 'standard-webhooks' });
    const directory = await mkdtemp(join(tmpdir(), 'apicert-second-sender-'));
    try {
      const configPath = join(directory, 'config.json');
      await writeFile(configPath, JSON.stringify(secondServerConfig({ sender: { profile: 'standard-webhooks' } })));
      const { run } = await runConformance({
        registry,
        baseUrl: server.url,
        options: toRunOptions({ configPath, suites: ['webhooks-sender'] }),
        seed: 11,
        env: { APICERT_TOKEN: server.token },
      });
      const senderChecks = run.checks.filter((check) => check.id.startsWith('webhooks-sender.'));
      expect(
        senderChecks.map((check) =>
          `${check.id}: ${check.status} ${check.status === 'passed' ? '' : check.message}`.trim(),
        ),
      ).toEqual(senderChecks.map((check) => `${check.id}: passed`));
      expect(senderChecks.map((check) => check.id)).toEqual(
        expect.arrayContaining(['webhooks-sender.signed-timestamp-current', 'webhooks-sender.id-header-stable']),
      );
    } finally {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    }
  }, 30_000);
});

function adviceOf(run: RunResult, checkId: string): string[] {
  const check = run.checks.find((candidate) => candidate.id === checkId);
  return (check?.findings ?? []).flatMap((finding) => (finding.level === 'advisory' ? [finding.message] : []));
}

function coveredBy(run: RunResult, checkId: string): readonly string[] {
  return run.checks.find((candidate) => candidate.id === checkId)?.coverage?.covered ?? [];
}
