import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigInvalidError, ConfigUnreadableError } from '../errors.js';
import { MAX_CONFIG_BYTES, loadConfig } from './load-config.js';

const examplePath = fileURLToPath(new URL('../../apicert.config.example.json', import.meta.url));
let folder: string;

async function writeConfig(name: string, content: string | Uint8Array): Promise<string> {
  const path = join(folder, name);
  await writeFile(path, content);
  return path;
}

async function loadFailure(path: string): Promise<unknown> {
  return loadConfig(path).then(
    () => {
      throw new Error('expected loadConfig to reject');
    },
    (thrown: unknown) => thrown,
  );
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'apicert-config-'));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('resolves the sink TLS files against the config file, not the working directory', async () => {
    const sink = { tls: { certFile: 'certs/sink.pem', keyFile: '/etc/apicert/sink-key.pem' } };
    const sender = { register: { method: 'POST', path: '/webhooks', body: { url: '{sinkUrl}' } }, sink };
    const path = await writeConfig('with-tls.json', JSON.stringify({ webhooks: { sender } }));
    const config = await loadConfig(path);
    expect(config.webhooks.sender?.sink.tls).toEqual({
      certFile: join(folder, 'certs', 'sink.pem'),
      keyFile: '/etc/apicert/sink-key.pem',
    });
  });

  it('loads the shipped example config, resolved and frozen', async () => {
    const config = await loadConfig(examplePath);
    expect(config.target.baseUrl).toBe('http://127.0.0.1:4010');
    expect(config.webhooks.sender?.sink.port).toBe(0);
    expect(Object.isFrozen(config.webhooks)).toBe(true);
  });

  it('gives the defaults, with no collections, when no file is named', async () => {
    const config = await loadConfig(undefined);
    expect(config.collections).toEqual([]);
    expect(config.budgets.totalRunMs).toBe(600_000);
    expect(Object.isFrozen(config.budgets)).toBe(true);
  });

  it('accepts a UTF-8 byte-order mark', async () => {
    const path = await writeConfig('bom.json', '\uFEFF{"pagination": {"walkPageSize": 7}}');
    expect((await loadConfig(path)).pagination.walkPageSize).toBe(7);
  });

  it('says a missing file does not exist', async () => {
    const path = join(folder, 'nope.json');
    const error = await loadFailure(path);
    expect(error).toBeInstanceOf(ConfigUnreadableError);
    expect((error as ConfigUnreadableError).code).toBe('APICERT_CONFIG_UNREADABLE');
    expect((error as Error).message).toBe(
      `config file ${path} does not exist; check the path (apicert.config.example.json is a complete example)`,
    );
  });

  it('says a directory is not a config file', async () => {
    const error = await loadFailure(folder);
    expect(error).toBeInstanceOf(ConfigUnreadableError);
    expect((error as Error).message).toBe(
      `${folder} is a directory, not a config file; pass the path of the JSON file`,
    );
  });

  it.runIf(existsSync('/dev/zero'))('refuses /dev/zero at once, in one line', async () => {
    const error = await loadFailure('/dev/zero');
    expect(error).toBeInstanceOf(ConfigUnreadableError);
    expect((error as Error).message).toBe(
      'config file /dev/zero is a character device (like /dev/zero or a terminal), not a regular file; pass the path of a JSON file (apicert reads only regular files)',
    );
  });

  it.runIf(process.platform === 'linux')('refuses a FIFO at once instead of waiting for a writer', async () => {
    const path = join(folder, 'config-pipe');
    execFileSync('mkfifo', [path]);
    expect(((await loadFailure(path)) as Error).message).toMatch(
      /^config file .*config-pipe is a FIFO \(a named pipe, or a shell's <\(\.\.\.\) substitution\), not a regular file; /,
    );
  });

  it('refuses a file over the 1 MiB limit', async () => {
    const path = await writeConfig('huge.json', `{"pad":"${'x'.repeat(MAX_CONFIG_BYTES)}"}`);
    expect(((await loadFailure(path)) as Error).message).toBe(
      `config file ${path} is ${MAX_CONFIG_BYTES + 10} bytes, over the limit of ${MAX_CONFIG_BYTES} bytes; a config is a few kilobytes: is it the right file?`,
    );
  });

  it('points at the line and column of a JSON syntax error', async () => {
    const path = await writeConfig('broken.json', '{\n  "target": {\n    "baseUrl": "http://x",\n  }\n}\n');
    const error = await loadFailure(path);
    expect(error).toBeInstanceOf(ConfigUnreadableError);
    expect((error as Error).message).toBe(
      `config file ${path} is not valid JSON (a trailing comma before "}"); fix the JSON syntax at line 4 column 3`,
    );
  });

  it('says an empty file is empty', async () => {
    const path = await writeConfig('empty.json', '  \n');
    expect(((await loadFailure(path)) as Error).message).toBe(
      `config file ${path} is empty; write a JSON object, e.g. {}`,
    );
  });

  it('rejects a file that is not UTF-8', async () => {
    const path = await writeConfig('latin1.json', Uint8Array.from([0x7b, 0x22, 0xe9, 0x22, 0x3a, 0x31, 0x7d]));
    const error = await loadFailure(path);
    expect(error).toBeInstanceOf(ConfigUnreadableError);
    expect((error as Error).message).toBe(`config file ${path} is not UTF-8 text; save it as UTF-8`);
  });

  it('throws ConfigInvalidError with every problem, naming the file in the fix', async () => {
    const path = await writeConfig(
      'bad.json',
      JSON.stringify({ pagination: { overMaxPolicy: 'clip', maxPagesize: 3 }, budgets: { totalRunMs: -1 } }),
    );
    const error = await loadFailure(path);
    expect(error).toBeInstanceOf(ConfigInvalidError);
    expect((error as ConfigInvalidError).code).toBe('APICERT_CONFIG_INVALID');
    expect((error as ConfigInvalidError).problems).toEqual([
      '/budgets/totalRunMs: must be at least 1 (got -1); fix bad.json',
      '/pagination/maxPagesize: unknown key "maxPagesize"; did you mean "maxPageSize"?',
      '/pagination/overMaxPolicy: must be one of "clamp", "reject", "either" (got "clip"); fix bad.json',
    ]);
  });

  it('reports a key written twice, which JSON.parse would silently drop', async () => {
    const path = await writeConfig(
      'twice.json',
      '{\n  "pagination": { "walkPageSize": 3 },\n  "pagination": { "fixtureCap": 9 }\n}',
    );
    const error = await loadFailure(path);
    expect(error).toBeInstanceOf(ConfigInvalidError);
    expect((error as ConfigInvalidError).problems).toEqual([
      '/pagination: key written twice (line 2 column 3 and line 3 column 3), and only the last would count; merge them into one',
    ]);
  });
});
