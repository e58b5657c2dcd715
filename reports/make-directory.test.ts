import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDirectory } from './make-directory.js';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'apicert-make-dir-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('makeDirectory', () => {
  it('makes a directory and its missing parents, and accepts one that exists', async () => {
    const dir = join(root, 'a', 'b', 'c');
    await makeDirectory(dir);
    expect((await stat(dir)).isDirectory()).toBe(true);
    await makeDirectory(dir);
  });

  it('fails with ENOTDIR under a file', async () => {
    const file = join(root, 'file');
    await writeFile(file, 'x');
    await expect(makeDirectory(join(file, 'sub'))).rejects.toMatchObject({ code: 'ENOTDIR' });
  });

  it.runIf(process.platform === 'linux' && existsSync('/proc/self'))(
    'fails at once under /proc, where a recursive mkdir loops without end',
    async () => {
      const started = performance.now();
      await expect(makeDirectory('/proc/apicert-x/y')).rejects.toMatchObject({ code: 'ENOENT' });
      expect(performance.now() - started).toBeLessThan(1000);
    },
  );
});
