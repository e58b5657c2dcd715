// The top of the report: the overall verdict and why, the run's facts, and the verdict per
// conformance class (what a release decision needs, before any detail).
import { renderRunOverview } from './render-run-overview.js';
import { describeShards } from '../describe-shards.js';
import { advisoryClassId, contractClassId, type ClassResult, type RunResult } from '../../harness/model/run-result.js';
import { renderBoundedText } from './bounded-html.js';
import { renderConfigDerivation } from './render-config-derivation.js';
import { formatCount, formatDuration, formatTimestamp, renderStatus } from './display-values.js';
import { escapeHtml } from './escape.js';

const maxTargetChars = 300;
/** A skipped class's reason: the model cuts it at 600 characters already. */
const maxClassReasonChars = 600;
// Run notes are few (clean-up stops after a handful of refusals); past this many, report.json has them.
const maxNotesShown = 20;

function explainVerdict(run: RunResult): string {
  const part =
    run.shard === undefined
      ? ''
      : `shard ${run.shard.index} of ${run.shard.count} only (apicert merge-reports joins the shards): `;
  return `${part}${explainWholeVerdict(run)}`;
}

function explainWholeVerdict(run: RunResult): string {
  const required = run.classes.filter((result) => result.required);
  if (run.verdict === 'passed') return `all ${required.length} required classes passed`;
  if (required.length === 0) return 'no conformance class was required, so nothing was certified';
  const notPassed = required.filter((result) => result.verdict !== 'passed');
  return `required classes not passed: ${notPassed.map((result) => `${escapeHtml(result.id)} (${result.verdict})`).join(', ')}`;
}

function renderFacts(run: RunResult): string {
  const { passed, failed, skipped, errored } = run.summary;
  const facts: Array<[string, string]> = [
    ['Target', `<code>${renderBoundedText(run.target.baseUrl, maxTargetChars)}</code>`],
    ['Kit', `apicert ${escapeHtml(run.tool.version)}`],
    ['Seed', String(run.seed)],
    ['Date', `<time datetime="${escapeHtml(run.startedAt)}">${escapeHtml(formatTimestamp(run.startedAt))}</time>`],
    ['Run time', formatDuration(run.durationMs)],
    [
      'Checks',
      `${formatCount(passed)} passed · ${formatCount(failed)} failed · ${formatCount(skipped)} skipped · ${formatCount(errored)} errored`,
    ],
  ];
  const shards = describeShards(run);
  if (shards !== undefined) facts.push(['Shards', renderBoundedText(shards, maxTargetChars)]);
  return `<dl class="run-facts">${facts.map(([name, value]) => `<dt>${name}</dt><dd>${value}</dd>`).join('')}</dl>`;
}

function renderClassRow(result: ClassResult): string {
  const { passed, failed, errored, skipped } = result.checks;
  return (
    `<tr data-class="${escapeHtml(result.id)}" data-verdict="${escapeHtml(result.verdict)}">` +
    `<th scope="row"><code>${escapeHtml(result.id)}</code></th><td>${renderStatus(result.verdict)}${renderClassReason(result)}</td>` +
    `<td>${describeRequirement(result)}</td>` +
    `<td>${passed}</td><td>${failed}</td><td>${errored}</td><td>${skipped}</td></tr>`
  );
}

// A skipped class says why beside its verdict: what its checks left out, and why.
function renderClassReason(result: ClassResult): string {
  return result.reason === undefined
    ? ''
    : ` <span class="class-reason">${renderBoundedText(result.reason, maxClassReasonChars)}</span>`;
}

function renderNotes(run: RunResult): string {
  if (run.notes.length === 0) return '';
  const items = run.notes.slice(0, maxNotesShown).map((note) => {
    const suite = note.suite === undefined ? '' : `<code>${escapeHtml(note.suite)}</code>: `;
    return `<li class="finding finding-${escapeHtml(note.level)}"><strong>${escapeHtml(note.level)}</strong> ${suite}${renderBoundedText(note.message, maxTargetChars)}</li>`;
  });
  const hidden = run.notes.length - maxNotesShown;
  const more = hidden > 0 ? `<li class="omitted">(+${formatCount(hidden)} more notes in report.json)</li>` : '';
  return `<ul class="run-notes">${items.join('')}${more}</ul>`;
}

/** The page header: the overall verdict and why, then the run's facts and notes. */
export function renderRunHeader(run: RunResult): string {
  const interrupted =
    run.interrupted === undefined
      ? ''
      : `<p class="interrupted"><strong>Interrupted:</strong> ${renderBoundedText(run.interrupted, maxTargetChars)}</p>`;
  return (
    `<header class="run-header">` +
    `<h1>apicert conformance report</h1>` +
    `<p class="overall" data-overall-verdict="${escapeHtml(run.verdict)}">` +
    `<span class="verdict verdict-${escapeHtml(run.verdict)}">${run.verdict === 'passed' ? 'PASSED' : 'FAILED'}</span> ` +
    `<span class="verdict-reason">${explainVerdict(run)}</span></p>` +
    `${renderFacts(run)}${interrupted}${renderNotes(run)}${renderConfigDerivation(run)}</header>`
  );
}

/** The verdict of each conformance class, with its counts and whether this run requires it. */
export function renderClassesTable(run: RunResult): string {
  const rows = run.classes.map(renderClassRow).join('');
  const table =
    run.classes.length === 0
      ? '<p>No conformance class: no check ran.</p>'
      : '<table class="classes"><thead><tr><th scope="col">Class</th><th scope="col">Verdict</th><th scope="col">Required</th>' +
        `<th scope="col">Passed</th><th scope="col">Failed</th><th scope="col">Errored</th><th scope="col">Skipped</th></tr></thead><tbody>${rows}</tbody></table>`;
  return `<section id="classes" aria-labelledby="classes-title"><h2 id="classes-title">Conformance classes</h2>${table}${renderRunOverview(run)}</section>`;
}

function describeRequirement(result: ClassResult): string {
  if (result.required) return 'required';
  if (result.id === advisoryClassId) return 'not required (advice; --strict gates on it)';
  return result.id === contractClassId
    ? "not required (the API description's contract; --require openapi-contract gates on it)"
    : 'not required';
}
