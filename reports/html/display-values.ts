// How the page writes numbers, durations, times and statuses, the same way everywhere.
import type { CheckStatus } from '../../harness/model/run-result.js';
import { escapeHtml } from './escape.js';

/** A count as the page prints it: "12,345". (Not toLocaleString: Intl is slow across 10,000s of calls.) */
export function formatCount(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export { formatDuration } from '../format-duration.js';

/** "2025-01-02 03:04:05 UTC" for an ISO timestamp; anything else is shown as given. */
export function formatTimestamp(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  return new Date(time)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, ' UTC');
}

/** The status label; the class carries the colour, the word carries the meaning. */
export function renderStatus(status: CheckStatus | 'not run'): string {
  return `<span class="status status-${escapeHtml(status.replace(' ', '-'))}">${escapeHtml(status)}</span>`;
}
