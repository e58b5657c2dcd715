// The contract on the second implementation, with a document that is wrong about it: the server's
// answers are right by the convention and wrong by the document, so only the contract class fails,
// citing the document. (suites/second-server.test.ts proves it passes with the right document.)
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOpenApi } from '../../harness/openapi/load-openapi.js';
import { createAnswerContract } from '../../harness/openapi/response-contract.js';
import { runConformance } from '../../harness/runner/run-conformance.js';
import { suites as registry } from '../index.js';
import { secondServerModeMatrix } from '../test-support/second-server/mode-matrix.js';
import { secondServerConfig } from '../test-support/second-server/second-server-config.js';
import { secondServerDocument } from '../test-support/second-server/second-server-openapi.js';
import { startSecondServer } from '../test-support/second-server/start-second-server.js';
import { toRunOptions } from '../../harness/model/run-options.js';

describe('the openapi-contract class on the second server', () => {
  it('fails only the document, when the document says ids are UUIDs and the server answers numbers', async () => {
    const modes = secondServerModeMatrix[0]!;
    expect(modes.idStyle).toBe('numeric');
    const directory = await mkdtemp(join(tmpdir(), 'apicert-contract-'));
    const server = await startSecondServer({ modes });
    try {
      const documentPath = join(directory, 'api-docs.json');
      await writeFile(documentPath, JSON.stringify(secondServerDocument({ ...modes, idStyle: 'uuid' })));
      const configPath = join(directory, 'config.json');
      await writeFile(configPath, JSON.stringify(secondServerConfig()));
      const { model } = await loadOpenApi(documentPath);
      const { run } = await runConformance({
        registry,
        baseUrl: server.url,
        options: toRunOptions({
          configPath,
          suites: ['resources', 'openapi-contract'],
          requirement: { required: ['resources-core', 'openapi-contract'], strict: false, also: [] },
        }),
        seed: 3,
        contract: (baseUrl) => createAnswerContract(model, { source: 'api-docs.json', baseUrl }),
        env: { APICERT_TOKEN: server.token },
      });
      const byId = new Map(run.checks.map((check) => [check.id, check]));
      expect(
        run.checks.filter((check) => check.suite === 'resources' && check.status !== 'passed').map((check) => check.id),
      ).toEqual([]);
      expect(byId.get('openapi-contract.status-documented')?.status).toBe('passed');
      expect(byId.get('openapi-contract.content-type-documented')?.status).toBe('passed');
      const body = byId.get('openapi-contract.body-matches-schema');
      if (body?.status !== 'failed') throw new Error(`body-matches-schema ${body?.status ?? 'missing'}, not failed`);
      expect(body.message).toMatch(
        /^\d+ answers had a body that does not match its documented schema in api-docs\.json \(the first \d+ shown\); first: POST \/customers 200: the body does not match the schema for 200: \/id must be string \(\/paths\/~1customers\/post\/responses\/200\) \(an answer to resources\.[a-z-]+\)$/,
      );
      expect(body.evidence.length).toBeGreaterThan(0);
      expect(run.classes.find((result) => result.id === 'openapi-contract')).toMatchObject({
        verdict: 'failed',
        required: true,
      });
      expect(run.verdict).toBe('failed');
    } finally {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    }
  }, 60_000);

  it('is skipped, with how to give a document, when the run has none', async () => {
    const server = await startSecondServer({ modes: secondServerModeMatrix[0]! });
    const directory = await mkdtemp(join(tmpdir(), 'apicert-contract-'));
    try {
      const configPath = join(directory, 'config.json');
      await writeFile(configPath, JSON.stringify(secondServerConfig()));
      const { run } = await runConformance({
        registry,
        baseUrl: server.url,
        options: toRunOptions({ configPath, suites: ['resources', 'openapi-contract'] }),
        seed: 3,
        env: { APICERT_TOKEN: server.token },
      });
      const contract = run.checks.filter((check) => check.suite === 'openapi-contract');
      expect(
        contract.map((check) => (check.status === 'skipped' ? `skipped: ${check.message}` : check.status)),
      ).toEqual(
        Array(3).fill(
          'skipped: no API description was given (run with --openapi FILE|URL to check the answers against it)',
        ),
      );
      // Not required by default, so the convention's classes decide the verdict alone.
      expect(run.classes.find((result) => result.id === 'openapi-contract')).toMatchObject({
        verdict: 'skipped',
        required: false,
      });
      expect(run.verdict).toBe('passed');
    } finally {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    }
  }, 60_000);
});
