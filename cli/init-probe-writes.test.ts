// `apicert init --probe-writes`: the derived sample is tried on the target, the list gets the
// records it lacks to show its page sizes, and everything made is deleted again; on the reference
// server and on the second implementation (200 on create and delete, numeric ids, other sizes).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceOpenApiDocument } from '../reference-server/openapi/openapi-document.js';
import { startReferenceServer } from '../reference-server/start.js';
import { secondServerModeMatrix } from '../suites/test-support/second-server/mode-matrix.js';
import { secondServerDocumentPath } from '../suites/test-support/second-server/second-server-openapi.js';
import { startSecondServer } from '../suites/test-support/second-server/start-second-server.js';
import { runCli } from './cli.js';
import { captureIo } from './test-support/capture-io.js';

async function countOf(url: string, token: string): Promise<number> {
  const answer = await fetch(`${url}/customers?limit=100`, { headers: { authorization: `Bearer ${token}` } });
  return ((await answer.json()) as { items: unknown[] }).items.length;
}

describe('apicert init --probe-writes', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'apicert-init-writes-'));
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('fills an empty list far enough to show the page sizes, and leaves it empty again', async () => {
    const server = await startReferenceServer({ port: 0 });
    try {
      const out = join(directory, 'reference.json');
      const io = captureIo({ APICERT_TOKEN: server.token });
      expect(await runCli(['init', '--base-url', server.url, '--out', out, '--probe-writes'], io)).toBe(0);
      expect(io.out()).toMatch(
        /^probing http:\/\/127\.0\.0\.1:\d+\/customers, creating records from the derived sample \(--probe-writes\)/m,
      );
      expect(io.out()).toMatch(/^derived {2}\/collections\/0\/sample {2}POST \/customers accepted it \(probed\)$/m);
      expect(io.out()).toMatch(/^derived {2}\/pagination\/defaultPageSize {2}20: .*\(probed\)$/m);
      expect(io.out()).toMatch(
        /^derived {2}\/pagination\/maxPageSize {2}100: GET \/customers\?limit=1000000 was cut to 100 items/m,
      );
      expect(io.out()).toMatch(/^deleted every record init made$/m);
      expect(io.out()).not.toContain(server.token);
      expect(JSON.parse(await readFile(out, 'utf8'))).toMatchObject({
        pagination: { defaultPageSize: 20, maxPageSize: 100, overMaxPolicy: 'clamp' },
      });
      expect(await countOf(server.url, server.token)).toBe(0);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('names the refusal of a sample the target does not accept, and writes nothing else', async () => {
    const server = await startReferenceServer({ port: 0 });
    try {
      // The document's example for customers lacks the required email: the target says 400.
      const document = referenceOpenApiDocument() as {
        paths: Record<string, { post: { requestBody: { content: Record<string, { example: object }> } } }>;
      };
      document.paths['/customers']!.post.requestBody.content['application/json']!.example = { name: 'Ada' };
      const documentPath = join(directory, 'wrong-example.json');
      await writeFile(documentPath, JSON.stringify(document));
      const io = captureIo({ APICERT_TOKEN: server.token });
      const code = await runCli(
        [
          'init',
          '--openapi',
          documentPath,
          '--base-url',
          server.url,
          '--out',
          join(directory, 'refused.json'),
          '--probe-writes',
        ],
        io,
      );
      expect(code).toBe(0);
      expect(io.out()).toMatch(
        /^to fill {2}\/collections\/0\/sample {2}the target refused the derived sample: POST \/customers answered 400: \{"error":.*; fix the sample/m,
      );
      expect(io.out()).toMatch(/^deleted every record init made$/m);
      expect(await countOf(server.url, server.token)).toBe(0);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('works on the second implementation from its own document: 200 on create, numeric ids, a maximum of 50', async () => {
    const server = await startSecondServer({ modes: secondServerModeMatrix[0]! });
    try {
      const out = join(directory, 'second.json');
      const io = captureIo({ APICERT_TOKEN: server.token });
      expect(
        await runCli(
          [
            'init',
            '--openapi',
            `${server.url}${secondServerDocumentPath}`,
            '--base-url',
            server.url,
            '--out',
            out,
            '--probe-writes',
          ],
          io,
        ),
      ).toBe(0);
      expect(io.out()).toMatch(/^derived {2}\/collections\/0\/sample {2}POST \/customers accepted it \(probed\)$/m);
      expect(io.out()).toMatch(/^derived {2}\/pagination\/defaultPageSize {2}10: /m);
      expect(io.out()).toMatch(/^derived {2}\/pagination\/maxPageSize {2}50: /m);
      expect(io.out()).toMatch(/^deleted every record init made$/m);
      expect(await countOf(server.url, server.token)).toBe(0);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('needs the probe it writes for', async () => {
    const io = captureIo({});
    expect(
      await runCli(
        [
          'init',
          '--base-url',
          'http://127.0.0.1:9',
          '--out',
          join(directory, 'never.json'),
          '--probe-writes',
          '--no-probe',
        ],
        io,
      ),
    ).toBe(2);
    expect(io.err()).toBe(
      'APICERT_USAGE: --probe-writes adds records for the probe to read: drop --no-probe, or drop --probe-writes\n',
    );
  });
});
