// The certificate block: a few plain-text lines a team pastes into a release note or ticket. The
// report hash ties the pasted text to the published report.json.
import type { RunResult } from '../../harness/model/run-result.js';
import { badgeFileName } from './badge-file-name.js';
import { renderBadgeSvg } from './badge-svg.js';
import { cutText } from './cut-text.js';
import { escapeHtml } from './escape.js';

const maxTargetChars = 200;

/** The certificate as plain text (before escaping); `reportHash` is the sha256 of report.json. */
export function buildCertificateText(run: RunResult, reportHash: string): string {
  const passed = run.classes.filter((result) => result.verdict === 'passed').map((result) => result.id);
  const notPassed = run.classes
    .filter((result) => result.verdict !== 'passed')
    .map((result) => `${result.id} (${result.verdict})`);
  // A shard's report certifies only its part: it says so first, where a reader looks.
  const partial =
    run.shard === undefined
      ? ''
      : ` (PARTIAL: shard ${run.shard.index} of ${run.shard.count} only; the merged report certifies the run)`;
  const lines = [
    `apicert conformance certificate: ${run.verdict.toUpperCase()}${partial}`,
    // One line each, so the block pastes as is; report.json has the full target.
    `Target:      ${cutText(run.target.baseUrl.replace(/[\r\n]+/g, ' '), maxTargetChars).text}`,
    `Passed:      ${passed.length === 0 ? 'none' : passed.join(', ')}`,
  ];
  if (notPassed.length > 0) lines.push(`Not passed:  ${notPassed.join(', ')}`);
  lines.push(
    `Kit:         apicert ${run.tool.version}`,
    `Run:         ${run.startedAt}, seed ${run.seed}`,
    `report.json: sha256:${reportHash}`,
  );
  return lines.join('\n');
}

/** The certificate section: the text block, how to check its hash, and the badge. */
export function renderCertificate(run: RunResult, reportHash: string): string {
  // The badge is inlined (not <img src>) so the page loads nothing, even from its own folder.
  return (
    `<section id="certificate" aria-labelledby="certificate-title"><h2 id="certificate-title">Certificate</h2>` +
    `<div class="badge">${renderBadgeSvg(run)}</div>` +
    `<pre class="certificate copyable">${escapeHtml(buildCertificateText(run, reportHash))}</pre>` +
    `<p class="hint">The hash is the SHA-256 of this run's report.json; check it with <code>sha256sum report.json</code>. ` +
    `The badge is <code>${badgeFileName}</code>, next to this page.</p></section>`
  );
}
