// `apicert init` as a new user meets it: from the reference server's own document to a run that
// certifies it, and one line (never a stack) for each way it can go wrong.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningReferenceServer } from '../reference-server/start.js';
import { suites as registry } from '../suites/index.js';
import { runConformance } from '../harness/runner/run-conformance.js';
import { startLocalServer } from '../harness/http/test-support/local-server.js';
import { runCli } from './cli.js';
import { captureIo } from './test-support/capture-io.js';
import { toRunOptions } from '../harness/model/run-options.js';

const exampleConfig = fileURLToPath(new URL('../apicert.config.example.json', import.meta.url));
const webhookExample = fileURLToPath(
  new URL('../harness/openapi/test-support/documents/webhook-example-3.1.yaml', import.meta.url),
);
const brokenDocument = fileURLToPath(
  new URL('../harness/openapi/test-support/documents/broken-3.1.json', import.meta.url),
);

describe('apicert init', () => {
  let server: RunningReferenceServer;
  let directory: string;

  beforeAll(async () => {
    server = await startReferenceServer({ port: 0 });
    directory = await mkdtemp(join(tmpdir(), 'apicert-init-'));
  });
  afterAll(async () => {
    await server.close();
    await rm(directory, { recursive: true, force: true });
  });

  it("finds the reference server's document, writes a config that validates, and a run from it certifies the server as the example config does", async () => {
    const out = join(directory, 'derived.json');
    const io = captureIo({});
    expect(await runCli(['init', '--base-url', server.url, '--out', out], io)).toBe(0);
    expect(io.err()).toBe('');
    expect(io.out()).toMatch(
      /^looking for an API description under http:\/\/127\.0\.0\.1:\d+…\nfound http:\/\/127\.0\.0\.1:\d+\/openapi\.json\n/,
    );
    expect(io.out()).toMatch(/^derived {2}\/collections\/0 {2}collection "customers" at \/customers/m);
    expect(io.out()).toMatch(/^to fill {2}\/webhooks\/sender\/senderTimeoutMs {2}/m);
    expect(io.out()).toMatch(
      /^wrote .*derived\.json from OpenAPI 3\.1\.0 \(\d+ derived, 1 to look at\); it validates\./m,
    );

    const validated = captureIo({});
    expect(await runCli(['validate-config', out], validated)).toBe(0);
    expect(validated.out()).toBe('ok\n');

    const env = { APICERT_TOKEN: server.token, APICERT_WEBHOOK_SECRET: server.webhookSecret };
    // The document cannot say the sender's time-out; the user fills it in, as the line asks.
    const config = JSON.parse(await readFile(out, 'utf8')) as { webhooks: { sender: Record<string, unknown> } };
    config.webhooks.sender['senderTimeoutMs'] = 250;
    await writeFile(out, JSON.stringify(config));
    // Each run on a server of its own: two runs at once on one target write to the lists each other
    // pages through, and a pagination check may rightly fail on that (a flake this test once had).
    const twin = await startReferenceServer({ port: 0 });
    const twinEnv = { APICERT_TOKEN: twin.token, APICERT_WEBHOOK_SECRET: twin.webhookSecret };
    const [derived, example] = await Promise.all([
      runConformance({ registry, baseUrl: server.url, options: toRunOptions({ configPath: out }), seed: 3, env }),
      runConformance({
        registry,
        baseUrl: twin.url,
        options: toRunOptions({ configPath: exampleConfig }),
        seed: 3,
        env: twinEnv,
      }),
    ]).finally(() => twin.close());
    const classVerdicts = (run: typeof derived) =>
      Object.fromEntries(run!.run.classes.map((entry) => [entry.id, entry.verdict]));
    expect(derived!.run.verdict).toBe('passed');
    // The convention's nine classes and advisory; openapi-contract is skipped in both (no --openapi).
    expect(Object.keys(classVerdicts(derived))).toHaveLength(11);
    expect(classVerdicts(derived)['openapi-contract']).toBe('skipped');
    expect(classVerdicts(derived)).toEqual(classVerdicts(example));
  }, 60_000);

  it('reads page sizes, the over-maximum answer and the last cursor form off the target with GETs only', async () => {
    const seeded = await startReferenceServer({ port: 0 });
    try {
      // More records than the maximum page, so the huge size shows the clamp.
      for (let index = 0; index < 101; index += 1) {
        const created = await fetch(`${seeded.url}/customers`, {
          method: 'POST',
          headers: { authorization: `Bearer ${seeded.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ name: `Ada ${index}`, email: `ada${index}@example.com` }),
        });
        expect(created.status).toBe(201);
      }
      const out = join(directory, 'probed.json');
      const io = captureIo({ APICERT_TOKEN: seeded.token });
      expect(await runCli(['init', '--base-url', seeded.url, '--out', out], io)).toBe(0);
      expect(io.out()).toMatch(/^probing http:\/\/127\.0\.0\.1:\d+\/customers with GETs only/m);
      expect(io.out()).toMatch(
        /^derived {2}\/pagination\/defaultPageSize {2}20: GET \/customers without a size answered 20 items with has_more true \(probed\)$/m,
      );
      expect(io.out()).toMatch(
        /^derived {2}\/pagination\/maxPageSize {2}100: GET \/customers\?limit=1000000 was cut to 100 items/m,
      );
      expect(io.out()).toMatch(/^derived {2}\/pagination\/lastPageCursor {2}"null": /m);
      const config = JSON.parse(await readFile(out, 'utf8')) as { pagination: object };
      expect(config.pagination).toEqual({
        defaultPageSize: 20,
        maxPageSize: 100,
        overMaxPolicy: 'clamp',
        lastPageCursor: 'null',
      });
      const quiet = captureIo({ APICERT_TOKEN: seeded.token });
      expect(await runCli(['init', '--base-url', seeded.url, '--out', out, '--force', '--no-probe'], quiet)).toBe(0);
      expect(quiet.out()).not.toMatch(/probing|\(probed\)/);
    } finally {
      await seeded.close();
    }
  }, 60_000);

  it('ends with what to fill, not "Next: apicert run", when nothing runnable was derived', async () => {
    const io = captureIo({});
    const out = join(directory, 'webhooks-only.json');
    expect(await runCli(['init', '--openapi', webhookExample, '--base-url', server.url, '--out', out], io)).toBe(0);
    expect(io.out()).toMatch(
      /^wrote .*webhooks-only\.json from OpenAPI 3\.1\.0 \(\d+ derived, \d+ to look at\); it validates, but nothing in it can run yet: fill \/collections, \/webhooks\/sender, /m,
    );
    expect(io.out()).not.toMatch(/Next: /);
  });

  it('refuses to start without a document or a base URL, and to replace a file without --force', async () => {
    const io = captureIo({});
    expect(await runCli(['init'], io)).toBe(2);
    expect(io.err()).toMatch(
      /^APICERT_USAGE: init needs an API description or an API: give --openapi FILE\|URL, or --base-url URL/,
    );
    const existing = join(directory, 'existing.json');
    await writeFile(existing, '{}');
    const again = captureIo({});
    expect(await runCli(['init', '--openapi', brokenDocument, '--out', existing], again)).toBe(2);
    expect(again.err()).toBe(
      `APICERT_USAGE: ${existing} already exists; pass --force to replace it, or --out to write another file\n`,
    );
    expect(await readFile(existing, 'utf8')).toBe('{}');
  });

  it('refuses a base URL with a password without printing it, parseable or not', async () => {
    for (const baseUrl of ['http://ada:s3cret-pw@127.0.0.1:4010', 'http://ada:s3cret-pw@bad host']) {
      const io = captureIo({});
      expect(await runCli(['init', '--base-url', baseUrl, '--out', join(directory, 'never-pw.json')], io)).toBe(2);
      expect(io.err()).toMatch(/^APICERT_USAGE: --base-url must not carry user:password@/);
      expect(io.err() + io.out()).not.toContain('s3cret-pw');
    }
  });

  it('prints one line per problem of a broken document, and exits 2 without writing', async () => {
    const out = join(directory, 'never.json');
    const io = captureIo({});
    expect(await runCli(['init', '--openapi', brokenDocument, '--out', out], io)).toBe(2);
    expect(io.err()).toMatch(/^APICERT_OPENAPI_INVALID: /);
    expect(io.err()).not.toMatch(/\n\s+at /);
    await expect(readFile(out, 'utf8')).rejects.toThrow();
  });

  it("prints a document's paths inert: no escape sequence reaches the terminal, no line is forged", async () => {
    const sneaky = '/notes\u001b]0;pwned\u0007\u001b[2K\rderived  /target/auth/none  fake\nline';
    const ok = { 200: { description: 'ok' } };
    const body = {
      content: {
        'application/json': {
          schema: { type: 'object', properties: { text: { type: 'string' } } },
          example: { text: 'hi' },
        },
      },
    };
    const document = join(directory, 'sneaky.json');
    await writeFile(
      document,
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 't', version: '1' },
        servers: [{ url: 'http://127.0.0.1:1' }],
        paths: {
          [sneaky]: { get: { responses: ok }, post: { requestBody: body, responses: ok } },
          [`${sneaky}/{id}`]: {
            get: {
              parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
              responses: ok,
            },
          },
        },
      }),
    );
    const io = captureIo({});
    await runCli(['init', '--openapi', document, '--out', join(directory, 'sneaky-config.json'), '--no-probe'], io);
    const printed = io.out() + io.err();
    // Escape sequences are dropped; a carriage return or newline shows as \r or \n.
    expect(printed).toContain('\\rderived');
    expect(printed).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
    expect(printed).not.toMatch(/^derived {2}\/target\/auth\/none {2}fake/m);
  });

  it('says where it looked when no document is found under the base URL, then reads the API itself', async () => {
    const empty = await startLocalServer((_request, response) => void response.writeHead(404).end());
    try {
      const io = captureIo({});
      expect(await runCli(['init', '--base-url', empty.origin, '--out', join(directory, 'none.json')], io)).toBe(0);
      expect(io.out()).toMatch(
        /^no API description under http:\/\/127\.0\.0\.1:\d+ \(tried 12 places\); reading the API itself with GETs only/m,
      );
    } finally {
      await empty.close();
    }
  });
});
