// docs/defects.md from the reference server's defect list, the same list --list-defects prints.
import { renderGeneratedNotice } from './generated-notice.js';
import { renderTable, toInlineCode } from './markdown-table.js';

/** One defect switch as the reference server declares it. */
export interface DefectEntry {
  readonly name: string;
  readonly description: string;
  readonly allowedBy?: string;
  readonly noCheckYet?: string;
}

/** The part of a check this page needs: which switches prove it. */
export interface ProvenCheck {
  readonly id: string;
  readonly provenBy?: readonly string[];
}

// What a switch is for: the checks it proves, the clause that allows it, or the rule no check enforces yet.
function describeRole(defect: DefectEntry, checks: readonly ProvenCheck[]): string {
  const proven = checks
    .filter((check) => check.provenBy?.includes(defect.name) === true)
    .map((check) => toInlineCode(check.id));
  if (defect.allowedBy !== undefined) {
    const advice = proven.length > 0 ? `; advice from ${proven.join(', ')}` : '';
    return `variant, allowed by ${defect.allowedBy}${advice}`;
  }
  if (proven.length > 0) return `caught by ${proven.join(', ')}`;
  if (defect.noCheckYet !== undefined) return `no check yet: ${defect.noCheckYet}`;
  return '';
}

/** The Markdown of docs/defects.md: every switch, the wrong behaviour it turns on, and what it is for. */
export function renderDefectsDoc(defects: readonly DefectEntry[], checks: readonly ProvenCheck[]): string {
  return [
    renderGeneratedNotice('reference-server/defects.ts'),
    '# Defect switches',
    '',
    'Each switch makes the [reference server](reference-server.md) break one rule the way real APIs do:',
    '`npx apicert reference-server --defects a,b`. Each switch is one of three things, and',
    '`suites/check-proofs.test.ts` fails when one is none of them:',
    '',
    '- **caught by** the [checks](checks.md) named: each fails with it on (an advisory check: gives advice);',
    '- a **variant**: behaviour the convention leaves open, which every check accepts by default (some',
    '  with advice); a config pin for the other choice makes the check that judges it fail;',
    '- **no check yet**: it breaks a stated rule that no check enforces yet (a known gap).',
    '',
    renderTable(
      ['Switch', 'Behaviour', 'Role'],
      defects.map((defect) => [toInlineCode(defect.name), defect.description, describeRole(defect, checks)]),
    ),
    '',
  ].join('\n');
}
