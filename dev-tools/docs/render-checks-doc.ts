// docs/checks.md from the check registry: listing, filtering, reports and these docs all read the
// same metadata, so the list cannot drift from what runs.
import type { Check } from '../../harness/check-api/check.js';
import { renderGeneratedNotice } from './generated-notice.js';
import { renderTable, toInlineCode } from './markdown-table.js';

/** The Markdown of docs/checks.md: one table per suite, checks in the order they run. */
export function renderChecksDoc(checks: readonly Check[]): string {
  const suites = [...new Set(checks.map((check) => check.suite))];
  const sections = suites.map((suite) => {
    const rows = checks
      .filter((check) => check.suite === suite)
      .map((check) => [
        toInlineCode(check.id),
        toInlineCode(check.conformanceClass),
        check.rule,
        check.level,
        check.title,
        check.proves,
        (check.provenBy ?? []).map(toInlineCode).join(', '),
      ]);
    const domains = checks
      .filter((check) => check.suite === suite)
      .map((check) => [toInlineCode(check.id), check.covers ?? '—', (check.probes ?? []).join('; ') || '—']);
    return [
      `## ${suite}`,
      '',
      `How the suite works and the choices it leaves open: [${suite}.md](${suite}.md).`,
      '',
      renderTable(['Check', 'Class', 'Rule', 'Level', 'Title', 'What a pass proves', 'Proven by'], rows),
      '',
      `### ${suite}: what each check covers and probes`,
      '',
      renderTable(['Check', 'Part of the surface it covers', 'Ways of breaking its rule it probes'], domains),
    ].join('\n');
  });
  return [
    renderGeneratedNotice('the check registry (suites/index.ts)'),
    '# Checks',
    '',
    'Each check has a stable id, a conformance class (what a release can `--require`), the convention',
    'rules it enforces and a level: `normative` (a breach fails the check and its class) or `advisory`',
    '(a breach is advice, counted only in the `advisory` class, which `--strict` requires). Why each',
    'check has its level, and what the convention leaves open in what it judges: [verdicts.md](verdicts.md).',
    "Every check is proven both ways in the kit's own tests (`suites/check-proofs.test.ts`): it passes",
    'against the bundled reference server, and fails (an advisory check: gives advice) with each',
    '[defect switch](defects.md) in its "Proven by" column.',
    '',
    "A second table per suite says what part of the target's surface each check covers (every list,",
    'every operation…) and the ways of breaking its rule it probes, derived from the rule. Each result',
    'in a report carries `coverage`: the requests the check sent, the items it judged and those it',
    'left out, with why.',
    '',
    `${checks.length} checks in ${suites.length} suites.`,
    '',
    sections.join('\n\n'),
    '',
  ].join('\n');
}
