// A credential that expires mid-run is refreshed, never judged (issue 36, item 5). A gateway in front
// of the reference server and of the second implementation takes one token at a time and retires it
// after a number of requests, as an expiring token does; target.auth.refresh gets the new one (a
// command that prints it, or an OAuth 2.0 client credentials grant at a local token endpoint). The
// run completes with the verdicts it has without the gateway's rotation, no check errored on the
// credential, and no report holds a token. A refresh that gives a token the target refuses still
// stops the run with that one cause.
import { randomBytes } from 'node:crypto';
import { renameSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leakForms } from '../harness/http/test-support/echoing-target.js';
import { startLocalServer } from '../harness/http/test-support/local-server.js';
import type { RunResult } from '../harness/model/run-result.js';
import type { ProxyChanges } from './test-support/middle-proxy.js';
import { gatewayTargets, runThroughGateway, type GatewayTarget } from './test-support/run-through-gateway.js';

const refused = { status: 401, json: { error: 'invalid_token' }, headers: { 'www-authenticate': 'Bearer' } } as const;
const codeOf = (check: RunResult['checks'][number]) => (check.status === 'errored' ? check.error.code : undefined);
const messageOf = (check: RunResult['checks'][number]) => ('message' in check ? check.message : '');
const verdicts = (run: RunResult) => Object.fromEntries(run.checks.map((check) => [check.id, check.status]));

// The kit trusts a probe its token passed for a second (credential-watch.ts); an hourly token never
// expires within it, so neither does a refreshed token of the gateway's. (The first token has no
// such probe behind it, so the first retirement needs no time: every run sees it.)
const minRefreshedTokenLifeMs = 1500;

/**
 * A gateway that takes one token at a time and retires it once it has carried `uses` requests (a
 * refreshed one once it has also lived minRefreshedTokenLifeMs), answering a retired token 401
 * itself. The current token is swapped for the server's own on the way; any other credential (the
 * kit's flawed ones) is passed on for the server to refuse. The current token is also written to
 * `tokenFile`, where the refresh command reads it.
 */
function rotatingGateway(tokenFile: string, uses: number) {
  const issued = new Set<string>();
  const retired = new Set<string>();
  const state = { current: '', used: 0, firstUsedAt: undefined as number | undefined, refusals: 0 };
  const issue = (): void => {
    state.current = `tok_gw_${randomBytes(12).toString('hex')}`;
    issued.add(state.current);
    // Renamed into place, so the refresh command never reads a file half written.
    writeFileSync(`${tokenFile}.next`, `${state.current}\n`);
    renameSync(`${tokenFile}.next`, tokenFile);
    state.used = 0;
    state.firstUsedAt = undefined;
  };
  issue();
  const bearerOf = (headers: IncomingHttpHeaders): string | undefined => {
    const value = headers.authorization;
    return typeof value === 'string' && value.startsWith('Bearer ') ? value.slice('Bearer '.length) : undefined;
  };
  const changes = (serverToken: string): ProxyChanges => ({
    answer: (_method, _path, headers) => {
      const token = bearerOf(headers);
      if (token !== undefined && token === state.current) {
        state.firstUsedAt ??= performance.now();
        state.used += 1;
        const isOldEnough = retired.size === 0 || performance.now() - state.firstUsedAt > minRefreshedTokenLifeMs;
        if (state.used > uses && isOldEnough) {
          retired.add(state.current);
          issue();
        }
      }
      if (token === undefined || !retired.has(token)) return undefined;
      state.refusals += 1;
      return refused;
    },
    requestHeaders: (_method, headers) => {
      const token = bearerOf(headers);
      return token !== undefined && issued.has(token) && !retired.has(token)
        ? { ...headers, authorization: `Bearer ${serverToken}` }
        : headers;
    },
  });
  return { state, issued, retired, changes };
}

/** A local OAuth 2.0 token endpoint granting the gateway's current token to one client. */
async function startTokenEndpoint(current: () => string, clientSecret: string) {
  const seen: (string | undefined)[] = [];
  const server = await startLocalServer((req, res) => {
    req.resume();
    req.on('end', () => {
      seen.push(req.headers.authorization);
      const expected = `Basic ${Buffer.from(`apicert-ci:${clientSecret}`).toString('base64')}`;
      res.writeHead(req.headers.authorization === expected ? 200 : 401, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          req.headers.authorization === expected
            ? { access_token: current(), token_type: 'Bearer', expires_in: 2 }
            : { error: 'invalid_client' },
        ),
      );
    });
  });
  return { server, seen };
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'apicert-refresh-'));
  await writeFile(
    join(dir, 'print-token.cjs'),
    "process.stdout.write(require('node:fs').readFileSync(process.argv[2], 'utf8'));",
  );
  await writeFile(join(dir, 'print-bogus.cjs'), "console.log('tok_gw_never_issued_0000');");
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const withoutWebhooks = (own: Record<string, unknown>) => ({ ...own, webhooks: {} });
const withRefresh = (refresh: unknown) => (own: Record<string, unknown>) => {
  const target = (own['target'] ?? {}) as Record<string, unknown>;
  const auth = (target['auth'] ?? {}) as Record<string, unknown>;
  return { ...withoutWebhooks(own), target: { ...target, auth: { ...auth, refresh } } };
};

function expectNoTokenIn(run: RunResult, tokens: Iterable<string>): void {
  const text = JSON.stringify(run);
  for (const token of tokens) for (const form of leakForms(token)) expect(text).not.toContain(form.text);
}

describe.each(Object.keys(gatewayTargets) as GatewayTarget[])('%s', (target) => {
  let plain: Record<string, string>;

  beforeAll(async () => {
    plain = verdicts(await runThroughGateway({ target, config: withoutWebhooks, changes: {} }));
  }, 120_000);

  it('a token retired every 150 requests: the refresh command gives the next, and the run ends as it does without the gateway', async () => {
    const tokenFile = join(dir, `token-${target.replace(' ', '-')}`);
    const gateway = rotatingGateway(tokenFile, 150);
    const first = gateway.state.current;
    const run = await runThroughGateway({
      target,
      config: withRefresh({ command: [process.execPath, join(dir, 'print-token.cjs'), tokenFile] }),
      env: (own) => ({ ...own, APICERT_TOKEN: first }),
      changes: gateway.changes,
    });
    expect(gateway.retired.size).toBeGreaterThanOrEqual(1);
    expect(run.checks.map(codeOf)).not.toContain('APICERT_CREDENTIAL_STOPPED_WORKING');
    expect(run.interrupted).toBeUndefined();
    expect(verdicts(run)).toEqual(plain);
    expect(run.notes.map((note) => note.message)).toContainEqual(
      expect.stringMatching(
        /^the target refused the token in use (once|\d+ times), and target\.auth\.refresh \(command ".+print-token\.cjs .+"\) gave a new one each time/,
      ),
    );
    expectNoTokenIn(run, gateway.issued);
  }, 120_000);

  it('an OAuth 2.0 token endpoint on another origin gives the first token and each next one, and never sees the API token', async () => {
    const gateway = rotatingGateway(join(dir, `oauth-${target.replace(' ', '-')}`), 300);
    const clientSecret = `secret_Client_${randomBytes(8).toString('hex')}`;
    const endpoint = await startTokenEndpoint(() => gateway.state.current, clientSecret);
    const reachedGateway: string[] = [];
    try {
      const run = await runThroughGateway({
        target,
        config: withRefresh({
          oauth2ClientCredentials: {
            tokenUrl: `${endpoint.server.origin}/oauth/token`,
            clientIdEnv: 'APICERT_CLIENT_ID',
            clientSecretEnv: 'APICERT_CLIENT_SECRET',
          },
        }),
        // No APICERT_TOKEN: the first token comes from the endpoint.
        env: ({ APICERT_TOKEN: _unset, ...own }) => ({
          ...own,
          APICERT_CLIENT_ID: 'apicert-ci',
          APICERT_CLIENT_SECRET: clientSecret,
        }),
        changes: (serverToken) => {
          const changes = gateway.changes(serverToken);
          return {
            ...changes,
            answer: (method, path, headers) => {
              reachedGateway.push(String(headers.authorization));
              return changes.answer?.(method, path, headers);
            },
          };
        },
      });
      expect(gateway.retired.size).toBeGreaterThanOrEqual(1);
      expect(run.checks.map(codeOf)).not.toContain('APICERT_CREDENTIAL_STOPPED_WORKING');
      expect(verdicts(run)).toEqual(plain);
      // The first token, then one per token retired: refusals that came together shared a refresh.
      expect(endpoint.seen).toHaveLength(1 + gateway.retired.size);
      expect(endpoint.seen.every((authorization) => authorization?.startsWith('Basic ') === true)).toBe(true);
      expect(reachedGateway.filter((authorization) => /^Basic |secret_Client_/.test(authorization))).toEqual([]);
      expectNoTokenIn(run, [...gateway.issued, clientSecret]);
    } finally {
      await endpoint.server.close();
    }
  }, 120_000);

  it('a refresh that gives a token the target refuses still stops the run, with that one cause', async () => {
    const gateway = rotatingGateway(join(dir, `bogus-${target.replace(' ', '-')}`), 150);
    const run = await runThroughGateway({
      target,
      config: withRefresh({ command: [process.execPath, join(dir, 'print-bogus.cjs')] }),
      env: (own) => ({ ...own, APICERT_TOKEN: gateway.state.current }),
      changes: gateway.changes,
    });
    const failed = run.checks.filter((check) => check.status === 'failed');
    expect(failed.map((check) => `${check.id}: ${messageOf(check)}`)).toEqual([]);
    const stopped = run.checks.filter((check) => codeOf(check) === 'APICERT_CREDENTIAL_STOPPED_WORKING');
    expect(stopped.length).toBeGreaterThan(5);
    expect(messageOf(stopped[0]!)).toMatch(
      /^APICERT_CREDENTIAL_STOPPED_WORKING: the credential stopped working: \S+ \/\S+ was answered 401 after \d+ requests, and GET \/customers, accepted at the start of the run, is refused now too; the refresh \(command ".+print-bogus\.cjs"\) gave a new token, and GET \/customers refuses it too, so the run stopped; make target\.auth\.refresh give a token the target accepts$/,
    );
    expect(run.interrupted).toMatch(/^the credential stopped working: /);
    expectNoTokenIn(run, [...gateway.issued, 'tok_gw_never_issued_0000']);
  }, 120_000);
});
