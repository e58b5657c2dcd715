// docs/config.md from the config JSON Schema: the schema is what validates a config, so a key table
// walked from it cannot name a key the kit refuses or miss one it reads. Every annotation is
// optional here (another part of the kit decides which nodes carry a description or a default).
import { renderGeneratedNotice } from './generated-notice.js';
import { renderTable, toInlineCode } from './markdown-table.js';

/** The parts of a JSON Schema node this doc reads; loose on purpose, so new schema fields pass through. */
export interface ConfigSchemaView {
  readonly description?: unknown;
  readonly type?: unknown;
  readonly properties?: Readonly<Record<string, ConfigSchemaView>>;
  readonly required?: readonly string[];
  readonly items?: ConfigSchemaView;
  readonly enum?: readonly unknown[];
  readonly pattern?: unknown;
  readonly default?: unknown;
  readonly minimum?: unknown;
  readonly maximum?: unknown;
  readonly exclusiveMinimum?: unknown;
}

interface KeyRow {
  readonly path: string;
  readonly node: ConfigSchemaView;
  readonly isRequired: boolean;
}

/** Words for a string pattern ("an absolute http(s) URL ..."), or undefined to leave it out. */
export type DescribePattern = (pattern: string) => string | undefined;

/**
 * The Markdown of docs/config.md: every key path of the config with its type, default, allowed
 * values and meaning.
 */
export function renderConfigDoc(schema: ConfigSchemaView, describePattern: DescribePattern = () => undefined): string {
  const rows = listKeyRows(schema, '').map((row) => [
    toInlineCode(row.path),
    describeType(row.node),
    row.isRequired ? '**required**' : '',
    row.node.default === undefined ? '' : toInlineCode(JSON.stringify(row.node.default)),
    listValues(row.node, describePattern),
    typeof row.node.description === 'string' ? row.node.description : '',
  ]);
  return [
    renderGeneratedNotice('the config JSON Schema (harness/config/schema.ts)'),
    '# Config keys',
    '',
    'Every key of `apicert.config.json`. A key is optional unless marked **required** (within its',
    'section, when that section is given). `[]` marks a list. How the file is checked, the rules between',
    'keys and the placeholders are explained in [configuration.md](configuration.md).',
    '',
    renderTable(['Key', 'Type', 'Required', 'Default', 'Values', 'Meaning'], rows),
    '',
  ].join('\n');
}

function listKeyRows(node: ConfigSchemaView, prefix: string): KeyRow[] {
  const rows: KeyRow[] = [];
  for (const [name, child] of Object.entries(node.properties ?? {})) {
    const path = prefix === '' ? name : `${prefix}.${name}`;
    rows.push({ path, node: child, isRequired: (node.required ?? []).includes(name) });
    rows.push(...listKeyRows(child, path));
    if (child.items !== undefined) rows.push(...listKeyRows(child.items, `${path}[]`));
  }
  return rows;
}

function describeType(node: ConfigSchemaView): string {
  const type = Array.isArray(node.type) ? node.type.join(' or ') : typeof node.type === 'string' ? node.type : '';
  if (type === 'array') return node.items === undefined ? 'list' : `list of ${describeType(node.items)}`;
  if (type === 'object' && node.properties === undefined) return 'object (any JSON)';
  return `${type}${describeRange(node)}`;
}

function describeRange(node: ConfigSchemaView): string {
  const { minimum, maximum, exclusiveMinimum } = node;
  if (typeof minimum === 'number' && typeof maximum === 'number') return ` ${minimum}–${maximum}`;
  if (typeof minimum === 'number') return ` ≥ ${minimum}`;
  if (typeof exclusiveMinimum === 'number') return ` > ${exclusiveMinimum}`;
  if (typeof maximum === 'number') return ` ≤ ${maximum}`;
  return '';
}

function listValues(node: ConfigSchemaView, describePattern: DescribePattern): string {
  const values = node.enum ?? node.items?.enum;
  if (values !== undefined) return values.map((value) => toInlineCode(JSON.stringify(value))).join(', ');
  return typeof node.pattern === 'string' ? (describePattern(node.pattern) ?? '') : '';
}
