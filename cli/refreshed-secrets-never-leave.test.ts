// "Secrets never appear in any output or report" holds for a token the kit learns mid-run: the real
// CLI runs every suite against a target that echoes each secret it sees in every place it controls,
// behind a gateway that retires the first token once the start of the run has used it, and
// target.auth.refresh (a command) gives the next, used by every check. The refreshed token and its
// flawed forms reach the target, which echoes them in bodies, headers, cursors, links, the records
// the checks quote in their messages and the webhook deliveries to the sink, and every output is
// searched for every token in every form the target used. (One retirement only: each token and its
// flawed forms add echoed headers, and past 16 KiB of them the sink refuses the deliveries.)
import { randomBytes } from 'node:crypto';
import { renameSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLeaks, startEchoingTarget, type EchoingTarget } from '../harness/http/test-support/echoing-target.js';
import { startMiddleProxy, type MiddleProxy } from '../suites/test-support/middle-proxy.js';
import { runEverySuiteEchoed } from './test-support/run-every-suite-echoed.js';

const receiverSecret = 'whsec_Recv_Canary77b2e1d4';
const refused = { status: 401, json: { error: 'invalid_token' }, headers: { 'www-authenticate': 'Bearer' } } as const;

describe('tokens a refresh gives mid-run, echoed by a hostile target', () => {
  let target: EchoingTarget;
  let gateway: MiddleProxy;
  let dir: string;
  const issued: string[] = [];
  const retired = new Set<string>();
  let used = 0;

  const issue = (): void => {
    // Mixed case, so a header name the target makes of it arrives lower-cased: another form to find.
    const token = `tok_Refreshed_${randomBytes(10).toString('hex')}`;
    issued.push(token);
    writeFileSync(join(dir, 'token.next'), `${token}\n`);
    renameSync(join(dir, 'token.next'), join(dir, 'token'));
    used = 0;
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'apicert-echo-refresh-'));
    issue();
    await writeFile(
      join(dir, 'print-token.cjs'),
      "process.stdout.write(require('node:fs').readFileSync(require('node:path').join(__dirname, 'token'), 'utf8'));",
    );
    target = await startEchoingTarget({ knownSecrets: [receiverSecret] });
    gateway = await startMiddleProxy(target.origin, {
      answer: (_method, _path, headers) => {
        const token = String(headers.authorization ?? '').replace(/^Bearer /, '');
        // The reachability probe and the credential probe.
        if (token === issued.at(-1) && retired.size === 0 && ++used > 2) {
          retired.add(token);
          issue();
        }
        return retired.has(token) ? refused : undefined;
      },
    });
  });
  afterAll(async () => {
    await gateway.close();
    await target.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('never reach the console or any report file, in any form the target sent them', async () => {
    // No APICERT_TOKEN: even the first token comes from the refresh.
    const { exitCode, outputs, files } = await runEverySuiteEchoed({
      baseUrl: gateway.url,
      dir,
      env: { APICERT_WEBHOOK_SECRET: receiverSecret },
      auth: { refresh: { command: [process.execPath, 'print-token.cjs'] } },
    });

    expect(exitCode).toBe(1);
    expect(files).toEqual(['badge.svg', 'index.html', 'junit.xml', 'report.json']);

    // The target was given a refreshed token, and sent it back: the run went on after the first retired.
    expect(retired.size).toBe(1);
    const secrets = target.secrets();
    expect(secrets).toEqual(expect.arrayContaining([issued[0], issued[1], `Bearer ${issued[1]}`]));
    expect(outputs['report.json']).not.toContain('APICERT_CREDENTIAL_STOPPED_WORKING');
    expect(JSON.parse(outputs['report.json']!).notes).toContainEqual(
      expect.objectContaining({ message: expect.stringMatching(/^the target refused the token in use /) }),
    );

    // Among the places: deliveries to the sink, which the target signs and echoes the new token in.
    expect(outputs['report.json']).toMatch(/"direction": "inbound"/);
    expect(findLeaks(outputs, secrets)).toEqual([]);
    expect(outputs['report.json']).toContain('"x-tok-[REDACTED]"');
  }, 60_000);
});
