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
