// report.json: the RunResult itself, so the file and the in-memory model can never disagree.
import type { RunResult } from '../../harness/model/run-result.js';
import { replaceBigInt } from '../bigint-replacer.js';

/** Renders the run as pretty JSON (2 spaces, trailing newline), valid against report.schema.json. */
export function renderJsonReport(run: RunResult): string {
  return `${JSON.stringify(run, replaceBigInt, 2)}\n`;
}
