// docs/verdicts.md from the check registry: the audit of every verdict against the convention. Each
// check names the rules it enforces and its level, and what the convention leaves open in what it
// judges, with the answers accepted by default and the config key that pins one.
import type { Check } from '../../harness/check-api/check.js';
import { advisoryClassId } from '../../harness/model/run-result.js';
import { renderGeneratedNotice } from './generated-notice.js';
import { renderTable, toInlineCode } from './markdown-table.js';

/** The Markdown of docs/verdicts.md. */
export function renderVerdictsDoc(checks: readonly Check[]): string {
  const advisory = checks.filter((check) => check.level === 'advisory');
  const rows = checks.map((check) => [toInlineCode(check.id), check.rule, check.level, check.leavesOpen ?? '—']);
  return [
    renderGeneratedNotice('the check registry (suites/index.ts)'),
    '# Verdicts and the rules behind them',
    '',
    'Every failing verdict cites a rule the convention states (rules are cited as section/rule, e.g. 4.2/3). A check is',
    '**normative** when it judges a stated rule: a breach fails the check and its class. It is **advisory**',
    'when it judges good practice the convention does not state, or a stated rule the kit cannot judge',
    'reliably from outside (word forms, timing): a breach is an advisory finding, shown as advice, and',
    `counted only in the \`${advisoryClassId}\` class. No default \`--require\` includes that class;`,
    `\`--require ${advisoryClassId}\` or \`--strict\` gates a release on it.`,
    '',
    'Either level still fails when the target breaks a stated rule the check depends on (a list that does',
    'not answer with a page, a receiver that does not answer), and is errored, never passed, when it is',
    'blocked or could not finish. A normative check may also give advice (a registration that echoes the',
    'signing secret); that advice counts in the advisory class too.',
    '',
    'Where the convention says "not shown", every reasonable answer passes by default, and the config can',
    'pin one: the last column names what is left open, what is accepted, and the key that pins it.',
    '',
    'The `openapi-contract` checks are the one exception to citing the convention: they cite the API',
    'description the run was given (`--openapi`), whose promises (documented statuses, media types,',
    'schemas) go beyond the convention. Their class is not required by default;',
    '`--require openapi-contract` gates a release on it (see [openapi-contract.md](openapi-contract.md)).',
    '',
    '## When a class is skipped',
    '',
    'No class passes on what it did not judge. A class fails on any failed or errored check, and passes',
    'only when a check in it judged its rule. A check judged nothing when it was skipped, or when it passed',
    'but its `coverage` covered nothing and left something out (every item its rule governs went',
    'unjudged, each with why). A class whose every check is one of those is `skipped`, never passed, and',
    'carries a `reason` naming each check and why: under `target.auth.none`, for example, `resources-auth`',
    'is skipped because there is no credential to judge. A skipped class is not required by default',
    '(the default requires every class that ran); one that `--require` names fails the run (exit 1), as',
    'any required class that was skipped does.',
    '',
    '## Every check',
    '',
    `${checks.length} checks: ${checks.length - advisory.length} normative, ${advisory.length} advisory.`,
    '',
    renderTable(['Check', 'Rules', 'Level', 'Left open by the convention, and accepted by default'], rows),
    '',
  ].join('\n');
}
