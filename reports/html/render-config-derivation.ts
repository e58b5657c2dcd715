// Where the config came from when `apicert run --openapi` derived it from an API description: each
// key derived (and from where) and each the document could not fill. The document is the target's
// own text, so every string is escaped and bounded like any other.
import type { RunResult } from '../../harness/model/run-result.js';
import { renderBoundedText } from './bounded-html.js';
import { formatCount } from './display-values.js';
import { escapeHtml } from './escape.js';

const maxChars = 300;

export function renderConfigDerivation(run: RunResult): string {
  const derivation = run.configDerivation;
  if (derivation === undefined) return '';
  const derived = derivation.keys.filter((key) => key.kind === 'derived').length;
  const missing = derivation.keys.length - derived;
  const rows = derivation.keys
    .map(
      (key) =>
        `<tr class="derived-${key.kind}"><td>${key.kind === 'derived' ? 'derived' : 'to fill'}</td>` +
        `<td><code>${renderBoundedText(key.pointer, maxChars)}</code></td><td>${renderBoundedText(key.text, maxChars)}</td></tr>`,
    )
    .join('');
  const omitted =
    derivation.omitted === undefined
      ? ''
      : `<p class="omitted">(+${formatCount(derivation.omitted)} more keys not kept in the report)</p>`;
  return (
    `<details class="config-derivation"><summary>Config derived from <code>${renderBoundedText(derivation.source, maxChars)}</code> ` +
    `(${escapeHtml(derivation.specification)}): ${formatCount(derived)} keys derived, ${formatCount(missing)} it could not fill; the --config file's keys lie over them</summary>` +
    `<table><thead><tr><th scope="col"></th><th scope="col">Key</th><th scope="col">Value and source</th></tr></thead><tbody>${rows}</tbody></table>${omitted}</details>`
  );
}
