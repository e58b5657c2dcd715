// `apicert init --base-url` on an API that publishes no description: it reads the API itself with
// bounded GETs and writes a starting config, whatever the API is like, and ends bounded on a
// hostile one.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningReferenceServer } from '../reference-server/start.js';
import { startLocalServer } from '../harness/http/test-support/local-server.js';
import { runCli } from './cli.js';
import { captureIo } from './test-support/capture-io.js';
import {
  startEnvelopeApi,
  startFloodingTarget,
  startHangingTarget,
  startHiddenDocumentProxy,
} from './test-support/undocumented-targets.js';

interface WrittenConfig {
  target: { baseUrl: string; auth: Record<string, unknown> };
  collections: { name: string; path: string; idField?: string; sample: Record<string, unknown> }[];
}

describe('apicert init without a document', () => {
  let directory: string;
  let reference: RunningReferenceServer;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'apicert-init-undocumented-'));
    reference = await startReferenceServer({ port: 0 });
  });
  afterAll(async () => {
    await reference.close();
    await rm(directory, { recursive: true, force: true });
  });

  it("reads the reference server's lists with the token, learns their page shape and ids, probes the first, and never prints the token", async () => {
    const proxy = await startHiddenDocumentProxy(reference.url);
    try {
      const out = join(directory, 'reference.json');
      const io = captureIo({ APICERT_TOKEN: reference.token });
      expect(await runCli(['init', '--base-url', proxy.origin, '--out', out], io)).toBe(0);
      expect(io.err()).toBe('');
      expect(io.out()).toMatch(
        /^no API description under http:\/\/127\.0\.0\.1:\d+ \(tried 12 places\); reading the API itself with GETs only/m,
      );
      expect(io.out()).toMatch(
        /^derived {2}\/collections\/0 {2}collection "customers" at \/customers: GET answered the convention's page \{items, next_cursor, has_more\}/m,
      );
      expect(io.out()).toMatch(
        /^to fill {2}\/target\/auth {2}Authorization: Bearer \$APICERT_TOKEN was sent and GET \/customers answered a list with it; check that this is the header the API reads/m,
      );
      expect(io.out()).toMatch(/^probing http:\/\/127\.0\.0\.1:\d+\/customers with GETs only/m);
      expect(io.out()).toMatch(
        /^wrote .*reference\.json from what http:\/\/127\.0\.0\.1:\d+ answered \(\d+ derived, \d+ to look at\); it validates\. Next: set APICERT_TOKEN, then apicert run/m,
      );
      expect(io.out()).not.toContain(reference.token);
      const config = JSON.parse(await readFile(out, 'utf8')) as WrittenConfig;
      expect(config.target.auth).toEqual({ header: 'Authorization', scheme: 'Bearer', tokenEnv: 'APICERT_TOKEN' });
      expect(config.collections.map((collection) => collection.path)).toEqual(['/customers', '/products', '/orders']);
      expect(await readFile(out, 'utf8')).not.toContain(reference.token);
    } finally {
      await proxy.close();
    }
  }, 60_000);

  it('says the API wants a credential when the lists answer 401 and no token is set', async () => {
    const proxy = await startHiddenDocumentProxy(reference.url);
    try {
      const io = captureIo({});
      expect(await runCli(['init', '--base-url', proxy.origin, '--out', join(directory, 'no-token.json')], io)).toBe(0);
      expect(io.out()).toMatch(
        /^to fill {2}\/target\/auth {2}GET \/users answered 401: the API wants a credential; set APICERT_TOKEN/m,
      );
      expect(io.out()).toMatch(/it validates, but nothing in it can run yet: fill \/target\/auth, \/collections/m);
    } finally {
      await proxy.close();
    }
  }, 60_000);

  it('reads an API of another shape: collections from its root links, {data: [...]} and bare arrays, a "uuid" id, no credential', async () => {
    const api = await startEnvelopeApi();
    try {
      const out = join(directory, 'envelope.json');
      const io = captureIo({});
      expect(await runCli(['init', '--base-url', api.origin, '--out', out], io)).toBe(0);
      const config = JSON.parse(await readFile(out, 'utf8')) as WrittenConfig;
      expect(config.target.auth).toEqual({ none: true });
      expect(config.collections).toEqual([
        { name: 'widgets', path: '/widgets', idField: 'uuid', sample: { name: 'Sprocket', size: 3 } },
        { name: 'gadgets', path: '/gadgets', sample: { label: 'Lever' } },
      ]);
      expect(io.out()).toMatch(
        /^derived {2}\/collections\/0\/idField {2}"uuid": GET \/widgets\/\{uuid\} of the first record answered 200 with a record$/m,
      );
      expect(io.out()).toMatch(
        /^to fill {2}\/collections\/0\/pagination {2}GET \/widgets answers a list under "data", not the convention's page/m,
      );
      expect(io.out()).toMatch(/^to fill {2}\/collections\/1\/pagination {2}GET \/gadgets answers a bare JSON array/m);
      expect(io.out()).toMatch(
        /^to fill {2}\/target\/auth\/none {2}true: GET \/widgets answered a list without a credential/m,
      );
      expect(io.out()).toMatch(/it validates\. Next: apicert run --config /m);
    } finally {
      await api.close();
    }
  }, 60_000);

  it('writes a starting config with what to fill when nothing answers a list', async () => {
    const empty = await startLocalServer((_request, response) => void response.writeHead(404).end());
    try {
      const out = join(directory, 'none.json');
      const io = captureIo({});
      expect(await runCli(['init', '--base-url', empty.origin, '--out', out], io)).toBe(0);
      expect(io.out()).toMatch(
        /^to fill {2}\/collections {2}no list was found: GET \/ linked to none that answered one, and none of 20 common names/m,
      );
      expect(io.out()).toMatch(
        /^wrote .*none\.json from what http:\/\/127\.0\.0\.1:\d+ answered \(1 derived, 3 to look at\); it validates, but nothing in it can run yet: fill \/target\/auth, \/collections, \/webhooks \(the "to fill" lines above\), then apicert validate-config /m,
      );
      expect(io.out()).not.toMatch(/Next: /);
      expect((JSON.parse(await readFile(out, 'utf8')) as WrittenConfig).collections).toEqual([]);
    } finally {
      await empty.close();
    }
  }, 60_000);

  it('ends in one line, exit 3, on a target that never answers', async () => {
    const hanging = await startHangingTarget();
    try {
      const io = captureIo({});
      const started = Date.now();
      expect(await runCli(['init', '--base-url', hanging.origin, '--out', join(directory, 'hanging.json')], io)).toBe(
        3,
      );
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(io.err()).toMatch(
        /^APICERT_TARGET_UNREACHABLE: http:\/\/127\.0\.0\.1:\d+ gave no answer to GET \/openapi\.json within 5 s \([^)\n]*\); check --base-url and that the API is up\n$/,
      );
      await expect(readFile(join(directory, 'hanging.json'), 'utf8')).rejects.toThrow();
    } finally {
      await hanging.close();
    }
  }, 30_000);

  it('ends bounded on a target that redirects elsewhere and sends endless bodies, following no redirect', async () => {
    const flooding = await startFloodingTarget();
    try {
      const out = join(directory, 'flooding.json');
      const io = captureIo({});
      expect(await runCli(['init', '--base-url', flooding.origin, '--out', out], io)).toBe(0);
      expect(io.out()).toMatch(
        /^to fill {2}\/collections {2}GET \/users was not read \(a redirect \(302\), not followed\); if it is a collection, add it by hand$/m,
      );
      expect(io.out()).toMatch(
        /^to fill {2}\/collections {2}GET \/items was not read \(more than 1048576 bytes\); if it is a collection, add it by hand$/m,
      );
      expect(io.out()).toMatch(/nothing in it can run yet/);
      expect(io.out()).not.toContain('203.0.113.7');
    } finally {
      await flooding.close();
    }
  }, 60_000);
});
