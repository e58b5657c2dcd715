// The webhooks-sender suite: sections 2, 4.3, 5/3 and 6 of the convention, for the target's
// outbound callbacks, in the order they run.
import type { Check } from '../define-check.js';
import { deliveryShape } from './delivery-shape.js';
import { eventsPerOperation } from './events-per-operation.js';
import { idHeaderStable } from './id-header-stable.js';
import { retryAfterFailure } from './retry-after-failure.js';
import { retryAfterTimeout } from './retry-after-timeout.js';
import { retryBackoff } from './retry-backoff.js';
import { signatureOverRawBody } from './signature-over-raw-body.js';
import { signedTimestampCurrent } from './signed-timestamp-current.js';
import { uniqueEventIds } from './unique-event-ids.js';
import { writeNotHeldByDelivery } from './write-not-held-by-delivery.js';

/**
 * The checks that script failures, hold the sink's answers (past the sender's time-out, or until the
 * write returns) or time the attempts: each runs by itself (SuiteDefinition.checksAlone). Every
 * subscription gets every event, so side by side a channel also receives the others' events: a
 * `fail-first-each` script fails the n-th event to arrive in the n-th way, and foreign events shifted
 * which record got which failure from run to run (the determinism test caught it with a
 * retry-with-new-id sender); a held answer could hold up a sender that delivers one event at a time.
 * The others, side by side, each match only deliveries about their own records.
 */
export const webhooksSenderChecksAlone: readonly string[] = [
  'webhooks-sender.retry-after-failure',
  'webhooks-sender.id-header-stable',
  'webhooks-sender.retry-after-timeout',
  'webhooks-sender.retry-backoff',
  'webhooks-sender.write-not-held-by-delivery',
];

export const webhooksSenderChecks: readonly Check[] = [
  deliveryShape,
  signatureOverRawBody,
  signedTimestampCurrent,
  eventsPerOperation,
  uniqueEventIds,
  retryAfterFailure,
  idHeaderStable,
  retryAfterTimeout,
  retryBackoff,
  writeNotHeldByDelivery,
];
