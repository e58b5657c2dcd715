// A walk's pages drawn as an inline SVG grid, for a counterexample that lists them (the cursor walk
// under mutation): one column per page, one cell per row in the order listed, the rows listed twice
// filled red, the rows never listed in a last column, and each write the check made between two
// pages marked in that gap. Drawn by the report itself: no script, no network, presentation
// attributes only (the page's CSP allows no inline style). A text equivalent comes with it. Pure.
import { cutText } from './cut-text.js';
import { escapeHtml } from './escape.js';

/** What is drawn at most, so a long walk stays a small picture (the counterexample keeps the rest). */
export const pageGridBounds = {
  pages: 12,
  rowsPerPage: 24,
  missing: 24,
  writes: 12,
  cellChars: 14,
  titleChars: 200,
} as const;

interface WalkPicture {
  /** `more`: rows of the page the data no longer holds (a chart cut to its bounds). */
  readonly pages: readonly { readonly ids: readonly string[]; readonly more: number }[];
  /** Pages the data no longer holds. */
  readonly morePages: number;
  readonly repeated: ReadonlySet<string>;
  readonly missing: readonly string[];
  readonly writes: readonly { readonly afterPage: number; readonly text: string }[];
  /** Rows a write deleted, by the write's number (w1…): drawn struck through where they were listed. */
  readonly deleted: ReadonlyMap<string, number>;
}

// Read defensively: a counterexample is whatever the check kept, and report.json may be edited.
function readWalk(counterexample: unknown): WalkPicture | undefined {
  if (typeof counterexample !== 'object' || counterexample === null) return undefined;
  const record = counterexample as Record<string, unknown>;
  if (!Array.isArray(record['pages']) || record['pages'].length === 0) return undefined;
  const strings = (value: unknown): string[] =>
    Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  const count = (value: unknown): number =>
    typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : 0;
  const pages = record['pages'].map((page: unknown) => {
    const fields = typeof page === 'object' && page !== null ? (page as Record<string, unknown>) : {};
    return { ids: strings(fields['ids']), more: count(fields['more']) };
  });
  const writes = strings(record['writes']).flatMap((text) => {
    const match = /^after page (\d+):/.exec(text);
    return match === null ? [] : [{ afterPage: Number(match[1]), text }];
  });
  // "… → ID (deleted)": the mutation check names the record each write deleted.
  const deleted = new Map(
    writes.flatMap((write, index) => {
      const match = / → (\S+) \(deleted\)$/.exec(write.text);
      return match === null ? [] : [[match[1]!, index + 1] as const];
    }),
  );
  return {
    pages,
    morePages: count(record['morePages']),
    repeated: new Set(strings(record['repeated'])),
    missing: strings(record['missing']),
    writes,
    deleted,
  };
}

const column = 118;
const cell = 16;
const top = 34;
const left = 4;

/** The grid as a <figure>, or '' when the counterexample lists no pages. `idPrefix` keeps ids unique in the page. */
export function renderPageGrid(
  counterexample: unknown,
  idPrefix: string,
  title = 'The pages of the failing walk',
): string {
  const walk = readWalk(counterexample);
  if (walk === undefined) return '';
  const shownPages = walk.pages.slice(0, pageGridBounds.pages);
  const hiddenPages = walk.pages.length - shownPages.length + walk.morePages;
  const missing = walk.missing.slice(0, pageGridBounds.missing);
  const columns = shownPages.length + (missing.length > 0 ? 1 : 0);
  const moreRows = (page: WalkPicture['pages'][number]): number =>
    page.more + Math.max(0, page.ids.length - pageGridBounds.rowsPerPage);
  const tallest = Math.max(
    missing.length,
    ...shownPages.map((page) => Math.min(page.ids.length, pageGridBounds.rowsPerPage) + (moreRows(page) > 0 ? 1 : 0)),
  );
  const width = left * 2 + columns * column;
  const height = top + tallest * cell + 8;
  const parts: string[] = [];
  shownPages.forEach((page, index) => {
    const x = left + index * column;
    parts.push(`<text x="${x + 4}" y="14" font-size="11" font-weight="bold" fill="#222">page ${index + 1}</text>`);
    page.ids.slice(0, pageGridBounds.rowsPerPage).forEach((id, row) => {
      const kind = walk.repeated.has(id) ? 'repeated' : walk.deleted.has(id) ? 'deleted' : 'seen';
      parts.push(renderCell(id, x, top + row * cell, kind, walk.deleted.get(id)));
    });
    const more = moreRows(page);
    if (more > 0)
      parts.push(
        `<text x="${x + 4}" y="${top + pageGridBounds.rowsPerPage * cell + 11}" font-size="10" fill="#555">+${more} more rows</text>`,
      );
  });
  if (missing.length > 0) {
    const x = left + shownPages.length * column;
    parts.push(`<text x="${x + 4}" y="14" font-size="11" font-weight="bold" fill="#a00">never listed</text>`);
    missing.forEach((id, row) => parts.push(renderCell(id, x, top + row * cell, 'missing')));
  }
  // A write made after page N sits in the gap between page N and page N+1.
  const writes = walk.writes.slice(0, pageGridBounds.writes);
  writes.forEach((write, index) => {
    if (write.afterPage < 1 || write.afterPage >= shownPages.length) return;
    const x = left + write.afterPage * column - 2;
    parts.push(
      `<line x1="${x}" y1="20" x2="${x}" y2="${height - 4}" stroke="#c60" stroke-width="2" stroke-dasharray="4 2"/>`,
    );
    parts.push(`<text x="${x - 10}" y="28" font-size="10" font-weight="bold" fill="#c60">w${index + 1}</text>`);
  });
  const titleId = `${idPrefix}-grid-title`;
  const descId = `${idPrefix}-grid-desc`;
  const description = describeWalk(walk, hiddenPages);
  return (
    `<figure class="page-grid"><svg xmlns="http://www.w3.org/2000/svg" role="img" aria-labelledby="${titleId} ${descId}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<title id="${titleId}">${escapeHtml(cutText(title, pageGridBounds.titleChars).text)}</title><desc id="${descId}">${escapeHtml(description)}</desc>${parts.join('')}</svg>` +
    `<figcaption>${escapeHtml(description)}${renderWriteList(writes)}</figcaption></figure>`
  );
}

const cellStyles = {
  seen: { fill: '#eef2f7', stroke: '#b8c2cf', text: '#222' },
  repeated: { fill: '#f8d0d0', stroke: '#c00', text: '#800' },
  missing: { fill: '#fff', stroke: '#c00', text: '#800' },
  deleted: { fill: '#f4f4f4', stroke: '#999', text: '#777' },
} as const;

function renderCell(id: string, x: number, y: number, kind: keyof typeof cellStyles, write?: number): string {
  const style = cellStyles[kind];
  const shown = cutText(id, pageGridBounds.cellChars).text;
  const what = {
    repeated: 'listed twice: ',
    missing: 'never listed: ',
    deleted: `deleted by w${write ?? '?'}: `,
    seen: '',
  }[kind];
  const strike =
    kind === 'deleted' ? `<line x1="${x + 4}" y1="${y + 7}" x2="${x + column - 10}" y2="${y + 7}" stroke="#777"/>` : '';
  return (
    `<g><title>${escapeHtml(`${what}${cutText(id, pageGridBounds.titleChars).text}`)}</title><rect x="${x + 2}" y="${y}" width="${column - 8}" height="${cell - 2}" rx="2" fill="${style.fill}" stroke="${style.stroke}"${kind === 'missing' ? ' stroke-dasharray="3 2"' : ''}/>` +
    `<text x="${x + 6}" y="${y + 11}" font-size="10" font-family="monospace" fill="${style.text}">${escapeHtml(shown)}</text>${strike}</g>`
  );
}

function describeWalk(walk: WalkPicture, hiddenPages: number): string {
  const repeated = [...walk.repeated];
  const parts = [
    `${walk.pages.length + walk.morePages} page${walk.pages.length + walk.morePages === 1 ? '' : 's'}${hiddenPages > 0 ? ` (the first ${walk.pages.length + walk.morePages - hiddenPages} drawn)` : ''}`,
    repeated.length === 0 ? 'no row listed twice' : `listed twice: ${cutText(repeated.join(', '), 300).text}`,
    walk.missing.length === 0 ? 'no row missing' : `never listed: ${cutText(walk.missing.join(', '), 300).text}`,
    walk.writes.length === 0
      ? 'no writes between pages'
      : `${walk.writes.length} write${walk.writes.length === 1 ? '' : 's'} between pages (w1…)`,
  ];
  return `${parts.join('; ')}.`;
}

function renderWriteList(writes: readonly { readonly text: string }[]): string {
  if (writes.length === 0) return '';
  return `<ul class="grid-writes">${writes.map((write, index) => `<li>w${index + 1}: ${escapeHtml(cutText(write.text, pageGridBounds.titleChars).text)}</li>`).join('')}</ul>`;
}
