// The one reporter map: every output is an entry, and what the flags offer, which files a run writes
// and which earlier files it replaces are all read from it.
import { describe, expect, it } from 'vitest';
import { sampleFailingRun } from '../harness/model/test-support/sample-run.js';
import { kitReportFiles } from './kit-report-files.js';
import { printedReporterNames, reportFormats, reporters } from './reporters.js';

describe('reporters', () => {
  it('split the map into the file formats, in the order the contract lists them, and what is printed', () => {
    expect(reportFormats).toEqual(['html', 'junit', 'json']);
    expect(printedReporterNames).toEqual(['console', 'github']);
    expect([...reportFormats, ...printedReporterNames].sort()).toEqual(Object.keys(reporters).sort());
  });

  it('name each file once, the contract’s names for the three formats', () => {
    expect(reportFormats.map((format) => reporters[format].fileName)).toEqual([
      'index.html',
      'junit.xml',
      'report.json',
    ]);
    const names = kitReportFiles.map((file) => file.fileName);
    expect(names).toEqual(['index.html', 'badge.svg', 'junit.xml', 'report.json']);
    expect(new Set(names).size).toBe(names.length);
  });

  it('print text from the run alone, and append GitHub’s job summary with the report paths', async () => {
    const run = sampleFailingRun();
    const context = { color: false, failOn: 'any' as const, reportPaths: ['/r/index.html'] };
    expect((await reporters.console.load()).render(run, context)).toContain('failed');
    const github = await reporters.github.load();
    expect(github.render(run, context)).toMatch(/^::error /m);
    expect(reporters.github.appendTo?.env).toBe('GITHUB_STEP_SUMMARY');
    expect(github.renderAppended?.(run, context)).toContain('/r/index.html');
  });

  it('render, when loaded, exactly the extra files each format declares', async () => {
    const run = sampleFailingRun();
    for (const format of reportFormats) {
      const { extraFiles = [] } = reporters[format];
      const rendered = (await reporters[format].load()).renderExtraFiles?.(run) ?? [];
      expect(
        rendered.map((file) => file.fileName),
        format,
      ).toEqual(extraFiles.map((file) => file.fileName));
    }
  });
});
