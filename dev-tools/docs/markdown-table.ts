// One way to write a Markdown table, so every generated doc escapes cells alike: a `|` or a line
// break inside a cell would otherwise split the row.

/** A GitHub-flavoured Markdown table with `headers` and one row per entry of `rows`. */
export function renderTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]): string => `| ${cells.map(escapeCell).join(' | ')} |`;
  return [line(headers), `|${headers.map(() => '---').join('|')}|`, ...rows.map(line)].join('\n');
}

/** Wraps `text` as inline code; empty text stays empty. */
export function toInlineCode(text: string): string {
  return text === '' ? '' : `\`${text}\``;
}

function escapeCell(cell: string): string {
  return cell.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|');
}
