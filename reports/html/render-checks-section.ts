// The checks section: suites, then classes, then checks, failures first at every level. The script
// filters this markup in place; without the script it is the whole report.
import type { RunResult, RunSummary } from '../../harness/model/run-result.js';
import { findRootCauses } from '../root-causes.js';
import { summarizeChecks } from '../../harness/model/verdicts.js';
import type { ComparisonCategory } from '../../harness/model/compare-runs.js';
import { renderStatus } from './display-values.js';
import { escapeHtml } from './escape.js';
import { groupChecks, type ClassGroup } from './group-checks.js';
import type { EvidenceBudget, HtmlLimits } from './html-limits.js';
import { renderCheck } from './render-check.js';
import { renderAdvice } from './render-advice.js';
import { renderRootCauses } from './render-root-causes.js';

export interface ChecksSectionContext {
  readonly limits: HtmlLimits;
  readonly budget: EvidenceBudget;
  /** Check id to comparison category, when there is a baseline. */
  readonly categories?: ReadonlyMap<string, ComparisonCategory>;
}

function describeCounts(counts: RunSummary): string {
  const parts = (['failed', 'errored', 'skipped', 'passed'] as const)
    .filter((status) => counts[status] > 0)
    .map((status) => `${counts[status]} ${status}`);
  return parts.join(' · ');
}

/** Renders every check of the run, grouped; the first failures start expanded. */
export function renderChecksSection(run: RunResult, context: ChecksSectionContext): string {
  const verdicts = new Map(run.classes.map((result) => [result.id, result.verdict]));
  let expandedLeft = context.limits.expandedFailures;
  const blocksOf = new Map(
    findRootCauses(run.checks).map((cause) => [cause.checkId, cause.blocked.map((check) => check.id)]),
  );

  const renderClass = (group: ClassGroup): string => {
    const checks = group.checks.map((check) => {
      const isProblem = check.status === 'failed' || check.status === 'errored';
      const isExpanded = isProblem && expandedLeft > 0;
      if (isExpanded) expandedLeft -= 1;
      const category = context.categories?.get(check.id);
      const blocks = blocksOf.get(check.id);
      return renderCheck(check, {
        run,
        limits: context.limits,
        budget: context.budget,
        isExpanded,
        ...(category !== undefined ? { category } : {}),
        ...(blocks !== undefined ? { blocks } : {}),
      });
    });
    const verdict = verdicts.get(group.classId);
    return (
      `<section class="class-group" data-class="${escapeHtml(group.classId)}">` +
      `<h4>${verdict === undefined ? '' : `${renderStatus(verdict)} `}Class <code>${escapeHtml(group.classId)}</code> ` +
      `<span class="counts">${describeCounts(summarizeChecks(group.checks))}</span></h4>${checks.join('')}</section>`
    );
  };

  const suites = groupChecks(run.checks).map((suite) => {
    const counts = summarizeChecks(suite.classes.flatMap((group) => group.checks));
    return (
      `<section class="suite" data-suite="${escapeHtml(suite.suite)}">` +
      `<h3>Suite <code>${escapeHtml(suite.suite)}</code> <span class="counts">${describeCounts(counts)}</span></h3>` +
      `${suite.classes.map(renderClass).join('')}</section>`
    );
  });
  const body = suites.length === 0 ? '<p>No check ran.</p>' : suites.join('');
  return (
    `<section id="checks" aria-labelledby="checks-title"><h2 id="checks-title">Checks</h2>` +
    `<p class="hint">Failed and errored checks come first; select a check to expand its evidence.</p>` +
    `${renderRootCauses(run)}${renderAdvice(run)}<div id="toolbar"></div>${body}</section>`
  );
}
