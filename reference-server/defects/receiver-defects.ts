// The webhook receiver's switches: verification, deduplication, disorder and refusals (convention
// 5/4, 6, 7/2). See defects.ts for what a switch is.

export const receiverDefects = [
  {
    name: 'receiver-closes-oversized',
    description:
      'the receiver closes the connection on a delivery declared larger than its 100 KiB limit, instead of answering 413',
    allowedBy: 'convention 8: "payload size limits: not shown"',
  },
  {
    name: 'receiver-refuses-everything',
    description: 'the receiver answers 401 to every delivery, correctly signed ones included',
  },
  {
    name: 'receiver-skips-verification',
    description: 'the receiver accepts deliveries with a missing or wrong X-Signature',
  },
  {
    name: 'receiver-verifies-reserialized-body',
    description:
      'the receiver verifies the signature over re-serialized JSON, so bodies with other whitespace or escapes are refused',
  },
  {
    name: 'receiver-compares-digest-prefix',
    description:
      'the receiver compares only as many digest characters as the delivery gives, so a truncated or empty digest ("sha256=") verifies',
  },
  {
    name: 'receiver-ignores-timestamp',
    description:
      'with --receiver-profile standard-webhooks, the receiver verifies the signature but takes any webhook-timestamp, however old or far ahead, so a captured delivery can be replayed for ever',
  },
  {
    name: 'receiver-reads-first-signature-only',
    description:
      'with --receiver-profile standard-webhooks, the receiver compares only the first "v1," signature of webhook-signature, so a delivery signed under a rotated-out secret and the current one is refused',
  },
  { name: 'receiver-no-dedupe', description: 'the receiver processes a repeated event id again' },
  {
    name: 'receiver-dedupes-by-body-hash',
    description:
      'the receiver dedupes by a hash of the body bytes, so a redelivery with other whitespace or key order is processed again',
  },
  {
    name: 'receiver-remembers-last-id-only',
    description: 'the receiver remembers only the last event id it processed, so A, B, A processes A twice',
  },
  {
    name: 'receiver-dedupe-forgets-quickly',
    description:
      'the receiver remembers a processed event id for one second only (a cache with a short time to live), so a retry that comes seconds later is processed again',
  },
  {
    name: 'receiver-dedupes-by-record',
    description:
      'the receiver takes any event about a record it already processed an event about for a repeat, so an update after a create is dropped',
  },
  {
    name: 'receiver-dedupe-not-atomic',
    description:
      'the receiver checks whether an event id was seen, awaits a store round trip, then marks it, so two copies arriving together are both processed',
  },
  {
    name: 'receiver-rejects-duplicate',
    description: 'the receiver answers 409 to a repeated event id instead of acknowledging it',
  },
  {
    name: 'receiver-rejects-out-of-order',
    description: 'the receiver answers 409 to an update that arrives before the create of its record',
  },
  {
    name: 'receiver-slow-ack',
    description: 'the receiver answers only after about 12 s, past the time-out of many senders',
  },
  {
    name: 'receiver-500-on-bad-json',
    description: 'the receiver answers 500 to a correctly signed body that is not JSON',
  },
  {
    name: 'receiver-accepts-invalid-event',
    description:
      'the receiver acknowledges bodies that lack event, id or data (advised against; fails once incompleteEvent "refuse" is pinned)',
    allowedBy:
      'convention 2: the fields of a webhook body are stated, but not what a receiver does with a body that lacks one',
  },
  {
    name: 'receiver-no-body-limit',
    description:
      'the receiver reads deliveries of any size (up to 64 MiB) instead of answering 413 past 100 KiB (advised against; fails once oversizedBody "refuse" is pinned)',
    allowedBy: 'convention 8: "payload size limits: not shown"',
  },
  // Receivers, where deliveries meet: each passes every fixed choreography of the receiver suite,
  // and only sequences of deliveries (webhooks-receiver.model-consistency) show it.
  {
    name: 'receiver-dedupe-remembers-few',
    description:
      'the receiver remembers only the last 50 event ids it processed (a small bounded cache), so an event delivered again after 50 others is processed again',
  },
  {
    name: 'receiver-marks-seen-before-verifying',
    description:
      'the receiver marks a delivery’s event id seen before it verifies the signature, so a forged delivery carrying an id makes the genuine one look like a repeat, never processed',
  },
] as const;
