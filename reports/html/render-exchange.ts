// One recorded HTTP exchange as a transcript: what was sent, what came back, and the curl line that
// sends it again. Everything here came from the target or was sent to it, so all of it is escaped and
// bounded.
import type { ExchangeRecord, RecordedBody } from '../../harness/model/evidence.js';
import { renderBoundedText, renderOmittedMarker } from './bounded-html.js';
import { cutText } from './cut-text.js';
import { formatCount } from './display-values.js';
import { escapeHtml, escapeHtmlText } from './escape.js';
import type { EvidenceBudget, HtmlLimits } from './html-limits.js';

function renderHeaderLines(headers: Readonly<Record<string, string>>, limits: HtmlLimits): string {
  const names = Object.keys(headers);
  const lines = names
    .slice(0, limits.headersPerMessage)
    .map(
      (name) =>
        `\n${renderBoundedText(name, limits.valueChars)}: ${renderBoundedText(headers[name] ?? '', limits.valueChars)}`,
    );
  const hidden = names.length - limits.headersPerMessage;
  if (hidden > 0) lines.push(`\n<span class="omitted">(+${formatCount(hidden)} more headers in report.json)</span>`);
  return lines.join('');
}

function describeBody(body: RecordedBody, shownChars: number, omittedChars: number): string {
  const parts = [`${formatCount(body.bytes)} bytes`];
  if (body.encoding === 'base64') parts.push('not text, shown as base64');
  if (body.truncated) parts.push(`recorded the first ${formatCount(body.text.length)} characters`);
  if (omittedChars > 0) parts.push(`showing the first ${formatCount(shownChars)}`);
  return parts.join(' · ');
}

function renderBody(label: string, body: RecordedBody | undefined, limits: HtmlLimits, budget: EvidenceBudget): string {
  if (body === undefined || (body.bytes === 0 && body.text === '')) return '';
  const cut = cutText(body.text, budget.grant(Math.min(body.text.length, limits.bodyChars)));
  const caption = `<p class="body-caption">${escapeHtml(label)} body: ${describeBody(body, cut.text.length, cut.omittedChars)}</p>`;
  if (cut.text === '' && body.text !== '') {
    return `${caption}<p class="omitted">Body not shown: this page's evidence budget is spent; report.json has it.</p>`;
  }
  const marker =
    body.truncated && cut.omittedChars === 0
      ? '<span class="omitted">… (cut when recorded)</span>'
      : renderOmittedMarker(cut.omittedChars);
  return `${caption}<pre class="body">${escapeHtmlText(cut.text)}${marker}</pre>`;
}

/** The curl line in its own <pre> (copied as is), with any cut marker outside it. */
function renderCurlLine(curl: string, limits: HtmlLimits): string {
  const cut = cutText(curl, limits.curlChars);
  const note =
    cut.omittedChars > 0
      ? `<p class="omitted">The curl line is cut here (+${formatCount(cut.omittedChars)} characters) and would not resend the same request; report.json has it whole.</p>`
      : '';
  return `<pre class="curl copyable">${escapeHtmlText(cut.text)}</pre>${note}`;
}

function describeExchange(exchange: ExchangeRecord, index: number, total: number): string {
  const direction = exchange.direction === 'outbound' ? 'apicert → target' : 'target → apicert (webhook delivery)';
  const note = exchange.note === undefined ? '' : ` · ${escapeHtml(exchange.note)}`;
  return `Exchange ${index + 1} of ${total} · ${direction}${note} · ${formatCount(Math.round(exchange.durationMs))} ms`;
}

/** One exchange: title, curl line, request and response transcripts (or the error that ended it). */
export function renderExchange(
  exchange: ExchangeRecord,
  index: number,
  total: number,
  limits: HtmlLimits,
  budget: EvidenceBudget,
): string {
  const { request, response } = exchange;
  const parts = [`<p class="exchange-title">${describeExchange(exchange, index, total)}</p>`];
  // The curl line is what a reader acts on, so it is shown even after the page's budget is spent.
  if (exchange.curl !== undefined) parts.push(renderCurlLine(exchange.curl, limits));
  if (budget.isSpent()) {
    parts.push(
      `<p class="omitted">Request and response not shown: this page's evidence budget is spent; report.json has them.</p>`,
    );
    return `<section class="exchange">${parts.join('')}</section>`;
  }
  parts.push(
    `<pre class="http request">${renderBoundedText(request.method, 40)} ${renderBoundedText(request.url, limits.valueChars)}${renderHeaderLines(request.headers, limits)}</pre>`,
    renderBody('Request', request.body, limits, budget),
  );
  if (response !== undefined) {
    parts.push(
      `<pre class="http response">HTTP ${response.status}${renderHeaderLines(response.headers, limits)}</pre>`,
      renderBody('Response', response.body, limits, budget),
    );
  }
  if (exchange.error !== undefined) {
    parts.push(
      `<p class="exchange-error">No complete response: <code>${escapeHtml(exchange.error.code)}</code> ${renderBoundedText(exchange.error.message, limits.valueChars)}</p>`,
    );
  }
  return `<section class="exchange">${parts.join('')}</section>`;
}
