// The report formats apicert writes, by name, and the entry points the runner calls.
import type { RunResult } from '../harness/model/run-result.js';
import { renderJsonReport } from './json/render-json.js';
import { renderJunitReport } from './junit/render-junit.js';
import { reportFileNames, type ReportFormat, type ReportersMap } from './reporter.js';
import { writeReportFiles, type WrittenReports } from './write-reports.js';

export { renderConsoleReport, type ConsoleReportOptions } from './console/render-console.js';
export { reportSchema } from './json/report-schema.js';
export { renderJsonReport } from './json/render-json.js';
export { renderJunitReport } from './junit/render-junit.js';
export { reportFileNames, reportFormats, type ReportFormat, type Reporter, type ReportersMap } from './reporter.js';
export type { SkippedReport, WrittenReports } from './write-reports.js';

/**
 * Every file reporter in this build. The HTML report plugs in with one entry:
 * `html: { fileName: reportFileNames.html, render: renderHtmlReport },` (plus its import); until
 * then writeReports lists html as skipped instead of failing.
 */
export const reporters: ReportersMap = {
  json: { fileName: reportFileNames.json, render: renderJsonReport },
  junit: { fileName: reportFileNames.junit, render: renderJunitReport },
};

/** Writes the requested reports into `dir` (created if missing); see WrittenReports for the outcome. */
export function writeReports(run: RunResult, dir: string, formats: readonly ReportFormat[]): Promise<WrittenReports> {
  return writeReportFiles(run, dir, formats, reporters);
}
