import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderJsonReport } from '../../reports/json/render-json.js';
import { sampleFailingRun } from '../model/test-support/sample-run.js';
import { loadBaseline } from './load-baseline.js';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'apicert-baseline-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('loadBaseline', () => {
  it('reads the report.json of an earlier run', async () => {
    const path = join(dir, 'report.json');
    await writeFile(path, renderJsonReport(sampleFailingRun()));
    const baseline = await loadBaseline(path);
    expect(baseline.checks.map((check) => [check.id, check.status])).toEqual([
      ['resources.member-by-id', 'passed'],
      ['pagination.cursor-walk', 'failed'],
    ]);
  });

  it('refuses a file that does not exist in one line with the errno code', async () => {
    const path = join(dir, 'missing.json');
    await expect(loadBaseline(path)).rejects.toMatchObject({
      code: 'APICERT_BASELINE_INVALID',
      message: `--baseline ${path} cannot be read (ENOENT); pass the report.json of an earlier apicert run`,
    });
  });

  it.runIf(process.platform === 'linux')('refuses /dev/zero and a FIFO at once, in one line', async () => {
    await expect(loadBaseline('/dev/zero')).rejects.toMatchObject({
      code: 'APICERT_BASELINE_INVALID',
      message:
        '--baseline /dev/zero is a character device (like /dev/zero or a terminal), not a regular file; pass the report.json of an earlier apicert run',
    });
    const pipe = join(dir, 'pipe');
    execFileSync('mkfifo', [pipe]);
    await expect(loadBaseline(pipe)).rejects.toMatchObject({
      code: 'APICERT_BASELINE_INVALID',
      message: expect.stringContaining('is a FIFO'),
    });
  });

  it('refuses a directory and a file that is not a report', async () => {
    await expect(loadBaseline(dir)).rejects.toMatchObject({
      code: 'APICERT_BASELINE_INVALID',
      message: expect.stringContaining('(EISDIR)'),
    });
    const path = join(dir, 'junit.xml');
    await writeFile(path, '<testsuites/>');
    await expect(loadBaseline(path)).rejects.toMatchObject({
      code: 'APICERT_BASELINE_INVALID',
      message: expect.stringContaining('is not JSON'),
    });
  });
});
