// target.auth.none: an API that takes no credential is certified without a token variable, the
// authentication check skipped with the reason; the same config against an API that wants one stops
// at once in one line instead of failing every check on 401.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer } from '../reference-server/start.js';
import { runCli } from './cli.js';
import { captureIo } from './test-support/capture-io.js';

const exampleConfig = fileURLToPath(new URL('../apicert.config.example.json', import.meta.url));

describe('target.auth.none', () => {
  let directory: string;
  let configPath: string;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'apicert-auth-none-'));
    const example = JSON.parse(await readFile(exampleConfig, 'utf8')) as {
      target: Record<string, unknown>;
      webhooks: Record<string, unknown>;
    };
    configPath = join(directory, 'open-api.json');
    await writeFile(
      configPath,
      JSON.stringify({ ...example, target: { ...example.target, auth: { none: true } }, webhooks: {} }),
    );
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('certifies an API that takes no credential without a token variable, and skips resources-auth, which it cannot judge, with the reason', async () => {
    // The reference server with its auth switched off stands in for an open API.
    const server = await startReferenceServer({ port: 0, defects: ['auth-not-enforced'] });
    try {
      const reportDir = join(directory, 'report');
      const io = captureIo({});
      const code = await runCli(
        ['run', '--base-url', server.url, '--config', configPath, '--report-dir', reportDir, '--suite', 'resources'],
        io,
      );
      expect(io.err()).toBe('');
      expect(code).toBe(0);
      const report = JSON.parse(await readFile(join(reportDir, 'report.json'), 'utf8')) as {
        classes: { id: string; verdict: string; required: boolean; reason?: string }[];
        checks: { id: string; status: string; message?: string }[];
      };
      const byId = new Map(report.checks.map((check) => [check.id, check]));
      expect(byId.get('resources.auth-required')).toMatchObject({
        status: 'skipped',
        message: expect.stringMatching(/target\.auth\.none says the API takes no credential/),
      });
      // Issue 35, row 8: the session and page-size probes alone do not judge the class's rule.
      expect(byId.get('resources.stateless-requests')).toMatchObject({
        status: 'skipped',
        message: expect.stringMatching(/^target\.auth\.none: true: no credential to judge /),
        coverage: {
          leftOut: expect.arrayContaining([
            {
              item: '/customers: the credential remembered for the connection',
              why: 'target.auth.none: true: no credential to judge',
            },
          ]),
        },
      });
      expect(report.classes.find((result) => result.id === 'resources-auth')).toMatchObject({
        verdict: 'skipped',
        required: false,
        reason: expect.stringMatching(
          /^nothing in it was judged: resources\.stateless-requests skipped: target\.auth\.none: true: no credential to judge .*; resources\.auth-required skipped: target\.auth\.none says/,
        ),
      });
      expect(report.classes.find((result) => result.id === 'resources-core')?.verdict).toBe('passed');
      expect(byId.get('resources.error-responses-are-json')?.status).toBe('passed');
      // Required by name, a class that judged nothing fails the run, as any skipped required class does.
      const required = captureIo({});
      const requiredCode = await runCli(
        [
          'run',
          '--base-url',
          server.url,
          '--config',
          configPath,
          '--report-dir',
          join(directory, 'required'),
          '--suite',
          'resources',
          '--require',
          'resources-auth',
        ],
        required,
      );
      expect(requiredCode).toBe(1);
      expect(required.out()).toMatch(/Verdict: failed: required classes not passed: resources-auth \(skipped\)/);
    } finally {
      await server.close();
    }
  });

  it('stops with one line, exit 2, when the API answers 401 without a credential after all', async () => {
    const server = await startReferenceServer({ port: 0 });
    try {
      const io = captureIo({});
      const code = await runCli(
        [
          'run',
          '--base-url',
          server.url,
          '--config',
          configPath,
          '--report-dir',
          join(directory, 'refused'),
          '--suite',
          'resources',
        ],
        io,
      );
      expect(code).toBe(2);
      expect(io.err()).toMatch(
        /^APICERT_CREDENTIAL_REFUSED: the target answered 401 to GET \/customers without a credential, but target\.auth\.none says it takes none, so no check ran; remove target\.auth\.none and put the token in APICERT_TOKEN\n$/,
      );
    } finally {
      await server.close();
    }
  });
});
