// What a file report is: a pure rendering of the run plus the file name it is written to.
import type { RunResult } from '../harness/model/run-result.js';
import type { RunComparison } from '../harness/model/compare-runs.js';

/** The file formats `--format` accepts. */
export type ReportFormat = 'html' | 'junit' | 'json';

/** Every file format, in the order the contract lists them. */
export const reportFormats: readonly ReportFormat[] = ['html', 'junit', 'json'];

/** File name of each format inside the report directory (fixed by the contract). */
export const reportFileNames: Readonly<Record<ReportFormat, string>> = {
  html: 'index.html',
  junit: 'junit.xml',
  json: 'report.json',
};

/** What a report may show beyond the run itself; set by the CLI. */
export interface ReportContext {
  /** The comparison with a baseline run (--baseline). */
  readonly comparison?: RunComparison;
}

/** A file written next to a report (the html format's badge.svg). */
export interface ReportFile {
  readonly fileName: string;
  readonly content: string;
}

/** A file report: `render` is pure, the writer owns the file. */
export interface Reporter {
  readonly fileName: string;
  readonly render: (run: RunResult, context?: ReportContext) => string;
  /** Extra files of the format, written beside `fileName` (pure as well). */
  readonly renderExtraFiles?: (run: RunResult) => readonly ReportFile[];
}

/** Format name to reporter, like vitest's ReportersMap. A format may be absent from a build. */
export type ReportersMap = { readonly [F in ReportFormat]?: Reporter };
