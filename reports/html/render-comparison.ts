// The comparison with a baseline run: what broke since, what was fixed, what is still broken.
import type { ComparedCheck, ComparisonCategory, RunComparison } from '../../harness/model/compare-runs.js';
import { renderBoundedText } from './bounded-html.js';
import { toCheckAnchor } from './check-anchor.js';
import { formatCount, formatTimestamp, renderStatus } from './display-values.js';
import { escapeHtml } from './escape.js';
import type { HtmlLimits } from './html-limits.js';

interface CategoryView {
  readonly category: ComparisonCategory;
  readonly title: string;
  readonly explanation: string;
  readonly checks: readonly ComparedCheck[];
}

/** Check id to category, for tagging the checks in the checks section. */
export function mapCategories(comparison: RunComparison): Map<string, ComparisonCategory> {
  const categories = new Map<string, ComparisonCategory>();
  const add = (category: ComparisonCategory, checks: readonly ComparedCheck[]): void => {
    for (const check of checks) if (check.status !== undefined) categories.set(check.id, category);
  };
  add('new-failure', comparison.newFailures);
  add('fixed', comparison.fixed);
  add('still-failing', comparison.stillFailing);
  add('not-rechecked', comparison.notRechecked);
  add('unchanged', comparison.unchanged);
  return categories;
}

function renderComparedCheck(check: ComparedCheck): string {
  // Only a check of this run has an anchor on this page; one the run lacks is named, not linked.
  const name =
    check.status === undefined
      ? `<code>${escapeHtml(check.id)}</code>`
      : `<a href="#${escapeHtml(toCheckAnchor(check.id))}"><code>${escapeHtml(check.id)}</code></a>`;
  const before =
    check.baselineStatus === undefined ? 'not in the baseline' : `was ${renderStatus(check.baselineStatus)}`;
  const required = check.required ? '' : ' <span class="hint">(class not required)</span>';
  return `<li>${renderStatus(check.status ?? 'not run')} ${name} ${escapeHtml(check.title)} · ${before}${required}</li>`;
}

function renderCategory(view: CategoryView, limits: HtmlLimits): string {
  const shown = view.checks.slice(0, limits.comparedChecksListed);
  const hidden = view.checks.length - shown.length;
  const more = hidden > 0 ? `<li class="omitted">(+${formatCount(hidden)} more)</li>` : '';
  if (view.checks.length === 0) return '';
  const list = `<ul>${shown.map(renderComparedCheck).join('')}${more}</ul>`;
  const heading = `${escapeHtml(view.title)} (${formatCount(view.checks.length)})`;
  // Unchanged checks are the bulk of a run and need no action: collapsed, even without the script.
  if (view.category === 'unchanged') {
    return `<details class="comparison-category" data-category="unchanged"><summary>${heading}: ${view.explanation}</summary>${list}</details>`;
  }
  return `<div class="comparison-category" data-category="${view.category}"><h3>${heading}</h3><p class="hint">${view.explanation}</p>${list}</div>`;
}

/** The comparison section. */
export function renderComparison(comparison: RunComparison, limits: HtmlLimits): string {
  const { baseline } = comparison;
  const views: CategoryView[] = [
    {
      category: 'new-failure',
      title: 'New failures',
      explanation: 'failed or errored now; not failing in the baseline',
      checks: comparison.newFailures,
    },
    { category: 'fixed', title: 'Fixed', explanation: 'failing in the baseline; passed now', checks: comparison.fixed },
    {
      category: 'still-failing',
      title: 'Still failing',
      explanation: 'failing in both runs',
      checks: comparison.stillFailing,
    },
    {
      category: 'not-rechecked',
      title: 'Not rechecked',
      explanation: 'failing in the baseline; skipped or not run now, so not known to be fixed',
      checks: comparison.notRechecked,
    },
    {
      category: 'unchanged',
      title: 'Unchanged',
      explanation: 'not failing in either run',
      checks: comparison.unchanged,
    },
  ];
  const counts = views
    .map(
      (view) =>
        `<li data-category="${view.category}"><strong>${formatCount(view.checks.length)}</strong> ${escapeHtml(view.title.toLowerCase())}</li>`,
    )
    .join('');
  return (
    `<section id="comparison" aria-labelledby="comparison-title"><h2 id="comparison-title">Compared with the baseline</h2>` +
    `<p>Baseline: the run of <time datetime="${escapeHtml(baseline.startedAt)}">${escapeHtml(formatTimestamp(baseline.startedAt))}</time>, ` +
    `apicert ${escapeHtml(baseline.version)}, seed ${baseline.seed}, target <code>${renderBoundedText(baseline.baseUrl, 300)}</code>.</p>` +
    `<ul class="comparison-counts">${counts}</ul>${views.map((view) => renderCategory(view, limits)).join('')}</section>`
  );
}
