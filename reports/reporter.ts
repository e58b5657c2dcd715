// What a reporter is: one output of a finished run. The map (reports/reporters.ts) holds what each is
// as data (its name, file, mark, when it prints) and loads its rendering only when it is used, so
// the flags can list the reporters without loading any of them. A rendering is pure: the CLI writes
// what it returns.
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

/** A file rendered beside a format's main file (the html format's badge.svg). */
export interface ReportFile {
  readonly fileName: string;
  readonly content: string;
}

/** How a file format renders the run: pure functions. */
export interface FileRendering {
  readonly render: (run: RunResult, context?: ReportContext) => string;
  /** The format's extra files, each named in its reporter's extraFiles. */
  readonly renderExtraFiles?: (run: RunResult) => readonly ReportFile[];
}

/** A report written into the report directory (--format). */
export interface FileReporter extends ReportFileName {
  readonly output: 'file';
  /** Files written beside fileName. */
  readonly extraFiles?: readonly ReportFileName[];
  /** Loads the rendering when the format is written. */
  readonly load: () => Promise<FileRendering>;
}

/** How a printed reporter renders the run: pure functions. */
export interface PrintedRendering {
  readonly render: (run: RunResult, context: PrintContext) => string;
  /** What is appended to the file the reporter's appendTo variable names. */
  readonly renderAppended?: (run: RunResult, context: PrintContext) => string;
}

/** When a printed reporter prints without --reporter: always, or when a variable holds a value. */
export type PrintedByDefault = 'always' | { readonly env: string; readonly value: string };

/** A report printed to standard output (--reporter). */
export interface PrintedReporter {
  readonly output: 'printed';
  /** What it prints, for --reporter's help; absent when its name says it. */
  readonly describe?: string;
  readonly byDefault: PrintedByDefault;
  /** Also appends to the file this environment variable names, when it names one (GitHub's job summary). */
  readonly appendTo?: {
    readonly env: string;
    /** What is appended, for the warning when it cannot be ("the job summary"). */
    readonly describe: string;
  };
  /** Loads the rendering when the reporter prints. */
  readonly load: () => Promise<PrintedRendering>;
}

export type Reporter = FileReporter | PrintedReporter;
