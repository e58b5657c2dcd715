// What the CLI does with a finished run: every chosen reporter of the map writes its file or prints
// its text (the console report with the comparison with a baseline, GitHub's annotations and job
// summary), and the release gate becomes the exit code.
import { appendFile } from 'node:fs/promises';
import {
  printedReporterNames,
  reporters,
  writeReports,
  type PrintContext,
  type PrintedReporter,
  type PrintedReporterName,
  type ReportFormat,
} from '../reports/index.js';
import { ExitCode } from '../harness/exit-codes.js';
import type { RunComparison } from '../harness/model/compare-runs.js';
import { isReleaseGatePassed, type FailOn } from '../harness/model/release-gate.js';
import type { RunResult } from '../harness/model/run-result.js';
import type { CliIo } from './cli-io.js';

export interface ReportRunOptions {
  readonly reportDir: string;
  /** The file reporters to write (--format). */
  readonly formats: readonly ReportFormat[];
  /** The printed reporters to print (--reporter), in the map's order. */
  readonly printed: readonly PrintedReporterName[];
  /** 'new': exit 1 only for new failures in required classes; applies only with a comparison. */
  readonly failOn: FailOn;
  readonly color: boolean;
  /** Names the files a printed reporter appends to (GITHUB_STEP_SUMMARY). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Where printed reports go. */
  readonly write: (text: string) => void;
  /** Where problems that are not the report go (a report that could not be written). */
  readonly warn: (text: string) => void;
}

/**
 * The options every command that reports a run gives (run, replay, merge-reports): its choice of
 * folder, formats, printed reporters and gate, with the terminal's colour and the environment from `io`.
 */
export function reportRunOptionsFor(
  io: CliIo,
  choice: Pick<ReportRunOptions, 'reportDir' | 'formats' | 'printed' | 'failOn'>,
): ReportRunOptions {
  return {
    ...choice,
    color: io.stdout.isTTY === true,
    env: io.env,
    write: (text) => io.stdout.write(text),
    warn: (text) => io.stderr.write(text),
  };
}

export interface ReportedRun {
  readonly exitCode: ExitCode;
  readonly reportPaths: readonly string[];
}

/**
 * Writes and prints the run; never throws for a report that could not be written: it warns, and the
 * run exits 1, since a run without its reports certifies nothing (a CI gate must not pass on it).
 */
export async function reportRun(
  run: RunResult,
  comparison: RunComparison | undefined,
  options: ReportRunOptions,
): Promise<ReportedRun> {
  const written = await writeReports(
    run,
    options.reportDir,
    options.formats,
    comparison === undefined ? {} : { comparison },
  );
  const context: PrintContext = {
    color: options.color,
    failOn: options.failOn,
    reportPaths: written.paths,
    ...(comparison !== undefined ? { comparison } : {}),
  };
  const chosen = new Set(options.printed);
  for (const name of printedReporterNames) {
    if (!chosen.has(name)) continue;
    const reporter = reporters[name];
    const rendering = await reporter.load();
    options.write(rendering.render(run, context));
    if (reporter.appendTo !== undefined && rendering.renderAppended !== undefined) {
      await appendOutput(reporter.appendTo, rendering.renderAppended(run, context), options);
    }
  }
  for (const failure of written.errors) options.warn(`${failure.code}: ${failure.message}\n`);
  for (const skipped of written.skipped) options.write(`note: ${skipped.format} report skipped: ${skipped.reason}\n`);
  if (written.paths.length > 0) options.write(`reports: ${written.paths.join(', ')}\n`);
  // --fail-on new gates only on failures the baseline did not have; the reports keep the real verdict.
  const isGatePassed = isReleaseGatePassed(run, comparison, options.failOn);
  if (isGatePassed && written.errors.length > 0) {
    options.warn(
      `apicert: the verdict passed, but ${written.errors.length === 1 ? 'a report' : `${written.errors.length} reports`} could not be written, so the run certifies nothing: exit 1\n`,
    );
  }
  const exitCode = isGatePassed && written.errors.length === 0 ? ExitCode.Conformant : ExitCode.NotConformant;
  return { exitCode, reportPaths: written.paths };
}

// Appended to the file the variable names, when it names one (GitHub's step summary). One that
// cannot be written is a warning: the reports and the exit code stand.
async function appendOutput(
  appendTo: NonNullable<PrintedReporter['appendTo']>,
  text: string,
  options: ReportRunOptions,
): Promise<void> {
  const path = options.env?.[appendTo.env];
  if (path === undefined || path === '') return;
  try {
    await appendFile(path, text);
  } catch (error) {
    options.warn(
      `apicert: ${appendTo.describe} could not be written to $${appendTo.env} (${(error as NodeJS.ErrnoException).code ?? String(error)}); the reports and the exit code are unaffected\n`,
    );
  }
}
