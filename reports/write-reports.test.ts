import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReportWriteError } from '../harness/errors.js';
import { reportFormats, reporters, writeReports } from './index.js';
import { MARK_SEARCH_BYTES, kitReportFiles } from './kit-report-files.js';
import { parseXml } from './test-support/parse-xml.js';
import { compareRuns } from '../harness/model/compare-runs.js';
import { sampleFailingRun, samplePassedRun } from '../harness/model/test-support/sample-run.js';
import { writeReportFiles, type ReportersMap } from './write-reports.js';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'apicert-reports-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('writeReports', () => {
  it('creates the directory and writes report.json and junit.xml, returning their absolute paths', async () => {
    const dir = join(root, 'nested', 'apicert-report');
    const run = sampleFailingRun();
    const written = await writeReports(run, dir, ['json', 'junit']);
    expect(written.paths).toEqual([join(dir, 'report.json'), join(dir, 'junit.xml')]);
    expect(written.errors).toEqual([]);
    expect(JSON.parse(await readFile(join(dir, 'report.json'), 'utf8'))).toEqual(run);
    expect(parseXml(await readFile(join(dir, 'junit.xml'), 'utf8')).name).toBe('testsuites');
  });

  it('writes index.html with badge.svg beside it, passing the comparison to the page', async () => {
    const dir = join(root, 'html');
    const run = sampleFailingRun();
    const written = await writeReports(run, dir, ['html', 'json', 'json'], {
      comparison: compareRuns(run, samplePassedRun()),
    });
    expect(written.paths).toEqual([join(dir, 'index.html'), join(dir, 'badge.svg'), join(dir, 'report.json')]);
    expect(written.errors).toEqual([]);
    expect(written.skipped).toEqual([]);
    expect(await readFile(join(dir, 'index.html'), 'utf8')).toContain('<section id="comparison"');
    expect(parseXml(await readFile(join(dir, 'badge.svg'), 'utf8')).name).toBe('svg');
  });

  it('lists a format its registry lacks as skipped, with the reason', async () => {
    const dir = join(root, 'no-html');
    const { html: _html, ...withoutHtml } = reporters;
    const written = await writeReportFiles(sampleFailingRun(), dir, ['html', 'json'], withoutHtml);
    expect(written.skipped).toEqual([
      { format: 'html', reason: 'the html report is not available in this version of apicert' },
    ]);
    expect(written.paths).toEqual([join(dir, 'report.json')]);
  });

  it('removes every file of a format whose extra file cannot be written', async () => {
    const dir = join(root, 'extra-fails');
    await writeReports(sampleFailingRun(), dir, ['html']);
    const registry: ReportersMap = {
      html: {
        ...reporters.html,
        load: async () => ({
          ...(await reporters.html.load()),
          renderExtraFiles: () => [{ fileName: join('missing-dir', 'badge.svg'), content: '<svg/>' }],
        }),
      },
    };
    const written = await writeReportFiles(sampleFailingRun(), dir, ['html'], registry);
    expect(written.paths).toEqual([]);
    expect(written.errors.map((error) => error.code)).toEqual(['APICERT_REPORT_WRITE_FAILED']);
    await expect(readFile(join(dir, 'index.html'), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('turns a throwing reporter into a ReportWriteError, writes the others and removes its stale file', async () => {
    const dir = join(root, 'throwing');
    await writeReports(sampleFailingRun(), dir, ['json', 'junit']);
    const registry: ReportersMap = {
      ...reporters,
      junit: {
        ...reporters.junit,
        load: async () => ({
          render: (): string => {
            throw new TypeError('boom\nsecond line');
          },
        }),
      },
    };
    const written = await writeReportFiles(sampleFailingRun(), dir, ['junit', 'json'], registry);
    expect(written.paths).toEqual([join(dir, 'report.json')]);
    expect(written.errors).toHaveLength(1);
    const [error] = written.errors;
    expect(error).toBeInstanceOf(ReportWriteError);
    expect(error?.code).toBe('APICERT_REPORT_WRITE_FAILED');
    expect(error?.message).toBe(`junit report ${join(dir, 'junit.xml')} not written: boom`);
    await expect(readFile(join(dir, 'junit.xml'), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('replaces the whole earlier set: a file of an earlier run that this run does not write is removed', async () => {
    const dir = join(root, 'replace');
    await writeReports(samplePassedRun(), dir, ['html', 'junit', 'json']);
    const written = await writeReports(sampleFailingRun(), dir, ['json']);
    expect(written.paths).toEqual([join(dir, 'report.json')]);
    expect((await readdir(dir)).sort()).toEqual(['report.json']);
    expect(JSON.parse(await readFile(join(dir, 'report.json'), 'utf8'))).toMatchObject({ verdict: 'failed' });
  });

  it('never removes a file apicert did not write, even under a name it uses, nor any other file', async () => {
    const dir = join(root, 'user-files');
    await mkdir(dir);
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>my site</title>');
    await writeFile(join(dir, 'junit.xml'), '<?xml version="1.0"?><testsuites name="my-tests"/>');
    await writeFile(join(dir, 'notes.txt'), 'mine');
    await writeReports(sampleFailingRun(), dir, ['json']);
    expect((await readdir(dir)).sort()).toEqual(['index.html', 'junit.xml', 'notes.txt', 'report.json']);
    expect(await readFile(join(dir, 'index.html'), 'utf8')).toBe('<!doctype html><title>my site</title>');
  });

  it('leaves no staging file behind, whether a format is written or fails', async () => {
    const dir = join(root, 'staging');
    const registry: ReportersMap = {
      ...reporters,
      junit: {
        ...reporters.junit,
        load: async () => ({
          render: () => {
            throw new Error('boom');
          },
        }),
      },
    };
    await writeReportFiles(sampleFailingRun(), dir, ['html', 'junit', 'json'], registry);
    expect((await readdir(dir)).sort()).toEqual(['badge.svg', 'index.html', 'report.json']);
  });

  it('marks every file of every format so a later run can tell it from a user file', async () => {
    const run = sampleFailingRun();
    const rendered = (
      await Promise.all(
        reportFormats.map(async (format) => {
          const rendering = await reporters[format].load();
          return [
            { fileName: reporters[format].fileName, content: rendering.render(run) },
            ...(rendering.renderExtraFiles?.(run) ?? []),
          ];
        }),
      )
    ).flat();
    for (const file of rendered) {
      const known = kitReportFiles.find((candidate) => candidate.fileName === file.fileName);
      expect(known, file.fileName).toBeDefined();
      expect(file.content.slice(0, MARK_SEARCH_BYTES)).toMatch(known!.mark);
    }
    expect(rendered.map((file) => file.fileName).sort()).toEqual(kitReportFiles.map((known) => known.fileName).sort());
  });

  it('reports a directory that cannot be created instead of throwing', async () => {
    const blocker = join(root, 'a-file');
    await writeFile(blocker, 'not a directory');
    const written = await writeReports(sampleFailingRun(), join(blocker, 'reports'), ['json', 'junit']);
    expect(written.paths).toEqual([]);
    expect(written.errors.map((error) => error.code)).toEqual(['APICERT_REPORT_WRITE_FAILED']);
    expect(written.errors[0]?.message).toMatch(
      /^cannot create report directory .*a-file[/\\]reports: .*; pass a writable --report-dir$/,
    );
  });
});
