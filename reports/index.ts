// The reporters apicert has, by name, and the entry points the CLI calls.
import type { RunResult } from '../harness/model/run-result.js';
import type { ReportContext } from './reporter.js';
import { reporters, type ReportFormat } from './reporters.js';
import { writeReportFiles, type WrittenReports } from './write-reports.js';

export { findReportDirProblem } from './check-report-dir.js';
export { reportSchema } from './json/report-schema.js';
export type { FileReporter, PrintContext, PrintedReporter, ReportContext, Reporter } from './reporter.js';
export {
  printedReporterNames,
  reportFormats,
  reporters,
  type PrintedReporterName,
  type ReportFormat,
  type ReporterName,
} from './reporters.js';
export type { SkippedReport, WrittenReports } from './write-reports.js';

/** Writes the requested reports into `dir` (created if missing); see WrittenReports for the outcome. */
export function writeReports(
  run: RunResult,
  dir: string,
  formats: readonly ReportFormat[],
  context: ReportContext = {},
): Promise<WrittenReports> {
  return writeReportFiles(run, dir, formats, reporters, context);
}
