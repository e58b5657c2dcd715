// Every defect switch of the reference server, one entry each. A switch breaks one rule the way
// real implementations do, so each apicert check can be proven to fail against it. A switch with
// `allowedBy` is a variant instead: behaviour the convention leaves open ("not shown", quoted there),
// which the kit accepts unless a config pin asks for one choice; a check may name it as its proof
// only where the kit advises against it, or fails it once the config pins the other choice. A
// switch with `noCheckYet` breaks a rule the convention states that no check enforces yet (a known gap).
// Names are kebab-case and name the wrong behaviour; once published a name keeps its meaning.

const defectList = [
  // Resources
  {
    name: 'put-merges',
    description:
      'PUT merges the body into the record: fields left out keep their old values and required fields are not enforced',
  },
  {
    name: 'patch-replaces',
    description:
      'PATCH replaces the record with the given fields: fields not given are dropped or reset to their defaults',
  },
  { name: 'delete-keeps-record', description: 'DELETE answers 204 but the record stays readable and listed' },
  {
    name: 'nested-list-leaks-other-parents',
    description: 'GET /customers/{id}/orders lists the orders of every customer',
  },
  {
    name: 'nested-list-unknown-parent-200',
    description: 'GET /customers/{id}/orders of an unknown customer answers 200 with an empty list instead of 404',
    allowedBy: 'convention 7/3: "the mapping of conditions to status codes: not shown"',
  },
  {
    name: 'nested-list-not-a-page',
    description:
      "the nested /customers/{id}/orders list answers a bare JSON array of the page's items; the top-level lists answer pages",
  },
  {
    name: 'deleted-child-still-nested',
    description:
      'an order once listed under its customer stays in /customers/{id}/orders after it is deleted (a stale nested view)',
  },
  {
    name: 'nested-create-rounds-total',
    description:
      'POST /customers/{id}/orders stores total cut to a whole number (the nested route parses it as an integer)',
  },
  { name: 'auth-not-enforced', description: 'requests without a token or with a wrong token are served' },
  { name: 'wrong-token-accepted', description: 'any bearer token is accepted; only a missing one gets 401' },
  {
    name: 'refused-write-applied',
    description:
      'a PUT, PATCH or DELETE without a valid token is answered 401, but the write is carried out first (the credential is checked after the handler)',
  },
  {
    name: 'nested-routes-unauthenticated',
    description:
      'the nested /customers/{id}/orders routes are mounted before the auth check, so they serve requests without a credential',
  },
  {
    name: 'token-compared-by-prefix',
    description:
      'the bearer token is compared only over the characters sent (strncmp-style), so the valid token cut short (8 characters or more) is accepted',
  },
  {
    name: 'token-compared-by-suffix',
    description:
      'the Authorization header is accepted when it ends with the token (an endsWith check), so the token with characters before it passes',
  },
  {
    name: 'credential-remembered-per-connection',
    description:
      'once a connection has carried the valid token, later requests on it are served without one (per-connection state)',
  },
  {
    name: 'page-size-remembered',
    description:
      'a list request without limit or per_page gets the page size the connection asked for last (per-connection state)',
  },
  {
    name: 'session-cookie-stands-in-for-token',
    description:
      'every answer sets a session cookie, and a request carrying it is served without a token (per-client state)',
  },
  { name: 'json-as-text-plain', description: 'JSON responses are labelled Content-Type: text/plain' },
  { name: '500-on-malformed-json', description: 'a malformed JSON request body answers 500 instead of 400' },
  { name: 'id-changeable', description: 'an id in a PUT or PATCH body renames the record' },
  {
    name: 'replace-renews-created-at',
    description:
      'PUT is carried out as a delete and an insert: the record takes a new createdAt and moves to the end of every list, so a cursor walk that already listed it lists it again',
  },
  // Resources, where operations meet: each passes every fixed choreography, and only a sequence
  // of writes and reads on one record (resources.model-consistency) shows it.
  {
    name: 'put-leaves-read-cache-stale',
    description:
      'GET answers from a read cache filled by the first GET of a record; PATCH and DELETE clear it, PUT does not',
  },
  {
    name: 'update-applied-only-once',
    description: 'the second PUT or PATCH of a record answers 200 with the record as changed, but is not stored',
  },
  {
    name: 'patch-after-put-restores-old-fields',
    description: 'PATCH merges into the record as it was created or last patched, so the fields a PUT changed go back',
  },
  {
    name: 'delete-misses-updated-record',
    description: 'DELETE answers 204 but keeps a record that was ever updated by PUT or PATCH',
  },
  {
    name: 'patch-hits-last-created',
    description: 'PATCH changes the newest record of the collection, whichever record the path names',
  },
  {
    name: 'updated-record-drops-from-list',
    description: 'a record replaced by PUT is no longer listed in its collection, though it reads 200',
  },
  {
    name: 'list-shows-stale-values',
    description: 'a list shows each record with the values it held when a list first showed it',
  },
  {
    name: 'non-ascii-values-mangled',
    description: 'PUT and PATCH store strings read as Latin-1 from their UTF-8 bytes: "café" comes back as "cafÃ©"',
  },
  {
    name: 'unusual-unknown-id-500',
    description:
      'GET of an id that does not exist answers 500 when the id holds a character other than letters, digits, "_" or "-"',
  },
  {
    name: 'foreign-id-served',
    description: 'GET /{collection}/{id} of an id another collection holds answers that record (one table behind all)',
    allowedBy:
      'convention 2/2: "A member of a collection is addressed by its identifier after the collection name" (how a member is addressed, not that no other collection holds it; a supertype\'s may)',
  },
  { name: 'get-unknown-id-200', description: 'GET of an unknown id answers 200 with a null body instead of 404' },
  {
    name: 'unknown-id-403',
    description:
      'GET of an unknown (or deleted) id answers 403, hiding whether a record exists, instead of 404 (advised against)',
    allowedBy: 'convention 7/3: "the mapping of conditions to status codes: not shown"',
  },
  { name: 'create-not-persisted', description: 'POST answers 201 with a record that is never stored' },
  {
    name: 'create-returns-200',
    description: 'POST of a new record answers 200 instead of 201',
    allowedBy: 'convention 4.1: "the status code of each operation: not shown"',
  },
  {
    name: 'rate-limited',
    description:
      'like an API gateway over its quota: every fourth API request (not webhook deliveries) is answered 429 with Retry-After: 1 and not processed',
    allowedBy: 'convention 8: "rate limits: not shown"',
  },
  {
    name: 'list-not-a-page',
    description: "every list answers a bare JSON array of the page's items instead of {items, next_cursor, has_more}",
  },
  {
    name: 'session-cookie-required',
    description:
      'the first request on a connection sets a session cookie; later requests on it without the cookie get 401 (stateful)',
  },
  {
    name: 'singular-collection-name',
    description: 'collections live at /customer, /order and /product; the plural paths answer 404',
  },
  {
    name: 'unknown-fields-accepted',
    description: 'unknown fields in a request body are silently dropped instead of 400',
    allowedBy:
      'convention 2: "the fields of each resource: not shown", and 7/3: "the mapping of conditions to status codes: not shown"',
  },
  {
    name: 'wrong-types-accepted',
    description: 'fields of the wrong type (e.g. total "12") are stored as given instead of 400',
    allowedBy:
      'convention 2: "the fields of each resource: not shown", and 7/3: "the mapping of conditions to status codes: not shown"',
  },
  {
    name: 'no-body-size-limit',
    description: 'request bodies over 100 KiB are accepted instead of 413',
    allowedBy: 'convention 8: "payload size limits: not shown"',
  },
  {
    name: 'content-type-not-checked',
    description: 'POST, PUT and PATCH bodies are parsed as JSON whatever their Content-Type (no 415)',
    allowedBy:
      'convention 7/3: "the mapping of conditions to status codes: not shown" (section 1 makes bodies JSON; it does not make a mislabelled one an error)',
  },
  {
    name: 'products-errors-plain-text',
    description:
      '4xx answers under /products carry a plain-text body (a route another framework serves); the other collections answer JSON errors',
  },
  {
    name: 'error-body-not-json',
    description: '4xx answers carry a plain-text body instead of {"error":{"code","message"}}',
  },
  // Pagination
  {
    name: 'cursor-skips-item',
    description: 'the page after a cursor starts one item too late, so one item per page is never listed',
  },
  {
    name: 'cursor-repeats-last-item',
    description: 'the page after a cursor starts with the anchor item, so it appears on two pages',
  },
  {
    name: 'cursor-restarts-when-anchor-deleted',
    description: 'a cursor whose anchor record was deleted starts again from the first page',
  },
  {
    name: 'cursor-encodes-offset',
    description: 'the cursor is an encoded offset, so inserts and deletes during a walk skip or repeat items',
  },
  {
    name: 'order-without-tie-breaker',
    description:
      'lists sort by createdAt only (stored at second precision); ties come back in a different order on each request',
  },
  { name: 'no-max-page-size', description: 'a limit or per_page above 100 is honoured: no maximum page size' },
  { name: 'no-default-page-size', description: 'a list request without a size returns every record in one page' },
  {
    name: 'zero-based-pages',
    description: 'page numbers are 0-based: page=1 returns the second page and page=0 is accepted',
  },
  { name: 'per-page-ignored', description: 'per_page is ignored; pages always hold 20 items' },
  { name: 'limit-ignored', description: 'limit is ignored; pages always hold 20 items' },
  {
    name: 'has-more-wrong-on-full-last-page',
    description: 'has_more is true whenever a page is full, so an exactly full last page is followed by an empty one',
  },
  { name: '500-on-invalid-params', description: 'invalid pagination parameters answer 500 instead of 400' },
  {
    name: 'invalid-params-ignored',
    description:
      'invalid pagination parameters are ignored and a default page is served (acceptable unless invalidParams "reject" is pinned)',
    allowedBy: 'convention 7/4: "responses to invalid pagination parameters: not shown"',
  },
  {
    name: 'over-max-rejected',
    description:
      'a page size above 100 answers 400 instead of being clamped (acceptable unless overMaxPolicy "clamp" is pinned)',
    allowedBy:
      'convention 4.2/4: a request above the maximum "is handled according to those bounds"; section 8 does not say how',
  },
  {
    name: 'last-page-cursor-absent',
    description:
      'the last page omits next_cursor instead of sending null (acceptable unless lastPageCursor "null" is pinned)',
    allowedBy: 'convention 4.2/8: "the value of next_cursor when has_more is false: not shown"',
  },
  {
    name: 'nested-list-ignores-limit',
    description: 'nested lists ignore limit and per_page and return every child in one page',
  },
  {
    name: 'cursor-cycle',
    description: 'from the second page on, next_cursor points back to the first page, so a walk never ends',
  },
  {
    name: 'empty-pages-forever',
    description: 'after the last item, pages are empty but has_more stays true with a new cursor each time',
  },
  {
    name: 'offset-page-mismatch',
    description: 'page=p for p > 1 starts one item after (p-1)*per_page, so page and offset styles disagree',
  },
  {
    name: '500-past-the-end',
    description:
      'a limit/offset or page/per_page request that starts at or past the end of the list answers 500 instead of an empty page (the service reads the row at the offset and fails when there is none)',
  },
  {
    name: 'page-past-end-repeats-last-page',
    description:
      "a page number past the last page answers the last page again with has_more false, as Django's Paginator.get_page does, instead of an empty page",
  },
  {
    name: 'slow-deep-pages',
    description: 'latency grows with the depth of the page (a linear scan with a per-item cost)',
  },
  // Webhooks, sender role
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
  // Webhooks, receiver role
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
] as const;

/** The name of one defect switch. */
export type DefectName = (typeof defectList)[number]['name'];

/** One switch: its name, the behaviour it turns on and, for a variant, the convention clause that allows it. */
export interface DefectSwitch {
  readonly name: DefectName;
  readonly description: string;
  readonly allowedBy?: string;
  /** For a known gap: the rule it breaks, and why no check catches it yet. */
  readonly noCheckYet?: string;
  /** A switch that changes something only in some signature profiles: the flag and the profiles. */
  readonly onlyWith?: { readonly flag: 'sender-profile' | 'receiver-profile'; readonly profiles: readonly string[] };
}

/** Switches that act only in some signature profiles; the others act in every one. */
const profileBound: Partial<Record<DefectName, NonNullable<DefectSwitch['onlyWith']>>> = {
  'sender-stale-timestamp': { flag: 'sender-profile', profiles: ['standard-webhooks', 'stripe'] },
  'sender-omits-id-header': { flag: 'sender-profile', profiles: ['github', 'shopify'] },
  'sender-id-header-changes-on-retry': { flag: 'sender-profile', profiles: ['github', 'standard-webhooks', 'shopify'] },
  'receiver-ignores-timestamp': { flag: 'receiver-profile', profiles: ['standard-webhooks'] },
  'receiver-reads-first-signature-only': { flag: 'receiver-profile', profiles: ['standard-webhooks'] },
};

/** Every defect switch, with a one-line description of the wrong (or, for a variant, the other allowed) behaviour. */
export const defects: readonly DefectSwitch[] = defectList.map((defect) => {
  const onlyWith = profileBound[defect.name];
  return onlyWith === undefined ? defect : { ...defect, onlyWith };
});

const defectNames: ReadonlySet<string> = new Set(defectList.map((d) => d.name));

/** True when `name` is a known defect switch. */
export function isDefectName(name: string): name is DefectName {
  return defectNames.has(name);
}
