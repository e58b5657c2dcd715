import { describe, expect, it } from 'vitest';
import { sampleHostileRun, sampleMixedRun } from '../../harness/model/test-support/sample-run.js';
import { buildCertificateText, renderCertificate } from './render-certificate.js';

const hash = 'a'.repeat(64);

describe('buildCertificateText', () => {
  it('names the verdict, target, classes passed and not passed, kit, run and report hash, one per line', () => {
    expect(buildCertificateText(sampleMixedRun(), hash).split('\n')).toEqual([
      'apicert conformance certificate: FAILED',
      'Target:      http://127.0.0.1:4010',
      'Passed:      resources-core',
      'Not passed:  pagination-offset (failed), webhooks-sender (skipped), pagination-cursor (failed)',
      'Kit:         apicert 0.1.0',
      'Run:         2025-01-02T03:04:05.678Z, seed 42',
      `report.json: sha256:${hash}`,
    ]);
  });

  it('keeps a multi-line or huge target on one short line', () => {
    const targetLine = buildCertificateText(sampleHostileRun(), hash).split('\n')[1] ?? '';
    expect(targetLine.startsWith('Target:      http://127.0.0.1:4010/')).toBe(true);
    expect(targetLine.length).toBeLessThanOrEqual(13 + 200);
  });
});

describe('renderCertificate', () => {
  it('escapes the text and inlines the badge', () => {
    const html = renderCertificate(sampleHostileRun(), hash);
    expect(html).toContain('<pre class="certificate copyable">');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('<svg xmlns="http://www.w3.org/2000/svg"');
  });
});
