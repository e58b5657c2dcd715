// The contract's "secrets never appear in any output or report", held against a target that tries:
// the real CLI runs every suite against a server that echoes each secret it sees (the token, the
// wrong token, the sink's signing secret, the receiver's) in every place it controls, and every
// output is searched for every secret in every form the target used.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLeaks, startEchoingTarget, type EchoingTarget } from '../harness/http/test-support/echoing-target.js';
import { startLocalServer } from '../harness/http/test-support/local-server.js';
import { runCli } from './cli.js';
import { captureIo } from './test-support/capture-io.js';
import { runEverySuiteEchoed } from './test-support/run-every-suite-echoed.js';

const exampleConfig = fileURLToPath(new URL('../apicert.config.example.json', import.meta.url));

// Mixed case, so a header name the target makes of it arrives lower-cased: another form to find.
const token = 'tok_Live_EchoCanary9f3a0c';
const receiverSecret = 'whsec_Recv_Canary77b2e1d4';

describe('secrets a hostile target echoes', () => {
  let target: EchoingTarget;
  let dir: string;

  beforeAll(async () => {
    target = await startEchoingTarget({ knownSecrets: [receiverSecret] });
    dir = await mkdtemp(join(tmpdir(), 'apicert-echo-'));
  });
  afterAll(async () => {
    await target.close();
  });

  it('never reach the console or any report file, in any form the target sent them', async () => {
    const { exitCode, outputs, files, stdout } = await runEverySuiteEchoed({
      baseUrl: target.origin,
      dir,
      env: { APICERT_TOKEN: token, APICERT_WEBHOOK_SECRET: receiverSecret },
    });

    expect(exitCode).toBe(1);
    expect(files).toEqual(['badge.svg', 'index.html', 'junit.xml', 'report.json']);
    expect(outputs['job summary']).toMatch(/^## apicert: ❌ failed/);
    expect(stdout).toMatch(/^::error title=apicert failed%3A /m);

    // The target really was given every secret, and really sent them back.
    const secrets = target.secrets();
    expect(secrets).toEqual(
      expect.arrayContaining([token, `Bearer ${token}`, receiverSecret, expect.stringMatching(/^[0-9a-f]{64}$/)]),
    );
    const wrongToken = secrets.find((secret) => secret !== token && /^[a-z]{3}_[A-Z][a-z]{3}_/.test(secret));
    expect(wrongToken).toBeDefined();
    expect(target.deliveriesSent()).toBeGreaterThan(0);

    expect(findLeaks(outputs, secrets)).toEqual([]);
    // Header names were among the places: they reached the report, redacted.
    expect(outputs['report.json']).toContain('"x-tok-[REDACTED]"');
  }, 30_000);
});

describe('--base-url with user info', () => {
  it('exits 2 with one line that says where the credential goes, shows no password, and sends nothing', async () => {
    let requests = 0;
    const server = await startLocalServer((_req, res) => {
      requests++;
      res.end();
    });
    try {
      const io = captureIo({ APICERT_TOKEN: 't' });
      const baseUrl = `http://admin:pa55w0rdXyz@127.0.0.1:${server.port}`;
      const code = await runCli(['run', '--base-url', baseUrl, '--config', exampleConfig], io);
      expect(code).toBe(2);
      expect(io.err()).toBe(
        `APICERT_USAGE: --base-url must not carry a user name or password (got "http://***@127.0.0.1:${server.port}"); ` +
          'remove "user:password@" and put the credential in the environment variable named by target.auth.tokenEnv (APICERT_TOKEN)\n',
      );
      expect(io.out()).toBe('');
      expect(io.err()).not.toMatch(/pa55w0rdXyz|admin/);
      expect(requests).toBe(0);
    } finally {
      await server.close();
    }
  });
});
