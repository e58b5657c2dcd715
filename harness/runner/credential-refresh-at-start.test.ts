// target.auth.refresh at the start of a run: it gives the first token when the variable named by
// tokenEnv is not set, and one new token when the token in it is refused at once; when it cannot,
// the run stops before any check in one line (exit 2) that quotes nothing the refresh printed.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApicertError } from '../errors.js';
import { toRunOptions } from '../model/run-options.js';
import { startReferenceServer, type RunningReferenceServer } from '../../reference-server/start.js';
import { suites } from '../../suites/index.js';
import { startMiddleProxy, type MiddleProxy } from '../../suites/test-support/middle-proxy.js';
import { exampleConfigPath } from '../../suites/test-support/run-against-reference.js';
import { runConformance } from './run-conformance.js';

let dir: string;
let server: RunningReferenceServer;
// In front of the server, counting what reaches it.
let counter: MiddleProxy;
let requests = 0;
const check = 'resources.create-then-read';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'apicert-refresh-start-'));
  server = await startReferenceServer({ port: 0 });
  counter = await startMiddleProxy(server.url, { answer: () => void (requests += 1) });
  await writeFile(join(dir, 'print-env.cjs'), 'console.log(process.env.REFRESHED_TOKEN ?? "");');
  await writeFile(
    join(dir, 'fails.cjs'),
    'console.log("secret_printed_" + process.env.REFRESHED_TOKEN); process.exit(3);',
  );
});
afterAll(async () => {
  await counter.close();
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

/** Runs one check with target.auth.refresh set to `refresh`; the run's result, or the error it stopped with. */
async function runWith(refresh: unknown, env: Record<string, string>) {
  const example = JSON.parse(await readFile(exampleConfigPath, 'utf8')) as { target: Record<string, unknown> };
  const configPath = join(dir, `config-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(
    configPath,
    JSON.stringify({ ...example, target: { ...example.target, auth: { refresh } }, webhooks: {} }),
  );
  return runConformance({
    registry: suites,
    baseUrl: counter.url,
    options: toRunOptions({ configPath, checks: [check] }),
    seed: 7,
    env,
  }).then(
    ({ run }) => run,
    (error: unknown) => error,
  );
}

const command = (script: string) => ({ command: [process.execPath, script] });

describe('target.auth.refresh at the start of a run', () => {
  it("gives the first token when tokenEnv is not set; the command runs in the config file's folder", async () => {
    const run = await runWith(command('print-env.cjs'), { REFRESHED_TOKEN: server.token });
    expect(run).not.toBeInstanceOf(Error);
    expect((run as { checks: { status: string }[] }).checks.map((result) => result.status)).toEqual(['passed']);
  });

  it('gives one new token when the one in tokenEnv is refused at once, and the run goes on', async () => {
    const run = await runWith(command('print-env.cjs'), {
      APICERT_TOKEN: 'tok_expired_0123456789',
      REFRESHED_TOKEN: server.token,
    });
    expect(run).not.toBeInstanceOf(Error);
    const { checks, notes } = run as { checks: { status: string }[]; notes: { message: string }[] };
    expect(checks.map((result) => result.status)).toEqual(['passed']);
    expect(notes.map((note) => note.message)).toContainEqual(
      expect.stringMatching(
        /^the target refused the token in use once, and target\.auth\.refresh \(command ".+ print-env\.cjs"\) gave a new one each time/,
      ),
    );
  });

  it('stops before any check, in one line, when the refresh gives no first token', async () => {
    const before = requests;
    const error = await runWith(command('fails.cjs'), { REFRESHED_TOKEN: 'x' });
    expect(error).toBeInstanceOf(ApicertError);
    expect((error as ApicertError).code).toBe('APICERT_CREDENTIAL_REFRESH_FAILED');
    expect((error as ApicertError).message).toBe(
      `environment variable APICERT_TOKEN is not set, so the first token was to come from target.auth.refresh, and the refresh command "${process.execPath} fails.cjs" failed (exit code 3); fix target.auth.refresh, or export the API token in APICERT_TOKEN`,
    );
    expect(requests).toBe(before);
  });

  it('stops before any check when the token in tokenEnv and the refreshed one are both refused', async () => {
    const error = await runWith(command('print-env.cjs'), {
      APICERT_TOKEN: 'tok_expired_0123456789',
      REFRESHED_TOKEN: 'tok_wrong_too_0123456789',
    });
    expect((error as ApicertError).code).toBe('APICERT_CREDENTIAL_REFUSED');
    expect((error as ApicertError).message).toBe(
      `the target answered 401 to GET /customers with the credential from APICERT_TOKEN (header Authorization, scheme Bearer) and with the new token target.auth.refresh gave (command "${process.execPath} print-env.cjs"), so no check ran; check the tokens and target.auth`,
    );
  });

  it('stops before anything is sent when a variable of the OAuth 2.0 client is not set', async () => {
    const before = requests;
    const error = await runWith(
      {
        oauth2ClientCredentials: {
          tokenUrl: 'https://auth.example.com/oauth/token',
          clientIdEnv: 'APICERT_CLIENT_ID',
          clientSecretEnv: 'APICERT_CLIENT_SECRET',
        },
      },
      { APICERT_TOKEN: server.token, APICERT_CLIENT_ID: 'apicert-ci' },
    );
    expect((error as ApicertError).code).toBe('APICERT_SECRET_MISSING');
    expect((error as ApicertError).message).toBe(
      'environment variable APICERT_CLIENT_SECRET is not set; export the OAuth 2.0 client secret (target.auth.refresh.oauth2ClientCredentials.clientSecretEnv) in it',
    );
    expect(requests).toBe(before);
  });
});
