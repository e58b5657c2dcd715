// `apicert run --openapi`: the config derived from the document in memory, the --config file's keys
// laid over it, and the reports saying which keys were derived and from where.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningReferenceServer } from '../../reference-server/start.js';
import { referenceOpenApiDocument } from '../../reference-server/openapi/openapi-document.js';
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

  it('runs from the document with the file\'s keys winning, and the reports name what was derived', async () => {
    const documentPath = join(directory, 'openapi.json');
    await writeFile(documentPath, JSON.stringify(referenceOpenApiDocument()));
    // The file keeps one collection of the three the document has (its collections are the
    // collections), so the sender's collection, derived as customers, must follow.
    const overPath = join(directory, 'over.json');
    await writeFile(
      overPath,
      JSON.stringify({ collections: [{ name: 'products', path: '/products', sample: { sku: 'S-{unique}', title: 'T', priceCents: 1 } }], webhooks: { sender: { collection: 'products' } } }),
    );
    const reportDir = join(directory, 'report');
    const io = captureIo({ APICERT_TOKEN: server.token, APICERT_WEBHOOK_SECRET: server.webhookSecret });
    const code = await runCli(['run', '--openapi', documentPath, '--base-url', server.url, '--config', overPath, '--suite', 'resources', '--report-dir', reportDir], io);
    expect(io.err()).toBe('');
    expect(code).toBe(0);
    expect(io.out()).toMatch(/^config derived from .*openapi\.json \(OpenAPI 3\.1\.0\): \d+ keys derived, 1 it could not fill/);
    expect(io.out()).toMatch(/Replay: npx apicert run --base-url \S+ --openapi \S+openapi\.json --config \S+over\.json/);

    const report = JSON.parse(await readFile(join(reportDir, 'report.json'), 'utf8')) as {
      configDerivation: { source: string; specification: string; keys: { kind: string; pointer: string }[] };
      checks: { id: string; coverage?: { covered: string[] } }[];
    };
    expect(report.configDerivation).toMatchObject({ source: documentPath, specification: 'OpenAPI 3.1.0' });
    expect(report.configDerivation.keys).toContainEqual(expect.objectContaining({ kind: 'derived', pointer: '/collections/0' }));
    const covered = report.checks.find((check) => check.id === 'resources.create-then-read')?.coverage?.covered ?? [];
    expect(covered.join('\n')).toContain('/products');
    expect(covered.join('\n')).not.toContain('/customers');
    const html = await readFile(join(reportDir, 'index.html'), 'utf8');
    expect(html).toContain('Config derived from <code>');
  }, 60_000);

  it('stops in one line, exit 2, on a document it cannot read, before contacting the target', async () => {
    const io = captureIo({ APICERT_TOKEN: server.token });
    const code = await runCli(['run', '--openapi', join(directory, 'missing.yaml'), '--base-url', server.url, '--report-dir', join(directory, 'r2')], io);
    expect(code).toBe(2);
    expect(io.err()).toMatch(/^APICERT_OPENAPI_UNREADABLE: cannot read .*missing\.yaml \(ENOENT\); check the path\n$/);
  });
});
