// `apicert run --openapi`: the config derived from the document in memory, the --config file's keys
// laid over it, and the reports saying which keys were derived and from where.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningReferenceServer } from '../reference-server/start.js';
import { referenceOpenApiDocument } from '../reference-server/openapi/openapi-document.js';
import { describeModes, secondServerModeMatrix } from '../suites/test-support/second-server/mode-matrix.js';
import { receiverPath, startSecondServer } from '../suites/test-support/second-server/start-second-server.js';
import { defaultPageSize, maxPageSize } from '../suites/test-support/second-server/second-server-options.js';
import type { CheckResult } from '../harness/model/run-result.js';
import { isSkippedForProfile } from '../suites/test-support/skipped-for-profile.js';
import { runCli } from './cli.js';
import { captureIo } from './test-support/capture-io.js';

describe('apicert run --openapi', () => {
  let server: RunningReferenceServer;
  let directory: string;

  beforeAll(async () => {
    server = await startReferenceServer({ port: 0 });
    directory = await mkdtemp(join(tmpdir(), 'apicert-run-openapi-'));
  });
  afterAll(async () => {
    await server.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('checks the answers against the document in the openapi-contract class, required only when named', async () => {
    const documentPath = join(directory, 'contract.json');
    await writeFile(documentPath, JSON.stringify(referenceOpenApiDocument()));
    const reportDir = join(directory, 'contract-report');
    const io = captureIo({ APICERT_TOKEN: server.token, APICERT_WEBHOOK_SECRET: server.webhookSecret });
    const code = await runCli(
      [
        'run',
        '--openapi',
        documentPath,
        '--base-url',
        server.url,
        '--suite',
        'resources,openapi-contract',
        '--require',
        'openapi-contract',
        '--report-dir',
        reportDir,
      ],
      io,
    );
    expect(io.err()).toBe('');
    expect(code).toBe(0);
    expect(io.out()).toMatch(
      /^ {2}openapi-contract +passed +3 passed, 0 failed, 0 skipped, 0 errored {2}\(required\)$/m,
    );
    // Naming only the opt-in class adds it to the default: the convention's classes stay required.
    expect(io.out()).toMatch(/^ {2}resources-core +passed .*\(required\)$/m);
    expect(io.out()).toMatch(
      /Replay: npx apicert run .* --suite resources,openapi-contract --require openapi-contract --seed \d+/,
    );
    const report = JSON.parse(await readFile(join(reportDir, 'report.json'), 'utf8')) as {
      checks: { id: string; status: string; coverage?: { covered: string[] } }[];
    };
    const contract = report.checks.filter((check) => check.id.startsWith('openapi-contract.'));
    expect(contract.map((check) => check.status)).toEqual(['passed', 'passed', 'passed']);
    expect(contract[0]?.coverage?.covered).toEqual(
      expect.arrayContaining(['POST /customers 201', 'GET /customers/{id} 404', 'GET /customers 401']),
    );
  }, 60_000);

  it("runs from the document with the file's keys winning, and the reports name what was derived", async () => {
    const documentPath = join(directory, 'openapi.json');
    await writeFile(documentPath, JSON.stringify(referenceOpenApiDocument()));
    // The file keeps one collection of the three the document has (its collections are the
    // collections), so the sender's collection, derived as customers, must follow.
    const overPath = join(directory, 'over.json');
    await writeFile(
      overPath,
      JSON.stringify({
        collections: [
          { name: 'products', path: '/products', sample: { sku: 'S-{unique}', title: 'T', priceCents: 1 } },
        ],
        webhooks: { sender: { collection: 'products' } },
      }),
    );
    const reportDir = join(directory, 'report');
    const io = captureIo({ APICERT_TOKEN: server.token, APICERT_WEBHOOK_SECRET: server.webhookSecret });
    const code = await runCli(
      [
        'run',
        '--openapi',
        documentPath,
        '--base-url',
        server.url,
        '--config',
        overPath,
        '--suite',
        'resources',
        '--report-dir',
        reportDir,
      ],
      io,
    );
    expect(io.err()).toBe('');
    expect(code).toBe(0);
    expect(io.out()).toMatch(
      /^config derived from .*openapi\.json \(OpenAPI 3\.1\.0\): \d+ keys derived, 1 it could not fill/,
    );
    expect(io.out()).toMatch(
      /Replay: npx apicert run --base-url \S+ --openapi \S+openapi\.json --config \S+over\.json/,
    );

    const report = JSON.parse(await readFile(join(reportDir, 'report.json'), 'utf8')) as {
      configDerivation: { source: string; specification: string; keys: { kind: string; pointer: string }[] };
      checks: { id: string; coverage?: { covered: string[] } }[];
    };
    expect(report.configDerivation).toMatchObject({ source: documentPath, specification: 'OpenAPI 3.1.0' });
    expect(report.configDerivation.keys).toContainEqual(
      expect.objectContaining({ kind: 'derived', pointer: '/collections/0' }),
    );
    const covered = report.checks.find((check) => check.id === 'resources.create-then-read')?.coverage?.covered ?? [];
    expect(covered.join('\n')).toContain('/products');
    expect(covered.join('\n')).not.toContain('/customers');
    const html = await readFile(join(reportDir, 'index.html'), 'utf8');
    expect(html).toContain('Config derived from <code>');
  }, 60_000);

  it('stops in one line, exit 2, on a document it cannot read, before contacting the target', async () => {
    const io = captureIo({ APICERT_TOKEN: server.token });
    const code = await runCli(
      [
        'run',
        '--openapi',
        join(directory, 'missing.yaml'),
        '--base-url',
        server.url,
        '--report-dir',
        join(directory, 'r2'),
      ],
      io,
    );
    expect(code).toBe(2);
    expect(io.err()).toMatch(/^APICERT_OPENAPI_UNREADABLE: cannot read .*missing\.yaml \(ENOENT\); check the path\n$/);
  });
});

describe('apicert run --require openapi-contract without a document', () => {
  it('is a usage error that says to give one', async () => {
    const io = captureIo({ APICERT_TOKEN: 'token' });
    expect(await runCli(['run', '--base-url', 'http://127.0.0.1:9', '--require', 'openapi-contract'], io)).toBe(2);
    expect(io.err()).toBe(
      'APICERT_USAGE: --require openapi-contract judges the answers against an API description: give it with --openapi FILE|URL\n',
    );
  });
});

describe('apicert run --openapi with a password in the base URL', () => {
  it('stops in one line before reading the document, and never prints the password', async () => {
    const io = captureIo({ APICERT_TOKEN: 'token' });
    const code = await runCli(
      ['run', '--openapi', 'http://127.0.0.1:9/openapi.json', '--base-url', 'http://ada:s3cret-pw@127.0.0.1:9'],
      io,
    );
    expect(code).toBe(2);
    expect(io.err()).toMatch(/^APICERT_USAGE: --base-url must not carry user:password@; /);
    expect(io.err() + io.out()).not.toContain('s3cret-pw');
    expect(io.out()).not.toMatch(/config derived/);
  });
});

describe('apicert run --openapi on a second implementation', () => {
  // The reference server's document describes the convention's resources; the second server serves
  // the same ones its own way (numeric or UUID ids, problem+json, 200 on create). A config derived from
  // that document certifies it too, with laid over it only what the document pins that this server
  // does otherwise (page sizes, event names) and where its receiver lives.
  it.each(secondServerModeMatrix.slice(0, 2).map((modes) => [describeModes(modes), modes] as const))(
    'certifies the second server with %s',
    async (_name, modes) => {
      const directory = await mkdtemp(join(tmpdir(), 'apicert-run-openapi-second-'));
      const server = await startSecondServer({ modes });
      try {
        const documentPath = join(directory, 'openapi.json');
        await writeFile(documentPath, JSON.stringify(referenceOpenApiDocument()));
        const overPath = join(directory, 'over.json');
        await writeFile(
          overPath,
          JSON.stringify({
            // The document states the reference server's page sizes; the second server has its own.
            pagination: { defaultPageSize, maxPageSize },
            // And names its events with a colon ("customer:created"), where the document says "customer.created".
            webhooks: {
              sender: {
                senderTimeoutMs: 250,
                retryWindowMs: 8000,
                events: { create: 'customer:created', update: 'customer:updated', delete: 'customer:deleted' },
              },
              receiver: {
                url: receiverPath,
                observe: { urlTemplate: `${receiverPath}/{eventId}`, pointer: '/stats/processed' },
              },
            },
          }),
        );
        const io = captureIo({ APICERT_TOKEN: server.token, APICERT_WEBHOOK_SECRET: server.receiverSecret });
        const reportDir = join(directory, 'report');
        const code = await runCli(
          [
            'run',
            '--openapi',
            documentPath,
            '--base-url',
            server.url,
            '--config',
            overPath,
            '--report-dir',
            reportDir,
            '--seed',
            '5',
          ],
          io,
        );
        const report = JSON.parse(await readFile(join(reportDir, 'report.json'), 'utf8')) as {
          checks: { id: string; status: string; message?: string }[];
        };
        // (The receiver speaks X-Signature: the checks of other signature profiles skip, saying so.)
        const convention = report.checks.filter(
          (check) => !check.id.startsWith('openapi-contract.') && !isSkippedForProfile(check as CheckResult),
        );
        expect(
          convention
            .filter((check) => check.status !== 'passed')
            .map((check) => `${check.id} ${check.status}: ${check.message}`),
        ).toEqual([]);
        // The document is the reference server's, so as a contract it fails here (201 where this
        // server answers 200, prefixed string ids…); that class is required only when asked.
        expect(report.checks.find((check) => check.id === 'openapi-contract.status-documented')?.status).toBe('failed');
        expect(code).toBe(0);
      } finally {
        await server.close();
        await rm(directory, { recursive: true, force: true });
      }
    },
    90_000,
  );
});
