// The advice of a run, gathered near the top of the checks: a check that gave advice has passed, so
// without this list a run that --strict failed on advice would show no reason above the fold.
import { advisoryClassId, type RunResult } from '../../harness/model/run-result.js';
import { renderBoundedText } from './bounded-html.js';
import { escapeHtml } from './escape.js';
import { renderCheckLink } from './render-check.js';

// Advice beyond this many items is counted, not listed: each check still shows its own.
const maxAdviceShown = 50;
const maxAdviceChars = 600;

/** The advice block, or '' when no check gave advice. */
export function renderAdvice(run: RunResult): string {
  const advice = run.checks.flatMap((check) =>
    check.findings
      .filter((finding) => finding.level === 'advisory')
      .map((finding) => ({ id: check.id, message: finding.message })),
  );
  if (advice.length === 0) return '';
  const isGated = run.classes.some((result) => result.id === advisoryClassId && result.required);
  const items = advice
    .slice(0, maxAdviceShown)
    .map((item) => `<li>${renderCheckLink(item.id)}: ${renderBoundedText(item.message, maxAdviceChars)}</li>`);
  const more =
    advice.length > maxAdviceShown
      ? `<li class="omitted">(+${advice.length - maxAdviceShown} more in the checks below)</li>`
      : '';
  const why = isGated
    ? 'This run requires the advisory class (--strict or --require advisory), so this advice fails it.'
    : 'Good practice the convention does not state, or a rule the kit cannot judge reliably: counted only in the advisory class, which this run does not require.';
  return `<section id="advice" aria-labelledby="advice-title"><h3 id="advice-title">Advice (${advice.length})</h3><p class="hint">${escapeHtml(why)}</p><ul>${items.join('')}${more}</ul></section>`;
}
