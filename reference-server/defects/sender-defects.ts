// The webhook sender's switches: delivery shape, signatures, retries and timing (convention 4.3,
// 5/3, 6). See defects.ts for what a switch is.

export const senderDefects = [
  {
    name: 'signature-over-reserialized-body',
    description:
      'deliveries send a pretty-printed body but sign the compact JSON, so the signature does not match the bytes sent',
  },
  {
    name: 'signature-without-prefix',
    description: 'X-Signature carries the bare hex digest without the "sha256=" label',
  },
  { name: 'signature-wrong-secret', description: 'deliveries are signed with a secret other than the one registered' },
  {
    name: 'signature-base64',
    description: 'the digest is base64 instead of hex (acceptable unless digestEncoding "hex" is pinned)',
    allowedBy: 'convention 5/5: "the encoding of the digest: not shown"',
  },
  { name: 'no-signature-header', description: 'deliveries carry no X-Signature header' },
  {
    name: 'retry-with-new-id',
    description: 'each retry of a delivery carries a new event id, defeating deduplication',
  },
  {
    name: 'sender-stale-timestamp',
    description:
      "with a --sender-profile that signs a timestamp (standard-webhooks, stripe), the sender signs a time 10 minutes old, past the scheme's tolerance of 5, so a verifying receiver refuses every delivery",
  },
  {
    name: 'sender-omits-id-header',
    description:
      'with a --sender-profile that has an id header no signature covers (github, shopify), deliveries carry none, so receivers of that scheme cannot deduplicate by it',
  },
  {
    name: 'sender-id-header-changes-on-retry',
    description:
      'with a --sender-profile that has an id header, a retry carries a new id in it while the body keeps the event id, so a receiver that dedupes by the header processes the event again',
  },
  {
    name: 'retry-changes-body',
    description: 'each retry keeps the event id but changes the body bytes (an attempt counter is added)',
  },
  { name: 'no-retry', description: 'a failed or timed-out delivery is never retried' },
  {
    name: 'no-retry-on-4xx',
    description:
      'a delivery answered 4xx (429 included) is taken as refused for good and never retried; only 5xx and time-outs are',
  },
  {
    name: 'no-retry-on-connection-reset',
    description:
      'a delivery whose connection is closed or reset before any answer is taken as delivered and never retried',
  },
  {
    name: 'redirect-taken-as-delivered',
    description: 'any answer below 400 counts as delivered, so a delivery answered 3xx is never retried',
  },
  {
    name: 'no-sender-timeout',
    description: 'the sender waits forever for an answer, so a hung receiver is never retried',
  },
  {
    name: 'retry-without-backoff',
    description: 'retries follow each other immediately in a tight loop, with no backoff (advised against)',
    allowedBy: 'convention 6/3: the sender retries "often with backoff", and 6: "the retry schedule: not shown"',
  },
  {
    name: 'event-ids-reused',
    description: 'the event id is derived from the record id, so distinct events about one record share an id',
  },
  { name: 'webhook-text-plain', description: 'deliveries are sent with Content-Type: text/plain' },
  { name: 'webhook-type-field', description: 'delivery bodies name the event kind in "type" instead of "event"' },
  {
    name: 'no-update-event',
    description: 'PUT and PATCH emit no event (advised against; fails once webhooks.sender.events.update is pinned)',
    allowedBy: 'convention 6: "which operation emits which: not shown"',
  },
  {
    name: 'no-delete-event',
    description: 'DELETE emits no event (advised against; fails once webhooks.sender.events.delete is pinned)',
    allowedBy: 'convention 6: "which operation emits which: not shown"',
  },
  {
    name: 'secret-echoed',
    description: 'POST /webhooks and GET of a subscription echo the signing secret (advised against)',
    allowedBy: 'convention 5/5: "how the signing secret is issued or rotated: not shown"',
  },
  {
    name: 'delivery-blocks-response',
    description:
      'the API response waits for the first delivery attempt to finish, so a slow subscriber slows the API (advised against)',
    allowedBy:
      'convention 6/3: the receiver answers "quickly" and the sender "times out and retries"; nothing says the API answers before it delivers',
  },
] as const;
