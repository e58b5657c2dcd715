import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBoundedFile } from './read-bounded-file.js';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'apicert-bounded-read-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function hasMkfifo(): boolean {
  try {
    execFileSync('mkfifo', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('readBoundedFile', () => {
  it('reads a regular file up to the limit', async () => {
    const path = join(dir, 'small.json');
    await writeFile(path, '{"a":1}');
    expect(await readBoundedFile(path, 7)).toEqual({ ok: true, bytes: Buffer.from('{"a":1}') });
  });

  it('refuses a regular file over the limit without reading it', async () => {
    const path = join(dir, 'big.json');
    await writeFile(path, Buffer.alloc(2048, 0x20));
    expect(await readBoundedFile(path, 1024)).toMatchObject({
      ok: false,
      kind: 'too-large',
      reason: 'is 2048 bytes, over the limit of 1024 bytes',
    });
  });

  it.runIf(existsSync('/dev/zero'))('refuses /dev/zero at once instead of reading without end', async () => {
    const started = performance.now();
    expect(await readBoundedFile('/dev/zero', 1024)).toMatchObject({
      ok: false,
      kind: 'not-regular',
      reason: expect.stringMatching(/^is a character device/),
    });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it.runIf(process.platform !== 'win32' && hasMkfifo())(
    'refuses a FIFO at once instead of waiting for a writer',
    async () => {
      const path = join(dir, 'pipe');
      execFileSync('mkfifo', [path]);
      const started = performance.now();
      expect(await readBoundedFile(path, 1024)).toMatchObject({
        ok: false,
        kind: 'not-regular',
        reason: expect.stringMatching(/^is a FIFO/),
      });
      expect(performance.now() - started).toBeLessThan(1000);
    },
  );

  it.runIf(process.platform !== 'win32')('refuses a socket', async () => {
    const path = join(dir, 'socket');
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(path, resolve));
    try {
      expect(await readBoundedFile(path, 1024)).toMatchObject({
        ok: false,
        kind: 'not-regular',
        reason: 'is a socket, not a regular file',
      });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('refuses a directory and says a missing file does not exist', async () => {
    expect(await readBoundedFile(dir, 1024)).toMatchObject({ ok: false, kind: 'directory' });
    expect(await readBoundedFile(join(dir, 'nope.json'), 1024)).toMatchObject({
      ok: false,
      kind: 'missing',
      reason: 'does not exist',
    });
  });

  it.runIf(existsSync('/proc/self/status'))(
    'bounds the read itself for a file that reports size 0 (/proc)',
    async () => {
      const read = await readBoundedFile('/proc/self/status', 64);
      expect(read).toMatchObject({
        ok: false,
        kind: 'too-large',
        reason: 'holds more than 64 bytes, over the limit of 64 bytes',
      });
      const whole = await readBoundedFile('/proc/self/status', 1024 * 1024);
      expect(whole.ok && whole.bytes.toString('utf8')).toMatch(/^Name:/);
    },
  );
});
