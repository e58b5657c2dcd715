// What a check judged, under its findings: the requests it sent, the surface items it covered and
// those its rule governs that it left out, each with why. Every string is the target's or the
// check's, so each is escaped and cut.
import type { CheckResult } from '../../harness/model/run-result.js';
import { renderBoundedText } from './bounded-html.js';
import { formatCount } from './display-values.js';
import type { HtmlLimits } from './html-limits.js';

// Items named inline; the rest are counted (report.json holds them all).
const itemsShown = 12;

export function renderCoverage(check: CheckResult, limits: HtmlLimits): string {
  const coverage = check.coverage;
  if (coverage === undefined || (coverage.covered.length === 0 && coverage.leftOut.length === 0)) return '';
  const parts: string[] = [];
  if (coverage.covered.length > 0) {
    const named = coverage.covered
      .slice(0, itemsShown)
      .map((item) => `<code>${renderBoundedText(item, limits.valueChars)}</code>`);
    const more =
      coverage.covered.length > itemsShown ? ` and ${formatCount(coverage.covered.length - itemsShown)} more` : '';
    parts.push(`<p>Judged ${formatCount(coverage.covered.length)}: ${named.join(', ')}${more}.</p>`);
  }
  if (coverage.leftOut.length > 0) {
    const items = coverage.leftOut
      .slice(0, itemsShown)
      .map(
        ({ item, why }) =>
          `<li><code>${renderBoundedText(item, limits.valueChars)}</code>: ${renderBoundedText(why, limits.valueChars)}</li>`,
      );
    const more =
      coverage.leftOut.length > itemsShown
        ? `<li>and ${formatCount(coverage.leftOut.length - itemsShown)} more (report.json)</li>`
        : '';
    parts.push(`<p>Left out ${formatCount(coverage.leftOut.length)}:</p><ul>${items.join('')}${more}</ul>`);
  }
  return `<div class="coverage"><h5>Coverage (${formatCount(coverage.requests)} requests)</h5>${parts.join('')}</div>`;
}
