import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { renderJsonReport } from '../json/render-json.js';
import {
  buildCheck,
  buildRun,
  sampleFailingRun,
  sampleHostileRun,
} from '../../harness/model/test-support/sample-run.js';
import { computeReportContentHash, sha256Hex } from './report-content-hash.js';

describe('computeReportContentHash', () => {
  it('is SHA-256 in hex', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('is the hash of the exact bytes of report.json, so sha256sum report.json gives it', () => {
    for (const run of [sampleFailingRun(), sampleHostileRun()]) {
      const bytes = Buffer.from(renderJsonReport(run), 'utf8');
      expect(computeReportContentHash(run)).toBe(createHash('sha256').update(bytes).digest('hex'));
    }
  });

  it('changes when any result changes', () => {
    const passed = buildRun([buildCheck()]);
    const failed = buildRun([buildCheck({ status: 'failed', message: 'x' })]);
    expect(computeReportContentHash(passed)).not.toBe(computeReportContentHash(failed));
    expect(computeReportContentHash(passed)).toBe(computeReportContentHash(buildRun([buildCheck()])));
  });
});
