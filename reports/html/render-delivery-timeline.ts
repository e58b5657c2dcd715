// The webhook deliveries a check's sink channel received (CheckResult.charts, kind "deliveries"),
// drawn as a timeline: one row per event, each attempt a mark at the time it arrived, green when the
// sink answered 2xx, red for another answer, orange when the sender gave up waiting (its time-out),
// purple when the sink cut the connection (closed or reset, as the check's script asked), grey when
// the sink still held its answer on purpose as the check ended, and the gap
// to the previous attempt written beside it, so a retry schedule (or its absence) can be seen. For
// webhooks-sender.retry-backoff the expected backoff is drawn beside the observed one: a grey tick
// where the attempt would come after a wait as long as the one before (a backoff that does not
// shrink), and, where the rule it judges (convention 6/3) allows less only so far, a dashed ring at
// the earliest it still counts as backing off. Inline SVG with presentation attributes only, and the
// same in words. Pure.
import { describeEnd, type DeliveriesChart, type DeliveryAttempt } from '../../harness/model/check-chart.js';
import { cutText } from './cut-text.js';
import { escapeHtml } from './escape.js';

/** What is drawn at most: the rest is in report.json. */
export const timelineBounds = { events: 8, attemptsPerEvent: 12, labelChars: 24 } as const;

type Attempt = DeliveryAttempt;

const labelWidth = 170;
const plotWidth = 520;
const rowHeight = 26;

function colourOf(attempt: Attempt): string {
  const { status } = attempt;
  if (status === undefined)
    return attempt.ended === 'closed' || attempt.ended === 'reset'
      ? '#6a1b9a'
      : attempt.ended === 'held'
        ? '#9e9e9e'
        : '#ef6c00';
  return status >= 200 && status < 300 ? '#2e7d32' : '#c62828';
}

function describeAttempt(attempt: Attempt): string {
  const expected =
    attempt.backoffFromMs === undefined
      ? ''
      : ` (a wait as long as the one before puts it at ${Math.round(attempt.backoffFromMs)} ms)`;
  return `${Math.round(attempt.atMs)} ms: ${attempt.status === undefined ? describeEnd(attempt.ended) : `answered ${attempt.status}`}${expected}`;
}

/** The timeline as a <figure>, or '' when no delivery came. `idPrefix` keeps ids unique in the page. */
export function renderDeliveryTimeline(chart: DeliveriesChart, idPrefix: string): string {
  if (chart.events.length === 0) return '';
  const events = chart.events
    .slice(0, timelineBounds.events)
    .map(
      ({ id, attempts, moreAttempts }) =>
        [
          id,
          attempts.slice(0, timelineBounds.attemptsPerEvent),
          (moreAttempts ?? 0) + Math.max(0, attempts.length - timelineBounds.attemptsPerEvent),
        ] as const,
    );
  const expectedMs = events.flatMap(([, attempts]) =>
    attempts.map((attempt) => Math.max(attempt.notBeforeMs ?? 0, attempt.backoffFromMs ?? 0)),
  );
  const lastMs = Math.max(
    1,
    ...expectedMs,
    ...events.flatMap(([, attempts]) => attempts.map((attempt) => attempt.atMs)),
  );
  const x = (ms: number): number => labelWidth + Math.round((ms / lastMs) * (plotWidth - 20)) + 10;
  const width = labelWidth + plotWidth + 40;
  const height = events.length * rowHeight + 24;
  const parts: string[] = [
    `<line x1="${labelWidth}" y1="${height - 16}" x2="${labelWidth + plotWidth}" y2="${height - 16}" stroke="#999"/>`,
  ];
  parts.push(`<text x="${labelWidth}" y="${height - 3}" font-size="10" fill="#555">0 ms</text>`);
  parts.push(
    `<text x="${labelWidth + plotWidth - 60}" y="${height - 3}" font-size="10" fill="#555">${Math.round(lastMs)} ms</text>`,
  );
  events.forEach(([id, attempts, more], row) => {
    const y = 8 + row * rowHeight;
    parts.push(
      `<text x="2" y="${y + 12}" font-size="11" font-family="monospace" fill="#222"><title>${escapeHtml(cutText(id, 200).text)}</title>${escapeHtml(cutText(id, timelineBounds.labelChars).text)}</text>`,
    );
    parts.push(
      `<line x1="${labelWidth}" y1="${y + 8}" x2="${labelWidth + plotWidth}" y2="${y + 8}" stroke="#e0e0e0"/>`,
    );
    // Gap labels of attempts close together would print over each other: one every 36 px at most.
    let lastLabelX = Number.NEGATIVE_INFINITY;
    attempts.forEach((attempt, index) => {
      const gap = index === 0 ? '' : `+${Math.round(attempt.atMs - attempts[index - 1]!.atMs)} ms`;
      if (attempt.backoffFromMs !== undefined) {
        const tickX = x(attempt.backoffFromMs);
        parts.push(
          `<g><title>${escapeHtml(`attempt ${index + 1} after a wait as long as the one before: ${Math.round(attempt.backoffFromMs)} ms (the expected backoff: waits that do not shrink)`)}</title>` +
            `<line x1="${tickX}" y1="${y}" x2="${tickX}" y2="${y + 16}" stroke="#777" stroke-width="2"/></g>`,
        );
      }
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
        `<g><title>${escapeHtml(`attempt ${index + 1} at ${describeAttempt(attempt)}`)}</title><circle cx="${x(attempt.atMs)}" cy="${y + 8}" r="5" fill="${colourOf(attempt)}"/></g>` +
          (isLabelled ? `<text x="${labelX}" y="${y + 24}" font-size="9" fill="#555">${gap}</text>` : ''),
      );
    });
    if (more > 0)
      parts.push(`<text x="${labelWidth + plotWidth + 2}" y="${y + 12}" font-size="9" fill="#555">+${more}</text>`);
  });
  const words = events
    .map(
      ([id, attempts, more]) =>
        `${cutText(id, 80).text}: ${attempts.map(describeAttempt).join(', ')}${more > 0 ? ` and ${more} more attempts` : ''}`,
    )
    .join('; ');
  const hidden = chart.events.length - events.length + chart.omittedEvents;
  const titleId = `${idPrefix}-timeline-title`;
  const descId = `${idPrefix}-timeline-desc`;
  return (
    `<figure class="delivery-timeline"><svg xmlns="http://www.w3.org/2000/svg" role="img" aria-labelledby="${titleId} ${descId}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<title id="${titleId}">The deliveries the sink received, by event and time</title><desc id="${descId}">${escapeHtml(words)}</desc>${parts.join('')}</svg>` +
    `<figcaption>Deliveries by event: green answered 2xx, red another status, orange no answer in the sender's time, purple cut by the sink, grey held by the sink on purpose; the gap to the attempt before is written under each retry${chart.events.some((event) => event.attempts.some((attempt) => attempt.backoffFromMs !== undefined)) ? '; a grey tick marks where a wait as long as the one before would put the retry (the expected backoff)' : ''}${chart.events.some((event) => event.attempts.some((attempt) => attempt.notBeforeMs !== undefined)) ? '; a dashed ring marks the earliest the retry still counts as backing off, by the rule webhooks-sender.retry-backoff judges' : ''}${hidden > 0 ? ` (${hidden} more events not drawn)` : ''}.</figcaption></figure>`
  );
}
