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
        check.level ?? 'failure',
        check.title,
        check.proves,
        (check.provenBy ?? []).map(toInlineCode).join(', '),
      ]);
    return [
      `## ${suite}`,
      '',
      `How the suite works and the choices it leaves open: [${suite}.md](${suite}.md).`,
      '',
      renderTable(['Check', 'Class', 'Rule', 'Level', 'Title', 'What a pass proves', 'Proven by'], rows),
    ].join('\n');
  });
  return [
    renderGeneratedNotice('the check registry (suites/index.ts)'),
    '# Checks',
    '',
    'Each check has a stable id, a conformance class (what a release can `--require`) and the convention',
    'rule it enforces. Its level says how a breach of that rule is reported: a `failure` fails the check',
    'and its class; a `warning` only warns, for rules the kit cannot judge reliably from outside (naming,',
    'timing) or that the convention leaves open (the config can pin them). A check of either level still',
    'fails when the target breaks a stated rule it depends on (a list that does not answer with a page,',
    'a receiver that does not answer), and is errored when it is blocked or incomplete. Every check is proven',
    'both ways in the kit\'s own tests (`suites/check-proofs.test.ts`): it passes against the bundled',
    'reference server, and fails (or, at level `warning`, warns) with each [defect switch](defects.md) in',
    'its "Proven by" column.',
    '',
    `${checks.length} checks in ${suites.length} suites.`,
    '',
    sections.join('\n\n'),
    '',
  ].join('\n');
}
