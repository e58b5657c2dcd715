// Escaped, bounded pieces of target data: a cut value carries a visible marker saying how much is
// left out, so a reader never mistakes a prefix for the whole.
import { cutText } from './cut-text.js';
import { formatCount } from './display-values.js';
import { escapeHtml } from './escape.js';

/** The marker after a cut value. */
export function renderOmittedMarker(omittedChars: number): string {
  return omittedChars > 0
    ? `<span class="omitted">… (+${formatCount(omittedChars)} characters; report.json has them all)</span>`
    : '';
}

/** `text` cut to `maxChars`, escaped, with the omitted-count marker. */
export function renderBoundedText(text: string, maxChars: number): string {
  const cut = cutText(text, maxChars);
  return `${escapeHtml(cut.text)}${renderOmittedMarker(cut.omittedChars)}`;
}
