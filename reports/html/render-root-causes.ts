// Root causes, said once at the top of the checks: each shared observation (lists that are not
// pages, a refused credential), every list or operation it affects, and the checks that fail on it.
import type { RunResult } from '../../harness/model/run-result.js';
import { findSharedCauses } from '../root-causes.js';
import { renderBoundedText } from './bounded-html.js';
import { escapeHtml } from './escape.js';
import { renderCheckLink } from './render-check.js';

// The subjects come from the target (paths): bounded in number and length like any target text.
const maxSubjectsShown = 20;
const maxSubjectChars = 200;

/** The root-causes block, or '' when no cause fails two checks or more. */
export function renderRootCauses(run: RunResult): string {
  const groups = findSharedCauses(run.checks);
  if (groups.length === 0) return '';
  const items = groups.map((group) => {
    const subjects = group.subjects
      .slice(0, maxSubjectsShown)
      .map((subject) => `<code>${renderBoundedText(subject, maxSubjectChars)}</code>`);
    const more = group.subjects.length - subjects.length;
    return (
      `<li class="root-cause" data-cause="${escapeHtml(group.key)}"><strong>${escapeHtml(group.summary)}</strong>` +
      `<p>Affects ${subjects.join(', ')}${more > 0 ? ` (+${more} more in report.json)` : ''}.</p>` +
      `<p>${group.checks.length} checks fail or stop on it: ${group.checks.map((check) => renderCheckLink(check.id)).join(', ')}</p></li>`
    );
  });
  return `<section id="root-causes" aria-labelledby="root-causes-title"><h3 id="root-causes-title">Root causes</h3><ul>${items.join('')}</ul></section>`;
}
