// The webhooks-receiver suite: convention 4.3, 5.3-5.4 and 6 from the receiver's side. The kit
// plays the sender; the target's receiver endpoint is certified. In the order they run.
import type { Check } from '../define-check.js';
import { incompleteEventRefused } from './incomplete-event-refused.js';
import { oneOfSeveralSignaturesAccepted } from './one-of-several-signatures-accepted.js';
import { malformedJsonRefused } from './malformed-json-refused.js';
import { modelConsistency } from './model-consistency.js';
import { oversizedBodyRefused } from './oversized-body-refused.js';
import { redeliveryAcknowledged } from './redelivery-acknowledged.js';
import { redeliveryProcessedOnce } from './redelivery-processed-once.js';
import { signatureOverRawBytes } from './signature-over-raw-bytes.js';
import { signedDeliveryAcknowledged } from './signed-delivery-acknowledged.js';
import { timestampOutsideToleranceRefused } from './timestamp-outside-tolerance-refused.js';
import { unverifiedDeliveryRefused } from './unverified-delivery-refused.js';
import { updateBeforeCreateKept } from './update-before-create-kept.js';

export const webhooksReceiverChecks: readonly Check[] = [
  signedDeliveryAcknowledged,
  unverifiedDeliveryRefused,
  timestampOutsideToleranceRefused,
  oneOfSeveralSignaturesAccepted,
  signatureOverRawBytes,
  redeliveryAcknowledged,
  redeliveryProcessedOnce,
  updateBeforeCreateKept,
  modelConsistency,
  malformedJsonRefused,
  oversizedBodyRefused,
  incompleteEventRefused,
];
