// One check as a <details> element: the summary line is always visible; the body holds the message,
// expected and actual, findings, the counterexample, how to replay and the evidence. Native <details>
// expands without any script, so the page works where CI serves it under a script-blocking CSP.
import { describeOutcome } from '../../harness/model/describe-outcome.js';
import type { CheckResult, RunResult } from '../../harness/model/run-result.js';
import { replaceBigInt } from '../bigint-replacer.js';
import type { ComparisonCategory } from '../../harness/model/compare-runs.js';
import { renderBoundedText, renderOmittedMarker } from './bounded-html.js';
import { toCheckAnchor } from './check-anchor.js';
import { cutText } from './cut-text.js';
import { formatCount, formatDuration, renderStatus } from './display-values.js';
import { escapeHtml, escapeHtmlText } from './escape.js';
import type { EvidenceBudget, HtmlLimits } from './html-limits.js';
import { renderExchange } from './render-exchange.js';
import { renderCoverage } from './render-coverage.js';
import { renderCheckCharts } from './render-check-charts.js';
import { readSequenceSteps } from '../sequence-steps.js';
import { renderPageGrid } from './render-page-grid.js';

/** What a check's rendering needs beyond the check itself. */
export interface CheckRenderContext {
  readonly run: RunResult;
  readonly limits: HtmlLimits;
  readonly budget: EvidenceBudget;
  /** Whether the check starts expanded. */
  readonly isExpanded: boolean;
  /** Its category when the run is compared with a baseline. */
  readonly category?: ComparisonCategory;
  /** Ids of the checks this one blocked (its failure is their root cause). */
  readonly blocks?: readonly string[];
}

// The one-line message in the summary; the body repeats it in full only when this cut it.
const summaryMessageChars = 300;
// What the search box matches: ids, title, class, suite and the message's start.
const searchTextChars = 600;

const categoryTags: Readonly<Record<ComparisonCategory, string>> = {
  'new-failure': 'new failure',
  fixed: 'fixed',
  'still-failing': 'still failing',
  'not-rechecked': 'not rechecked',
  unchanged: '',
};

// A passed check's summary needs no words: its status and warning tag say it.
function messageOf(check: CheckResult): string | undefined {
  return check.status === 'passed' ? undefined : describeOutcome(check);
}

function toSearchText(check: CheckResult): string {
  const text = [check.id, check.title, check.class, check.suite, check.status, messageOf(check) ?? ''].join(' ');
  return escapeHtml(cutText(text.toLowerCase(), searchTextChars).text);
}

function renderSummary(check: CheckResult, category: ComparisonCategory | undefined): string {
  const tag =
    category === undefined || categoryTags[category] === ''
      ? ''
      : ` <span class="tag tag-${category}">${categoryTags[category]}</span>`;
  // A warning does not fail a check, but must not hide inside a collapsed passed one.
  const warnings = check.findings.filter((finding) => finding.level === 'warning').length;
  const advice = check.findings.filter((finding) => finding.level === 'advisory').length;
  const adviceTag = advice === 0 ? '' : ` <span class="tag tag-advisory">${advice} advice</span>`;
  const warningTag =
    (warnings === 0 ? '' : ` <span class="tag tag-warning">${warnings} warning${warnings === 1 ? '' : 's'}</span>`) +
    adviceTag;
  const message = messageOf(check);
  const line =
    message === undefined
      ? ''
      : `<span class="summary-message">${renderBoundedText(message, summaryMessageChars)}</span>`;
  return (
    `<summary>${renderStatus(check.status)} <code class="check-id">${escapeHtml(check.id)}</code> ` +
    `<span class="check-title">${escapeHtml(check.title)}</span>${tag}${warningTag}${line}</summary>`
  );
}

// One compact line: the facts matter less than the message and the evidence below them.
function renderFacts(check: CheckResult): string {
  const facts = [
    `rule ${escapeHtml(check.rule)}`,
    `class ${escapeHtml(check.class)}`,
    formatDuration(check.durationMs),
    `check seed ${check.seed}`,
  ];
  if (check.status === 'failed' && check.replayPath !== undefined)
    facts.push(`replay path ${escapeHtml(check.replayPath)}`);
  if (check.status === 'errored') facts.push(`error <code>${escapeHtml(check.error.code)}</code>`);
  if (check.status === 'errored' && check.blockedBy !== undefined)
    facts.push(`blocked by ${renderCheckLink(check.blockedBy)}`);
  if ((check.status === 'failed' || check.status === 'errored') && check.cause !== undefined)
    facts.push(`cause <code>${escapeHtml(check.cause.key)}</code> (see Root causes)`);
  return `<p class="facts">${facts.join(' · ')}</p>`;
}

/** A link to a check's entry in this report. */
export function renderCheckLink(id: string): string {
  return `<a href="#${escapeHtml(toCheckAnchor(id))}"><code>${escapeHtml(id)}</code></a>`;
}

// The root cause says what it blocked, so a reader fixes it first.
function renderBlocks(blocks: readonly string[] | undefined): string {
  if (blocks === undefined || blocks.length === 0) return '';
  return `<p class="blocks">Blocks ${blocks.length} check${blocks.length === 1 ? '' : 's'}, errored until this passes: ${blocks.map(renderCheckLink).join(', ')}</p>`;
}

function renderExpectation(check: CheckResult, limits: HtmlLimits): string {
  const rows: string[] = [];
  const message = messageOf(check);
  if (message !== undefined && message.length > summaryMessageChars) {
    rows.push(`<dt>Message</dt><dd>${renderBoundedText(message, limits.valueChars)}</dd>`);
  }
  if (check.status === 'failed' && check.expected !== undefined) {
    rows.push(`<dt>Expected</dt><dd class="expected">${renderBoundedText(check.expected, limits.valueChars)}</dd>`);
  }
  if (check.status === 'failed' && check.actual !== undefined) {
    rows.push(`<dt>Actual</dt><dd class="actual">${renderBoundedText(check.actual, limits.valueChars)}</dd>`);
  }
  return rows.length === 0 ? '' : `<dl class="expectation">${rows.join('')}</dl>`;
}

function renderFindings(check: CheckResult, limits: HtmlLimits): string {
  if (check.findings.length === 0) return '';
  const items = check.findings.map(
    (finding) =>
      `<li class="finding finding-${finding.level}"><strong>${finding.level === 'advisory' ? 'advice' : finding.level}</strong> ${renderBoundedText(finding.message, limits.valueChars)}</li>`,
  );
  return `<ul class="findings">${items.join('')}</ul>`;
}

// A check's data must never break the report: a value JSON cannot express becomes a note.
function toPrettyJson(value: unknown): string {
  try {
    return JSON.stringify(value, replaceBigInt, 2) ?? String(value);
  } catch {
    return '(not representable as JSON; see report.json)';
  }
}

function renderCounterexample(check: CheckResult, context: CheckRenderContext): string {
  if (check.status !== 'failed' || check.counterexample === undefined) return '';
  const json = toPrettyJson(check.counterexample);
  const granted = context.budget.grant(Math.min(json.length, context.limits.counterexampleChars));
  const cut = cutText(json, granted);
  // A walk's pages are drawn too: where the rows went twice or missing, and where the writes landed.
  const grid = renderPageGrid(check.counterexample, toCheckAnchor(check.id));
  const sequence = renderSequenceSteps(check.counterexample, context.limits.valueChars);
  return `<h5>Counterexample (shrunk)</h5>${sequence}${grid}<pre class="counterexample">${escapeHtmlText(cut.text)}${renderOmittedMarker(cut.omittedChars)}</pre>`;
}

function renderReplay(check: CheckResult, run: RunResult): string {
  const path =
    check.status !== 'failed' || check.replayPath === undefined
      ? ''
      : ` and fast-check path ${escapeHtml(check.replayPath)}`;
  return (
    `<h5>Replay</h5><pre class="replay copyable">${escapeHtml(run.replayCommand)}</pre>` +
    `<p class="hint">Reruns the whole run with seed ${run.seed}; this check then gets its seed ${check.seed}${path} again.</p>`
  );
}

function renderEvidence(check: CheckResult, context: CheckRenderContext): string {
  const { evidence } = check;
  if (evidence.length === 0) return '';
  const shown = evidence.slice(0, context.limits.exchangesPerCheck);
  const exchanges = shown.map((exchange, index) =>
    renderExchange(exchange, index, evidence.length, context.limits, context.budget),
  );
  const hidden = evidence.length - shown.length;
  const more = hidden > 0 ? `<p class="omitted">(+${formatCount(hidden)} more exchanges in report.json)</p>` : '';
  return `<h5>Evidence</h5>${exchanges.join('')}${more}`;
}

/** Renders one check; failed and errored checks carry the full evidence. */
export function renderCheck(check: CheckResult, context: CheckRenderContext): string {
  const isProblem = check.status === 'failed' || check.status === 'errored';
  const body = [
    renderFacts(check),
    renderBlocks(context.blocks),
    renderExpectation(check, context.limits),
    renderFindings(check, context.limits),
    renderCoverage(check, context.limits),
    // Drawn for every verdict: a passing retry schedule or page cost is worth seeing too.
    renderCheckCharts(check, toCheckAnchor(check.id), context.budget),
  ];
  if (isProblem)
    body.push(renderCounterexample(check, context), renderEvidence(check, context), renderReplay(check, context.run));
  const category = context.category === undefined ? '' : ` data-comparison="${context.category}"`;
  return (
    `<details class="check" id="${escapeHtml(toCheckAnchor(check.id))}" data-status="${escapeHtml(check.status)}"${category} ` +
    `data-search="${toSearchText(check)}"${context.isExpanded ? ' open' : ''}>` +
    `${renderSummary(check, context.category)}<div class="check-body">${body.join('')}</div></details>`
  );
}

// A stateful check's shrunk sequence, its steps numbered as the check wrote them, the one that broke
// the rule marked.
function renderSequenceSteps(counterexample: unknown, valueChars: number): string {
  const sequence = readSequenceSteps(counterexample);
  if (sequence === undefined) return '';
  const items = sequence.steps.map((step, index) =>
    index === sequence.steps.length - 1
      ? `<li class="step-breaks">${renderBoundedText(step, valueChars)} <strong>breaks ${escapeHtmlText(sequence.breaks.replace(/^step \d+: /, ''))}</strong></li>`
      : `<li>${renderBoundedText(step, valueChars)}</li>`,
  );
  return `<p>The sequence, shrunk: ${escapeHtmlText(sequence.breaks)}</p><ul class="sequence-steps">${items.join('')}</ul>`;
}
