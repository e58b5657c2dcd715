// index.html: one self-contained page (inline style and script, nothing loaded) that a release
// manager opens when CI goes red. The static markup is the whole report; the script only filters.
import type { RunResult } from '../../harness/model/run-result.js';
import type { RunComparison } from '../../harness/model/compare-runs.js';
import { renderBoundedText } from './bounded-html.js';
import { buildContentSecurityPolicy } from './content-security-policy.js';
import { escapeHtml } from './escape.js';
import { createEvidenceBudget, defaultHtmlLimits, type HtmlLimits } from './html-limits.js';
import { pageScript } from './page-script.js';
import { pageStyle } from './page-style.js';
import { computeReportContentHash } from './report-content-hash.js';
import { renderCertificate } from './render-certificate.js';
import { renderChecksSection } from './render-checks-section.js';
import { mapCategories, renderComparison } from './render-comparison.js';
import { renderClassesTable, renderRunHeader } from './render-header.js';

export interface HtmlReportOptions {
  /** The comparison with a baseline run (--baseline); adds the comparison section and tags. */
  readonly comparison?: RunComparison;
  /** Overrides of the evidence limits (see HtmlLimits). */
  readonly limits?: Partial<HtmlLimits>;
}

// Computed once: the CSP names the exact bytes of the inline script and style.
const contentSecurityPolicy = buildContentSecurityPolicy(pageScript, pageStyle);

/** Renders the run as a self-contained HTML page. Pure: the same run and options give the same page. */
export function renderHtmlReport(run: RunResult, options: HtmlReportOptions = {}): string {
  const limits: HtmlLimits = { ...defaultHtmlLimits, ...options.limits };
  const budget = createEvidenceBudget(limits.evidenceBudgetChars);
  const { comparison } = options;
  const title = `apicert ${run.verdict}: ${renderBoundedText(run.target.baseUrl, 120)}`;
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    // First in <head>: a meta CSP covers only what the parser meets after it.
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(contentSecurityPolicy)}">`,
    '<meta name="referrer" content="no-referrer">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="generator" content="apicert ${escapeHtml(run.tool.version)}">`,
    `<title>${title}</title>`,
    `<style>${pageStyle}</style>`,
    '</head>',
    `<body data-verdict="${escapeHtml(run.verdict)}">`,
    `<div class="top">${renderRunHeader(run)}${renderCertificate(run, computeReportContentHash(run))}</div>`,
    renderClassesTable(run),
    comparison === undefined ? '' : renderComparison(comparison, limits),
    renderChecksSection(run, {
      limits,
      budget,
      ...(comparison !== undefined ? { categories: mapCategories(comparison) } : {}),
    }),
    `<footer>Written by apicert ${escapeHtml(run.tool.version)}. Every value from the target is shown as text; ` +
      'long values are cut here and kept whole in report.json.</footer>',
    `<script>${pageScript}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
