// The runs that certify the second server: few, so the test stays quick, yet together they take
// every value of every mode at least once, each run mixing values so no two modes always travel
// together.
import type { SecondServerModes } from './second-server-options.js';

/**
 * Four runs: both over-max answers, all three last-page cursors, both digest encodings, with and
 * without the gateway, both id styles, all three answers to an oversized delivery and both answers
 * to an incomplete event, and both list orders.
 */
export const secondServerModeMatrix: readonly SecondServerModes[] = [
  {
    overMax: 'clamp',
    lastPageCursor: 'null',
    digest: 'hex',
    gateway: false,
    idStyle: 'numeric',
    oversized: 'answer-413',
    incompleteEvent: 'refuse',
    order: 'oldest-first',
  },
  {
    overMax: 'reject',
    lastPageCursor: 'absent',
    digest: 'base64',
    gateway: false,
    idStyle: 'uuid',
    oversized: 'reset',
    incompleteEvent: 'accept',
    order: 'newest-first',
  },
  {
    overMax: 'clamp',
    lastPageCursor: 'empty',
    digest: 'base64',
    gateway: true,
    idStyle: 'uuid',
    oversized: 'accept',
    incompleteEvent: 'refuse',
    order: 'oldest-first',
  },
  {
    overMax: 'reject',
    lastPageCursor: 'null',
    digest: 'hex',
    gateway: true,
    idStyle: 'numeric',
    oversized: 'reset',
    incompleteEvent: 'accept',
    order: 'newest-first',
  },
];

/** One line naming every mode of a run, for test names and file names. */
export function describeModes(modes: SecondServerModes): string {
  return [
    `${modes.idStyle} ids`,
    `over-max ${modes.overMax}`,
    `last cursor ${modes.lastPageCursor}`,
    `digest ${modes.digest}`,
    `oversized ${modes.oversized}`,
    `incomplete event ${modes.incompleteEvent}`,
    `${modes.order}`,
    ...(modes.gateway ? ['behind a 429 gateway'] : []),
  ].join(', ');
}
