// The files an apicert run writes into its report directory, each with the mark that tells a file an
// earlier run wrote from a user's own file of the same name. A run removes the earlier run's files,
// so none is read beside the new ones as if it were part of them, and never a file apicert did not write.
import type { ReportFileName } from './reporter.js';
import { reportFormats, reporters } from './reporters.js';

/** A file name a report format writes, and a pattern the start of every such file matches. */
export type KitReportFile = ReportFileName;

/** Every file any report format writes (write-reports.test.ts proves each rendering carries its mark). */
export const kitReportFiles: readonly KitReportFile[] = reportFormats.flatMap((format) => {
  const { fileName, mark, extraFiles = [] } = reporters[format];
  return [{ fileName, mark }, ...extraFiles.map((extra) => ({ fileName: extra.fileName, mark: extra.mark }))];
});

/** How much of the start of a file is searched for its mark. */
export const MARK_SEARCH_BYTES = 16 * 1024;
