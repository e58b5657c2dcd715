// The webhook deliveries a check's sink channel received (CheckResult.charts, kind "deliveries"),
// drawn as a timeline: one row per event, each attempt a mark at the time it arrived, green when the
// sink answered 2xx, red for another answer, orange when the connection ended without one, and the
// gap to the previous attempt written beside it, so a retry schedule (or its absence) can be seen.
// Where the chart carries the earliest an attempt counts as backing off (webhooks-sender.retry-backoff
// sets it from the very rule it judges, convention 6/3), a dashed ring marks that time: an attempt
// before its ring is one the rule calls a speed-up. Inline SVG with presentation attributes only, and
// the same in words. Pure.
import type { DeliveriesChart, DeliveryAttempt } from '../../harness/model/check-chart.js';
import { cutText } from './cut-text.js';
import { escapeHtml } from './escape.js';

/** What is drawn at most: the rest is in report.json. */
export const timelineBounds = { events: 8, attemptsPerEvent: 12, labelChars: 24 } as const;

type Attempt = DeliveryAttempt;

const labelWidth = 170;
const plotWidth = 520;
const rowHeight = 26;

function colourOf(status: number | undefined): string {
  if (status === undefined) return '#ef6c00';
  return status >= 200 && status < 300 ? '#2e7d32' : '#c62828';
}

function describeAttempt(attempt: Attempt): string {
  return `${Math.round(attempt.atMs)} ms: ${attempt.status === undefined ? 'no answer (time-out or cut)' : `answered ${attempt.status}`}`;
}

/** The timeline as a <figure>, or '' when no delivery came. `idPrefix` keeps ids unique in the page. */
export function renderDeliveryTimeline(chart: DeliveriesChart, idPrefix: string): string {
  // A single delivery is a dot on an empty axis: the words say all there is.
  if (chart.events.reduce((sum, event) => sum + event.attempts.length, 0) < 2) return '';
  const events = chart.events.slice(0, timelineBounds.events).map(({ id, attempts, moreAttempts }) => [id, attempts.slice(0, timelineBounds.attemptsPerEvent), (moreAttempts ?? 0) + Math.max(0, attempts.length - timelineBounds.attemptsPerEvent)] as const);
  const expectedMs = events.flatMap(([, attempts]) => attempts.map((attempt) => attempt.notBeforeMs ?? 0));
  const lastMs = Math.max(1, ...expectedMs, ...events.flatMap(([, attempts]) => attempts.map((attempt) => attempt.atMs)));
  const x = (ms: number): number => labelWidth + Math.round((ms / lastMs) * (plotWidth - 20)) + 10;
  const width = labelWidth + plotWidth + 40;
  const height = events.length * rowHeight + 24;
  const parts: string[] = [`<line x1="${labelWidth}" y1="${height - 16}" x2="${labelWidth + plotWidth}" y2="${height - 16}" stroke="#999"/>`];
  parts.push(`<text x="${labelWidth}" y="${height - 3}" font-size="10" fill="#555">0 ms</text>`);
  parts.push(`<text x="${labelWidth + plotWidth - 60}" y="${height - 3}" font-size="10" fill="#555">${Math.round(lastMs)} ms</text>`);
  events.forEach(([id, attempts, more], row) => {
    const y = 8 + row * rowHeight;
    parts.push(`<text x="2" y="${y + 12}" font-size="11" font-family="monospace" fill="#222"><title>${escapeHtml(cutText(id, 200).text)}</title>${escapeHtml(cutText(id, timelineBounds.labelChars).text)}</text>`);
    parts.push(`<line x1="${labelWidth}" y1="${y + 8}" x2="${labelWidth + plotWidth}" y2="${y + 8}" stroke="#e0e0e0"/>`);
    // Gap labels of attempts close together would print over each other: one every 36 px at most.
    let lastLabelX = Number.NEGATIVE_INFINITY;
    attempts.forEach((attempt, index) => {
      const gap = index === 0 ? '' : `+${Math.round(attempt.atMs - attempts[index - 1]!.atMs)} ms`;
      if (attempt.notBeforeMs !== undefined) {
        parts.push(
          `<g><title>${escapeHtml(`attempt ${index + 1} backs off if it comes at ${Math.round(attempt.notBeforeMs)} ms or later (webhooks-sender.retry-backoff)`)}</title>` +
            `<circle cx="${x(attempt.notBeforeMs)}" cy="${y + 8}" r="7" fill="none" stroke="#555" stroke-dasharray="2 2"/></g>`,
        );
      }
      const labelX = x(attempt.atMs) - 14;
      const isLabelled = gap !== '' && labelX - lastLabelX >= 36;
      if (isLabelled) lastLabelX = labelX;
      parts.push(
        `<g><title>${escapeHtml(`attempt ${index + 1} at ${describeAttempt(attempt)}`)}</title><circle cx="${x(attempt.atMs)}" cy="${y + 8}" r="5" fill="${colourOf(attempt.status)}"/></g>` +
          (isLabelled ? `<text x="${labelX}" y="${y + 24}" font-size="9" fill="#555">${gap}</text>` : ''),
      );
    });
    if (more > 0) parts.push(`<text x="${labelWidth + plotWidth + 2}" y="${y + 12}" font-size="9" fill="#555">+${more}</text>`);
  });
  const words = events.map(([id, attempts, more]) => `${cutText(id, 80).text}: ${attempts.map(describeAttempt).join(', ')}${more > 0 ? ` and ${more} more attempts` : ''}`).join('; ');
  const hidden = chart.events.length - events.length + chart.omittedEvents;
  const titleId = `${idPrefix}-timeline-title`;
  const descId = `${idPrefix}-timeline-desc`;
  return (
    `<figure class="delivery-timeline"><svg xmlns="http://www.w3.org/2000/svg" role="img" aria-labelledby="${titleId} ${descId}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<title id="${titleId}">The deliveries the sink received, by event and time</title><desc id="${descId}">${escapeHtml(words)}</desc>${parts.join('')}</svg>` +
    `<figcaption>Deliveries by event: green answered 2xx, red another status, orange no answer; the gap to the attempt before is written under each retry${chart.events.some((event) => event.attempts.some((attempt) => attempt.notBeforeMs !== undefined)) ? '; a dashed ring marks the earliest the retry counts as backing off, by the rule webhooks-sender.retry-backoff judges' : ''}${hidden > 0 ? ` (${hidden} more events not drawn)` : ''}.</figcaption></figure>`
  );
}
