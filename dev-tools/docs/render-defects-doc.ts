// docs/defects.md from the reference server's defect list, the same list --list-defects prints.
import { renderGeneratedNotice } from './generated-notice.js';
import { renderTable, toInlineCode } from './markdown-table.js';

/** One defect switch as the reference server declares it. */
export interface DefectEntry {
  readonly name: string;
  readonly description: string;
}

/** The Markdown of docs/defects.md: every switch and the wrong behaviour it turns on. */
export function renderDefectsDoc(defects: readonly DefectEntry[]): string {
  return [
    renderGeneratedNotice('reference-server/defects.ts'),
    '# Defect switches',
    '',
    'Each switch makes the [reference server](reference-server.md) break one rule the way real APIs do:',
    '`npx apicert reference-server --defects a,b`. Which check catches each switch is on the page of its',
    'suite: [resources](resources.md), [pagination](pagination.md), [webhooks-sender](webhooks-sender.md),',
    '[webhooks-receiver](webhooks-receiver.md).',
    '',
    renderTable(['Switch', 'Wrong behaviour'], defects.map((defect) => [toInlineCode(defect.name), defect.description])),
    '',
  ].join('\n');
}
