// Reads the --baseline file. Done before anything is sent to the target, so a bad baseline stops
// the run with exit code 2 and nothing run.
import { readFile, stat } from 'node:fs/promises';
import type { BaselineReport } from '../model/baseline-report.js';
import { parseBaselineReport } from './parse-baseline-report.js';
import { BaselineInvalidError } from '../errors.js';

// A report.json of a few thousand checks with evidence is a few MB; far beyond that it is not one.
const maxBaselineBytes = 256 * 1024 * 1024;

/** Reads and parses an earlier report.json; throws BaselineInvalidError (one line) when it cannot. */
export async function loadBaseline(path: string): Promise<BaselineReport> {
  let text: string;
  try {
    // Size first: a wrong path (a disk image, a log) must not be read into memory to be refused.
    const { size } = await stat(path);
    if (size > maxBaselineBytes) {
      throw new BaselineInvalidError(`--baseline ${path} is ${size} bytes, more than a report.json of apicert can be; pass the report.json of an earlier apicert run`);
    }
    text = await readFile(path, 'utf8');
  } catch (thrown) {
    if (thrown instanceof BaselineInvalidError) throw thrown;
    const reason = (thrown as NodeJS.ErrnoException).code ?? (thrown instanceof Error ? thrown.message.split('\n')[0] : 'unknown error');
    throw new BaselineInvalidError(`--baseline ${path} cannot be read (${reason}); pass the report.json of an earlier apicert run`);
  }
  return parseBaselineReport(text, path);
}
