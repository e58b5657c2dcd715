// What the CLI does with a finished run: writes the report files, prints the console report (and
// the comparison with a baseline), and turns the release gate into the exit code.
import { appendFile } from 'node:fs/promises';
import {
  renderComparisonConsole,
  renderConsoleReport,
  renderGithubAnnotations,
  renderGithubStepSummary,
  writeReports,
  type ReportFormat,
} from '../reports/index.js';
import { ExitCode } from '../harness/exit-codes.js';
import type { RunComparison } from '../harness/model/compare-runs.js';
import { isReleaseGatePassed, type FailOn } from '../harness/model/release-gate.js';
import type { RunResult } from '../harness/model/run-result.js';
import type { CliIo } from './cli-io.js';

export interface ReportRunOptions {
  readonly reportDir: string;
  readonly formats: readonly ReportFormat[];
  /** 'new': exit 1 only for new failures in required classes; applies only with a comparison. */
  readonly failOn: FailOn;
  readonly color: boolean;
  /** Print the console report; default true. */
  readonly console?: boolean;
  /** GitHub Actions output: annotations on `write`, and the job summary appended to this file when given. */
  readonly github?: { readonly stepSummaryPath: string | undefined };
  /** Where the console report goes. */
  readonly write: (text: string) => void;
  /** Where problems that are not the report go (a report that could not be written). */
  readonly warn: (text: string) => void;
}

/**
 * The options every command that reports a run gives (run, replay, merge-reports): its choice of
 * folder, formats and gate, with the terminal's colour and the GitHub output taken from `io`.
 */
export function reportRunOptionsFor(
  io: CliIo,
  reporters: { readonly console: boolean; readonly github: boolean },
  choice: Pick<ReportRunOptions, 'reportDir' | 'formats' | 'failOn'>,
): ReportRunOptions {
  return {
    ...choice,
    color: io.stdout.isTTY === true,
    console: reporters.console,
    ...(reporters.github ? { github: { stepSummaryPath: io.env['GITHUB_STEP_SUMMARY'] } } : {}),
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
  if (options.console !== false) {
    options.write(renderConsoleReport(run, { color: options.color }));
    if (comparison !== undefined)
      options.write(renderComparisonConsole(comparison, { color: options.color, failOn: options.failOn }));
  }
  if (options.github !== undefined) await reportToGithub(run, written.paths, options.github.stepSummaryPath, options);
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

// Annotations go to stdout, where the runner reads workflow commands; the summary is appended to the
// step's file. A summary that cannot be written is a warning: the reports and the exit code stand.
async function reportToGithub(
  run: RunResult,
  reportPaths: readonly string[],
  stepSummaryPath: string | undefined,
  options: ReportRunOptions,
): Promise<void> {
  options.write(renderGithubAnnotations(run));
  if (stepSummaryPath === undefined || stepSummaryPath === '') return;
  try {
    await appendFile(stepSummaryPath, `${renderGithubStepSummary(run, { reportPaths })}\n`);
  } catch (error) {
    options.warn(
      `apicert: the job summary could not be written to $GITHUB_STEP_SUMMARY (${(error as NodeJS.ErrnoException).code ?? String(error)}); the reports and the exit code are unaffected\n`,
    );
  }
}
