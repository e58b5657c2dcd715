// Target text inside a GitHub-flavoured markdown summary stays text: no link, image, HTML tag,
// emphasis, heading or table cell break can come from it. Pure.
import { toInertText } from '../../harness/model/inert-text.js';

// Every character markdown (and its inline HTML) reads as syntax within a line, escaped with a
// backslash: emphasis, code, links and images, table cells, strikethrough, and GitHub's #123 and
// @user autolinks. & and < become entities, so no tag or entity survives. Target text never starts
// a line here, so list and heading markers (-, +, 1.) need no escape.
const markdownSyntax = /[\\`*_{}[\]()#!|~>@]/g;

/** One line of plain text: inert, cut to `maxChars`, every markdown character escaped. */
export function toMarkdownText(text: string, maxChars: number): string {
  return toInertText(text, maxChars)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replace(markdownSyntax, (char) => `\\${char}`);
}

/**
 * One line as an inline code span, never in a table cell: inert, cut, fenced by more backticks than
 * it holds in a row. A pipe stays as it is (GitHub would show an escaping backslash); in a table
 * cell it would end the cell, so no table holds one.
 */
export function toCodeSpan(text: string, maxChars: number): string {
  const inert = toInertText(text, maxChars);
  const longestRun = Math.max(0, ...[...inert.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longestRun + 1);
  // A space on each side keeps a span that starts or ends with a backtick a span.
  return `${fence} ${inert} ${fence}`;
}
