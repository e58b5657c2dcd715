import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findReportDirProblem } from './check-report-dir.js';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'apicert-report-dir-'));
});
afterAll(async () => {
  await chmod(join(root, 'read-only'), 0o700).catch(() => undefined);
  await rm(root, { recursive: true, force: true });
});

describe('findReportDirProblem', () => {
  it('accepts a writable directory and leaves nothing in it', async () => {
    const dir = join(root, 'existing');
    await mkdir(dir);
    expect(await findReportDirProblem(dir)).toBeUndefined();
    expect(await readdir(dir)).toEqual([]);
  });

  it('accepts a missing directory under a writable parent without creating it', async () => {
    const dir = join(root, 'parent', 'missing', 'report');
    await mkdir(join(root, 'parent'));
    expect(await findReportDirProblem(dir)).toBeUndefined();
    expect(await readdir(join(root, 'parent'))).toEqual([]);
  });

  it('refuses an existing file, and a path under a file', async () => {
    const file = join(root, 'report.txt');
    await writeFile(file, 'x');
    expect(await findReportDirProblem(file)).toBe(
      `--report-dir ${file} is a file, not a directory; pass --report-dir with a folder you can write to, on a disk (e.g. --report-dir apicert-report)`,
    );
    expect(await findReportDirProblem(join(file, 'reports'))).toMatch(
      /^--report-dir .*report\.txt[/\\]reports cannot be created: .*report\.txt is a file, not a directory; /,
    );
  });

  it.runIf(process.platform === 'linux' && existsSync('/proc/self'))(
    'refuses /proc and /sys, special file systems, at once',
    async () => {
      const started = performance.now();
      expect(await findReportDirProblem('/proc/x')).toBe(
        '--report-dir /proc/x is on proc (/proc), a special file system that cannot hold files; pass --report-dir with a folder you can write to, on a disk (e.g. --report-dir apicert-report)',
      );
      expect(await findReportDirProblem('/sys/kernel/x/y')).toMatch(
        /^--report-dir \/sys\/kernel\/x\/y is on sysfs \(\/sys\/kernel\), a special file system/,
      );
      expect(performance.now() - started).toBeLessThan(1000);
    },
  );

  // Root writes anywhere, so the probe can only be refused for other users.
  it.runIf(process.platform !== 'win32' && process.getuid?.() !== 0)(
    'refuses a directory it may not write in',
    async () => {
      const dir = join(root, 'read-only');
      await mkdir(dir);
      await chmod(dir, 0o500);
      expect(await findReportDirProblem(dir)).toMatch(/cannot be written: permission denied in .*read-only; /);
      expect(await findReportDirProblem(join(dir, 'sub'))).toMatch(
        /cannot be written: permission denied in .*read-only; /,
      );
    },
  );
});
