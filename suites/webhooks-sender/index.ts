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
 * The checks that wait for retries (within webhooks.sender.retryWindowMs), hold the sink's answers
 * (past the sender's time-out, or until the write returns) or time the attempts: each runs by itself
 * (SuiteDefinition.checksAlone), so no retry they wait for is late behind another check's deliveries
 * (side by side, a retry-with-new-id sender's retries came past the window in another order from run
 * to run). The others, side by side, each see only deliveries about their own records.
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
