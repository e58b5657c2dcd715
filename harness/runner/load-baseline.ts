// Reads the --baseline file. Done before anything is sent to the target, so a bad baseline stops
// the run with exit code 2 and nothing run.
import { readBoundedFile } from '../config/read-bounded-file.js';
import type { BaselineReport } from '../model/baseline-report.js';
import { parseBaselineReport, type ReportReader } from './parse-baseline-report.js';
import { BaselineInvalidError } from '../errors.js';

/**
 * The largest --baseline read (docs/command-line.md). A report.json of a few thousand checks with
 * evidence is a few MB; far beyond that it is not one.
 */
export const MAX_BASELINE_BYTES = 256 * 1024 * 1024;

/** Reads and parses an earlier report.json; throws BaselineInvalidError (one line) when it cannot. */
export async function loadBaseline(
  path: string,
  role: ReportReader = { label: '--baseline', error: BaselineInvalidError },
): Promise<BaselineReport> {
  // A wrong path (a disk image, a device, a pipe) is refused before it is read into memory.
  const read = await readBoundedFile(path, MAX_BASELINE_BYTES);
  if (!read.ok) {
    const reason =
      read.kind === 'missing'
        ? 'cannot be read (ENOENT)'
        : read.kind === 'directory'
          ? 'cannot be read (EISDIR)'
          : read.reason;
    throw new role.error(`${role.label} ${path} ${reason}; pass the report.json of an earlier apicert run`);
  }
  return parseBaselineReport(read.bytes.toString('utf8'), path, role);
}
