// What a reporter is: one output of a finished run, rendered purely from the run. A file reporter
// is written into the report directory (--format); a printed one goes to standard output
// (--reporter), and may append a summary to a file an environment variable names. The CLI does the
// writing; reports/index.ts maps every reporter by name.
import type { RunComparison } from '../harness/model/compare-runs.js';
import type { FailOn } from '../harness/model/release-gate.js';
import type { RunResult } from '../harness/model/run-result.js';

/** What a report may show beyond the run itself; set by the CLI. */
export interface ReportContext {
  /** The comparison with a baseline run (--baseline). */
  readonly comparison?: RunComparison;
}

/** What a printed report may show besides: the terminal's colour, the gate, the files just written. */
export interface PrintContext extends ReportContext {
  readonly color: boolean;
  /** --fail-on: what fails the run, which the comparison's lines say. */
  readonly failOn: FailOn;
  /** The report files this run wrote (absolute paths). */
  readonly reportPaths: readonly string[];
}

/** A file a file reporter writes, and a pattern the start of it matches whenever apicert wrote it. */
export interface ReportFileName {
  readonly fileName: string;
  /** A run removes an earlier run's file of this name only when its start matches (kit-report-files.ts). */
  readonly mark: RegExp;
}

/** A file written beside a format's main file (the html format's badge.svg). */
export interface ExtraReportFile extends ReportFileName {
  readonly render: (run: RunResult) => string;
}

/** A report written into the report directory: `render` is pure, the writer owns the file. */
export interface FileReporter extends ReportFileName {
  readonly output: 'file';
  readonly render: (run: RunResult, context?: ReportContext) => string;
  readonly extraFiles?: readonly ExtraReportFile[];
}

/** When a printed reporter prints without --reporter: always, or when a variable holds a value. */
export type PrintedByDefault = 'always' | { readonly env: string; readonly value: string };

/** A report printed to standard output; `render` is pure, the CLI prints it. */
export interface PrintedReporter {
  readonly output: 'printed';
  /** What it prints, for --reporter's help; absent when its name says it. */
  readonly describe?: string;
  readonly byDefault: PrintedByDefault;
  readonly render: (run: RunResult, context: PrintContext) => string;
  /** Also appended to the file this environment variable names, when it names one (GitHub's job summary). */
  readonly appendTo?: {
    readonly env: string;
    /** What is appended, for the warning when it cannot be ("the job summary"). */
    readonly describe: string;
    readonly render: (run: RunResult, context: PrintContext) => string;
  };
}

export type Reporter = FileReporter | PrintedReporter;
