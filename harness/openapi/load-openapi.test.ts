import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenApiInvalidError, OpenApiUnreadableError } from '../errors.js';
import { startLocalServer } from '../http/test-support/local-server.js';
import { loadOpenApi, maxDocumentBytes } from './load-openapi.js';

const documents = fileURLToPath(new URL('./test-support/documents/', import.meta.url));
const minimal = {
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths: { '/things': { get: { responses: { 200: { description: 'ok' } } } } },
};
let directory: string;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'apicert-load-'));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('loadOpenApi', () => {
  it('names each problem of a document that breaks its specification, on one line each', async () => {
    const error = await thrown(loadOpenApi(join(documents, 'broken-3.1.json')));
    expect(error).toBeInstanceOf(OpenApiInvalidError);
    const { problems } = error as OpenApiInvalidError;
    expect(problems.length).toBeGreaterThan(0);
    for (const line of problems) {
      expect(line).toMatch(/broken-3\.1\.json: .+/);
      expect(line).not.toContain('\n');
    }
  });

  it('says a missing file, a folder and a file that is neither JSON nor YAML cannot be read', async () => {
    await expect(loadOpenApi(join(directory, 'nope.json'))).rejects.toThrow(
      /cannot read .*nope\.json \(ENOENT\); check the path/,
    );
    await expect(loadOpenApi(directory)).rejects.toThrow(/is not a file/);
    const notYaml = join(directory, 'not.yaml');
    await writeFile(notYaml, 'openapi: [unclosed\n  - : :');
    const error = await thrown(loadOpenApi(notYaml));
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).not.toContain('\n');
  });

  it("follows $refs only to regular files under the document's folder, and never prints what they hold", async () => {
    const folder = join(directory, 'refs');
    await mkdir(join(folder, 'a-folder'), { recursive: true });
    const withRef = async (name: string, ref: string): Promise<string> => {
      const file = join(folder, name);
      await writeFile(file, JSON.stringify({ ...minimal, components: { schemas: { Leak: { $ref: ref } } } }));
      return file;
    };
    await expect(loadOpenApi(await withRef('etc.json', '/etc/passwd'))).rejects.toThrow(
      /refers to a file outside its folder .*; apicert follows \$refs only to files under the document's folder/,
    );
    await expect(loadOpenApi(await withRef('up.json', '../secrets.yaml'))).rejects.toThrow(/outside its folder/);
    await expect(loadOpenApi(await withRef('dir.json', './a-folder'))).rejects.toThrow(
      /refers to a-folder, which is not a regular file/,
    );
    await expect(loadOpenApi(await withRef('web.json', 'https://example.com/schema.json'))).rejects.toThrow(
      /may refer only to files beside it/,
    );
  });

  it('refuses a YAML document whose aliases expand past the bound, at once', async () => {
    // Nine references per level, ten levels: a few hundred bytes that expand to 9^10 values.
    const levels = Array.from(
      { length: 10 },
      (_, level) => `l${level + 1}: &l${level + 1} [${Array.from({ length: 9 }, () => `*l${level}`).join(', ')}]`,
    );
    const bomb = join(directory, 'bomb.yaml');
    await writeFile(
      bomb,
      `openapi: 3.1.0\ninfo: { title: t, version: "1" }\npaths: {}\nx-bomb:\n  l0: &l0 [lol]\n${levels.map((line) => `  ${line}`).join('\n')}\n`,
    );
    const started = performance.now();
    await expect(loadOpenApi(bomb)).rejects.toThrow(
      /expands to more than 2000000 values \(YAML aliases inside aliases\?\)/,
    );
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('refuses a document of another kind', async () => {
    const file = join(directory, 'other.json');
    await writeFile(file, JSON.stringify({ asyncapi: '2.6.0', info: { title: 't', version: '1' } }));
    await expect(loadOpenApi(file)).rejects.toThrow(
      /is not an OpenAPI or Swagger document \(it has no "openapi" or "swagger" key\)/,
    );
  });

  it("fetches a URL, sends the credential only to the target's own origin, and stops a document past its size bound", async () => {
    const seen: (string | undefined)[] = [];
    const server = await startLocalServer((request, response) => {
      seen.push(request.headers['authorization']);
      if (request.url === '/huge.json') {
        response.writeHead(200, { 'content-type': 'application/json' });
        const chunk = Buffer.alloc(1024 * 1024, 0x20);
        let sent = 0;
        const push = (): void => {
          while (sent <= maxDocumentBytes) {
            sent += chunk.length;
            if (!response.write(chunk)) return void response.once('drain', push);
          }
          response.end();
        };
        push();
        return;
      }
      if (request.url === '/gone.json') return void response.writeHead(404).end();
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(minimal));
    });
    try {
      const credential = { header: 'authorization', value: 'Bearer s3cret-token' };
      await loadOpenApi(`${server.origin}/openapi.json`, { credential: { ...credential, origin: server.origin } });
      await loadOpenApi(`${server.origin}/openapi.json`, {
        credential: { ...credential, origin: 'http://elsewhere.example' },
      });
      expect(seen).toEqual(['Bearer s3cret-token', undefined]);
      await expect(loadOpenApi(`${server.origin}/gone.json`)).rejects.toThrow(/answered 404, not the document/);
      const error = await thrown(loadOpenApi(`${server.origin}/huge.json`));
      expect(error).toBeInstanceOf(OpenApiUnreadableError);
      expect((error as Error).message).toMatch(/sent more than \d+ bytes/);
    } finally {
      await server.close();
    }
  });

  it('says an unreachable URL cannot be fetched', async () => {
    const server = await startLocalServer((_request, response) => void response.end());
    const { origin } = server;
    await server.close();
    await expect(loadOpenApi(`${origin}/openapi.json`)).rejects.toThrow(
      /cannot fetch .*check the URL, or save the document and pass its path/,
    );
  });
});
