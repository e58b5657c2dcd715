// The certificate names the run by a hash of its report.json, so a pasted certificate can be checked
// against the published report with `sha256sum report.json`.
import { createHash } from 'node:crypto';
import type { RunResult } from '../../harness/model/run-result.js';
import { renderJsonReport } from '../json/render-json.js';

/** SHA-256 (hex) of UTF-8 text. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** SHA-256 (hex) of the exact bytes apicert writes as this run's report.json. */
export function computeReportContentHash(run: RunResult): string {
  return sha256Hex(renderJsonReport(run));
}
