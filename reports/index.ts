// The report formats apicert writes, by name, and the entry points the CLI calls.
import type { RunResult } from '../harness/model/run-result.js';
import { badgeFileName, renderBadgeSvg } from './html/badge-svg.js';
import { renderHtmlReport } from './html/render-html.js';
import { renderJsonReport } from './json/render-json.js';
import { renderJunitReport } from './junit/render-junit.js';
import { reportFileNames, type ReportContext, type ReportFormat, type ReportersMap } from './reporter.js';
import { writeReportFiles, type WrittenReports } from './write-reports.js';

export { findReportDirProblem } from './check-report-dir.js';
export { renderComparisonConsole } from './console/render-comparison-console.js';
export { renderConsoleReport, type ConsoleReportOptions } from './console/render-console.js';
export { renderGithubAnnotations } from './github/render-annotations.js';
export { renderGithubStepSummary, type StepSummaryOptions } from './github/render-step-summary.js';
export { renderHtmlReport, type HtmlReportOptions } from './html/render-html.js';
export { reportSchema } from './json/report-schema.js';
export { renderJsonReport } from './json/render-json.js';
export { renderJunitReport } from './junit/render-junit.js';
export {
  reportFileNames,
  reportFormats,
  type ReportContext,
  type ReportFormat,
  type Reporter,
  type ReportersMap,
} from './reporter.js';
export type { SkippedReport, WrittenReports } from './write-reports.js';

/** Every file reporter in this build. */
export const reporters: ReportersMap = {
  html: {
    fileName: reportFileNames.html,
    render: renderHtmlReport,
    renderExtraFiles: (run) => [{ fileName: badgeFileName, content: renderBadgeSvg(run) }],
  },
  json: { fileName: reportFileNames.json, render: renderJsonReport },
  junit: { fileName: reportFileNames.junit, render: renderJunitReport },
};

/** Writes the requested reports into `dir` (created if missing); see WrittenReports for the outcome. */
export function writeReports(
  run: RunResult,
  dir: string,
  formats: readonly ReportFormat[],
  context: ReportContext = {},
): Promise<WrittenReports> {
  return writeReportFiles(run, dir, formats, reporters, context);
}
