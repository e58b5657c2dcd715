// Test support: what each check must say when a switch it names in `provenBy` is on, so a check
// that fails for another reason (a fixture the target refused) is no proof. Keyed by check id, then
// switch; check-proofs.test.ts fails when this table and the declarations disagree.

/** A failure whose message matches `fails`, or a pass with an advisory finding matching `advises`. */
type ProofMessage = { readonly fails: RegExp } | { readonly advises: RegExp };

export const proofMessages: Readonly<Record<string, Readonly<Record<string, ProofMessage>>>> = {
  'resources.plural-collection-names': {
    'singular-collection-name': { advises: /"customer" in \/customer looks singular; convention 2\/1/ },
  },
  'resources.list-answers-with-page': {
    'json-as-text-plain': { fails: /says Content-Type "text\/plain.*expected application\/json/ },
    'list-not-a-page': { fails: /GET \/customers did not answer \{items: array, has_more: boolean\}/ },
    'nested-list-not-a-page': {
      fails: /^GET \/customers\/cus_\w+\/orders did not answer \{items: array, has_more: boolean\}$/,
    },
  },
  'resources.create-then-read': {
    'create-not-persisted': { fails: /answered 404 right after the create/ },
    'nested-create-rounds-total': {
      fails: /^POST \/customers\/cus_\w+\/orders answered a record that differs from the body sent: total/,
    },
  },
  'resources.read-unknown-id': {
    'get-unknown-id-200': { fails: /^GET \/customers\/[^/]+ answered 200 for an id that does not exist/ },
    'unknown-id-403': {
      advises: /^GET \/customers\/cus_apicertmissing\w+ answered 403 for an id that does not exist; 404 says plainly/,
    },
  },
  'resources.put-replaces-record': { 'put-merges': { fails: /PUT merged instead of replacing/ } },
  'resources.patch-changes-given-fields': { 'patch-replaces': { fails: /PATCH changed fields it was not given/ } },
  'resources.delete-removes-record': {
    'delete-keeps-record': { fails: /answered 200 after DELETE/ },
    'deleted-child-still-nested': {
      fails: /^the deleted record ord_\w+ is still listed in \/customers\/cus_\w+\/orders$/,
    },
    'unknown-id-403': { advises: /^GET \/customers\/\S+ answered 403 after DELETE; 404 or 410 says plainly/ },
  },
  'resources.id-is-stable': { 'id-changeable': { fails: /changed the record's id/ } },
  'resources.model-consistency': {
    'put-leaves-read-cache-stale': {
      fails: /^GET \/\w+\/\w+ does not hold what the kit wrote last: .*\(step \d breaks 4\.1;/,
    },
    'update-applied-only-once': { fails: /^GET \/\w+\/\w+ does not hold what the kit wrote last: / },
    'patch-after-put-restores-old-fields': {
      fails:
        /^(PATCH \/\w+\/\w+ answered a record without the values it was sent|GET \/\w+\/\w+ does not hold what the kit wrote last): /,
    },
    'delete-misses-updated-record': { fails: /^GET \/\w+\/\w+ answered 200 after the record was deleted / },
    'patch-hits-last-created': {
      fails:
        /^(PATCH \/\w+\/\w+ answered a record without the values it was sent|GET \/\w+\/\w+ does not hold what the kit wrote last): /,
    },
    'updated-record-drops-from-list': {
      fails:
        /^\/\w+\/\w+ was listed in \/\w+, and is on no page of it now, read whole twice \(step \d+ breaks 4\.1, 4\.2\/3;/,
    },
    'list-shows-stale-values': { fails: /^\/\w+ lists \/\w+\/\w+ with values it no longer holds \(read twice\): / },
    'non-ascii-values-mangled': {
      fails: /answered a record without the values it was sent: .*café Zoë Ærø", got ".*cafÃ©/,
    },
    'unusual-unknown-id-500': { fails: /^GET \/\w+\/\S+, an id no record has \([\w-]+\), answered 500 / },
    'foreign-id-served': {
      advises: /^GET \/\w+\/\w+ answered the record \/\w+\/\w+: a record of one collection is reachable under another/,
    },
  },
  'resources.related-collection-isolated': {
    'nested-list-leaks-other-parents': { fails: /a child of another parent/ },
  },
  'resources.responses-are-json': { 'json-as-text-plain': { fails: /the body is sent as "text\/plain/ } },
  'resources.malformed-json-rejected': {
    '500-on-malformed-json': { fails: /malformed body .* answered 500; expected 4xx/ },
  },
  'resources.error-responses-are-json': {
    'error-body-not-json': { fails: /with a body that is not JSON/ },
    'products-errors-plain-text': { fails: /^GET \/products answered 404 with a body that is not JSON$/ },
  },
  'resources.auth-required': {
    'auth-not-enforced': {
      fails:
        /^\d+ of \d+ operations did not refuse .*GET \/customers\b[^;]* answered 200 to all 8 ways to lack a valid credential/,
    },
    'wrong-token-accepted': {
      fails: /GET \/customers\b[^;]* answered 200 to a wrong token of the same shape, the token one character short/,
    },
    'nested-routes-unauthenticated': {
      fails:
        /^2 of \d+ operations did not refuse .*GET \/customers\/\{id\}\/orders answered 200 to all 8 ways.*POST \/customers\/\{id\}\/orders answered 201/,
    },
    'token-compared-by-prefix': { fails: /GET \/customers\b[^;]* answered 200 to the token one character short(;|$)/ },
    'token-compared-by-suffix': {
      fails: /GET \/customers\b[^;]* answered 200 to the token with one character before it(;|$)/,
    },
    // Each write judged against the record as the one before left it: PATCH changed the name PUT set.
    'refused-write-applied': {
      fails:
        /PUT \/customers\/\{id\} refused every such request but the record changed: name: expected "Ada \S+", got "Ada Replaced [^;]*; .*PATCH \/customers\/\{id\} refused every such request but the record changed: name: expected "Ada Replaced \S+", got "Ada Patched \S+"; updatedAt: [^;]*;/,
    },
  },
  'resources.stateless-requests': {
    'session-cookie-required': {
      fails: /answered 401 to a valid request \(second request on the same connection/,
    },
    'credential-remembered-per-connection': {
      fails: /\/customers served a request without the credential \(200\) on a connection that had carried a valid one/,
    },
    'session-cookie-stands-in-for-token': {
      fails: /\/customers served a request that carried only the cookie it had set \(200\)/,
    },
    'page-size-remembered': {
      fails:
        /\/customers answered a request without a page size with 1 item\(s\), the size an earlier request asked for \(limit=1\)/,
    },
  },

  'pagination.same-parameters-on-every-list': {
    'limit-ignored': { fails: /limit=2 is not honoured/ },
    'nested-list-ignores-limit': { fails: /\/customers\/[^/]+\/orders: limit=2 is not honoured/ },
  },
  'pagination.invalid-params': { '500-on-invalid-params': { fails: /answered 500/ } },
  'pagination.cursor.walk-terminates': {
    'cursor-cycle': { fails: /already followed/ },
    'empty-pages-forever': { fails: /has_more true but held no items/ },
  },
  'pagination.walk-within-budget': {
    'cursor-cycle': { fails: /already followed/ },
    'empty-pages-forever': { fails: /has_more true but held no items/ },
  },
  'pagination.has-more-accurate': {
    'has-more-wrong-on-full-last-page': { fails: /said has_more true, but the next page .* was empty/ },
    'empty-pages-forever': { fails: /has_more true but held no items/ },
  },
  'pagination.offset.walk-complete': { 'limit-ignored': { fails: /limit=5 was not honoured/ } },
  'pagination.page.walk-complete': {
    'zero-based-pages': { fails: /never listed/ },
    'per-page-ignored': { fails: /per_page=5 was not honoured/ },
    'offset-page-mismatch': { fails: /never listed/ },
  },
  'pagination.page.matches-offset': {
    'zero-based-pages': { fails: /page=1&per_page=5 lists/ },
    'per-page-ignored': { fails: /per_page=5 was not honoured/ },
    'limit-ignored': { fails: /limit=5 was not honoured/ },
    'offset-page-mismatch': { fails: /page=2&per_page=5 lists/ },
  },
  'pagination.stable-order': {
    // Ties shuffled on each read show as a page read twice in another order, or, when a page's two
    // reads look like a shift by others' writes, as a record the walk listed twice or never.
    'order-without-tie-breaker': {
      fails: /different order|twice while nothing changed|never listed .* while nothing changed/,
    },
    'zero-based-pages': { fails: /never listed .* while nothing changed/ },
  },
  'pagination.cursor.no-duplicates-under-mutation': {
    'cursor-skips-item': { fails: /never listed/ },
    'cursor-repeats-last-item': { fails: /twice/ },
    'cursor-restarts-when-anchor-deleted': { fails: /twice/ },
    'cursor-encodes-offset': { fails: /never listed/ },
    'order-without-tie-breaker': { fails: /never listed|twice|already followed|went back/ },
    'replace-renews-created-at': { fails: /twice .*replace a record already seen/ },
  },
  'pagination.cursor.deep-pages-cost-the-same': {
    'slow-deep-pages': {
      advises: /first page [\d.]+ ms, page 45 items deep [\d.]+ ms .*pagination\.deepPageRatioWarn=3/,
    },
  },
  'pagination.explored-queries': {
    '500-past-the-end': {
      fails:
        /^\/customers limit\/offset: \S+ answered 500: a server error for a client's query \(query offset=\d+ \((total|total\+1|far past the end)\)/,
    },
    'page-past-end-repeats-last-page': {
      fails: /^\/customers page\/per_page: \S+ listed \d+ item\(s\) .* although position \d+ is past the end/,
    },
    'cursor-keeps-first-limit': { fails: /^\/customers after\/limit: \S+ held \d+ items, more than the \d+ asked for/ },
  },
  'pagination.model-consistency': {
    'patch-moves-record-to-end': {
      fails:
        /^walk A \(cursor\) of \/customers listed \w+ twice \(step \d breaks 4\.2\/2, 4\.2\/3; found by fixed sequence 1/,
    },
    'child-create-touches-parent': {
      fails:
        /^walk A \(cursor\) of \/customers listed \w+ twice \(step \d breaks 4\.2\/2, 4\.2\/3; found by fixed sequence 1/,
    },
    'cursor-keeps-first-limit': {
      fails:
        /^walk A \(cursor\) of \/customers asked for 2 item\(s\) a page and got 5 \(step 2 breaks 4\.2 \(limit, per_page\)/,
    },
    'walk-snapshot-shared-per-list': {
      fails:
        /^walk A \(cursor\) of \/[\w/]+ never listed \w+ \(step \d breaks 4\.2\/2, 4\.2\/3; found by fixed sequence 2/,
    },
  },
  'pagination.page-size-bounds': {
    'no-max-page-size': { fails: /no maximum page size/ },
    'no-default-page-size': { fails: /no default page size/ },
    'nested-list-ignores-limit': { fails: /\/customers\/[^/]+\/orders.*no default page size/ },
  },

  'webhooks-sender.delivery-shape': {
    'webhook-text-plain': { fails: /Content-Type is "text\/plain"/ },
    'webhook-type-field': { fails: /no "event" field \(the kind is in "type" instead\)/ },
  },
  'webhooks-sender.signature-over-raw-body': {
    'signature-over-reserialized-body': { fails: /re-serialized as compact JSON/ },
    'signature-without-prefix': { fails: /does not begin with "sha256="/ },
    'signature-wrong-secret': { fails: /not the HMAC-SHA256 of the raw body/ },
    'no-signature-header': { fails: /no X-Signature header/ },
    'secret-echoed': { advises: /registration contains the signing secret/ },
  },
  'webhooks-sender.signed-timestamp-current': {
    'sender-stale-timestamp': {
      fails:
        /^the signed timestamp \(\d+\) was 60\d s old when the delivery arrived, past the standard-webhooks profile's tolerance of 300 s/,
    },
  },
  'webhooks-sender.id-header-stable': {
    'sender-omits-id-header': {
      fails:
        /^no X-Github-Delivery header on the first attempt or the retry: receivers of the github scheme deduplicate by it/,
    },
    'sender-id-header-changes-on-retry': {
      fails:
        /^Webhook-Id changed on the retry: "evt_[0-9a-f]+" on the first attempt, "evt_[0-9a-f]+_retry2" on the retry/,
    },
  },
  'webhooks-sender.events-per-operation': {
    'webhook-type-field': { fails: /the create event has no string "event" name/ },
    'no-update-event': { advises: /PATCH \/customers\/\S+ emitted no event .*pin webhooks\.sender\.events\.update/ },
    'no-delete-event': { advises: /DELETE \/customers\/\S+ emitted no event .*pin webhooks\.sender\.events\.delete/ },
  },
  'webhooks-sender.unique-event-ids': {
    'event-ids-reused': { fails: /the create of \S+ and the update of \S+ both carry id/ },
  },
  'webhooks-sender.retry-after-failure': {
    'retry-with-new-id': { fails: /the retry after a 503 carries a new event id/ },
    'retry-changes-body': { fails: /the retry after a 503 keeps the id but changes the body/ },
    'no-retry': {
      fails: /did not retry within 1000 ms \(webhooks\.sender\.retryWindowMs\) after a 503, a 404, .*a 504$/,
    },
    'no-retry-on-4xx': {
      fails:
        /did not retry within 3000 ms \S+ after a 404, a 429, a 400, a 410 and a 401; it did retry after a 503, .*a 307 back to the same URL/,
    },
    'no-retry-on-connection-reset': {
      fails:
        /did not retry within 3000 ms \S+ after a connection reset without an answer and a connection closed without an answer; it did retry after/,
    },
    'redirect-taken-as-delivered': {
      fails: /did not retry within 3000 ms \S+ after a 307 back to the same URL; it did retry after a 503/,
    },
  },
  'webhooks-sender.retry-after-timeout': {
    'no-sender-timeout': { fails: /past its time-out of 150 ms/ },
    'no-retry': { fails: /did not retry within 1000 ms/ },
  },
  'webhooks-sender.retry-backoff': { 'retry-without-backoff': { advises: /retries do not back off: .*tight loop/ } },
  'webhooks-sender.write-not-held-by-delivery': {
    'delivery-blocks-response': {
      advises:
        /^the create waits for the webhook delivery it triggers: POST \/customers answered in \d+ ms and \d+ ms while the subscriber held the delivery \d+ ms and \d+ ms, against \d+ ms with a prompt subscriber/,
    },
  },

  'webhooks-receiver.signed-delivery-acknowledged': {
    'receiver-slow-ack': { fails: /acknowledged after \d+ ms; expected a 2xx within 300 ms/ },
    'receiver-refuses-everything': { fails: /a correctly signed delivery to \S+ answered 401; expected a 2xx/ },
  },
  'webhooks-receiver.unverified-delivery-refused': {
    'receiver-skips-verification': {
      fails:
        /^a delivery without X-Signature answered 200; expected it refused .*also acknowledged: header-empty, .*wrong-secret/,
    },
    'receiver-compares-digest-prefix': {
      fails:
        /^a delivery with X-Signature "sha256=" and no digest answered 200; .*also acknowledged: digest-half, digest-one-character-short$/,
    },
    'receiver-verifies-reserialized-body': {
      fails:
        /^a delivery signed over a compact re-serialization of its pretty-printed body answered 200; expected it refused/,
    },
  },
  'webhooks-receiver.signature-over-raw-bytes': {
    'receiver-verifies-reserialized-body': { fails: /pretty-printed body .* answered 401/ },
  },
  'webhooks-receiver.redelivery-acknowledged': {
    'receiver-rejects-duplicate': {
      fails: /^a redelivery of the same event id, the same bytes again at once \(A, A\), answered 409; expected a 2xx/,
    },
    'receiver-verifies-reserialized-body': {
      fails:
        /^a redelivery of the same event id, the same event again with other whitespace and key order .* answered 401; expected a 2xx/,
    },
  },
  'webhooks-receiver.model-consistency': {
    'receiver-dedupe-remembers-few': {
      fails:
        /^event evt_\w+, sent validly 2 time\(s\)[^,]*, was processed 2 times \(step \d+ breaks 6\/1; found by fixed sequence 1/,
    },
    'receiver-no-dedupe': {
      fails:
        /^event evt_\w+, sent validly 2 time\(s\)[^,]*, was processed 2 times \(step \d+ breaks 6\/1; found by fixed sequence 1/,
    },
    'receiver-remembers-last-id-only': {
      fails:
        /^event evt_\w+, sent validly 2 time\(s\)[^,]*, was processed 2 times \(step \d+ breaks 6\/1; found by fixed sequence 1/,
    },
    'receiver-dedupes-by-body-hash': {
      fails:
        /^event evt_\w+, sent validly 2 time\(s\)[^,]*, was processed 2 times \(step \d+ breaks 6\/1; found by fixed sequence 2/,
    },
    'receiver-dedupe-not-atomic': {
      fails:
        /^event evt_\w+, sent validly 2 time\(s\)[^,]*, was processed 2 times \(step \d+ breaks 6\/1; found by fixed sequence 3/,
    },
    'receiver-dedupe-forgets-quickly': {
      fails:
        /^event evt_\w+, sent validly 2 time\(s\)[^,]*, was processed 2 times \(step \d+ breaks 6\/1; found by fixed sequence 4/,
    },
    'receiver-dedupes-by-record': {
      fails:
        /^event evt_\w+, sent validly 1 time\(s\), was acknowledged but never processed, though events acknowledged after it were \(step \d+ breaks 4\.3, 6\/1; found by fixed sequence 3/,
    },
    'receiver-marks-seen-before-verifying': {
      fails:
        /^event evt_\w+, sent validly 1 time\(s\) and forged 1 time\(s\), was acknowledged but never processed, though events acknowledged after it were \(step \d+ breaks 4\.3, 6\/1; found by fixed sequence 2/,
    },
    'receiver-skips-verification': {
      fails:
        /^event evt_\w+, only ever sent with a signature that does not verify \(1 time\(s\)\), was processed 1 time\(s\) \(step \d+ breaks 5\/4; found by fixed sequence 3/,
    },
  },
  'webhooks-receiver.redelivery-processed-once': {
    'receiver-no-dedupe': {
      fails:
        /^an event sent 2 times, the same bytes again at once \(A, A\), was processed 2 time\(s\); expected exactly once/,
    },
    'receiver-dedupes-by-body-hash': {
      fails:
        /^an event sent 2 times, the same event again with other whitespace and key order .* was processed 2 time\(s\)/,
    },
    'receiver-remembers-last-id-only': {
      fails: /^an event sent 2 times, the same bytes again after another event \(A, B, A\), was processed 2 time\(s\)/,
    },
    'receiver-dedupe-forgets-quickly': {
      fails: /^an event sent 2 times, the same bytes again 1\.5 s after the first, .*was processed 2 time\(s\)/,
    },
    'receiver-dedupes-by-record': {
      fails: /^an event sent once, another event about the same record under its own id .*was processed 0 time\(s\)/,
    },
    'receiver-dedupe-not-atomic': {
      fails: /^an event sent 2 times, two copies sent at the same time, on two connections, was processed 2 time\(s\)/,
    },
  },
  'webhooks-receiver.update-before-create-kept': {
    'receiver-rejects-out-of-order': { fails: /update that arrived before its create answered 409/ },
    'receiver-dedupes-by-record': { fails: /^the late create was acknowledged but never processed/ },
  },
  'webhooks-receiver.malformed-json-refused': {
    'receiver-500-on-bad-json': { fails: /malformed body .* answered 500, a server error/ },
  },
  'webhooks-receiver.incomplete-event-refused': {
    'receiver-accepts-invalid-event': {
      advises: /without "event" answered 200, accepting it: .*incompleteEvent "refuse"/,
    },
  },
  'webhooks-receiver.oversized-body-refused': {
    'receiver-no-body-limit': { advises: /delivery of \d+ bytes answered 200, accepting it: .*oversizedBody "refuse"/ },
  },
  'openapi-contract.status-documented': {
    '500-on-malformed-json': {
      fails:
        /^\d+ answers had a status their operation does not list in .*; first: POST \/customers 500: answered 500; the document lists 201, 400, 401, 413 for POST \/customers/,
    },
  },
  'openapi-contract.content-type-documented': {
    'json-as-text-plain': {
      fails:
        /^\d+ answers carried a media type .*; first: (GET|POST) \/customers (200|201): Content-Type text\/plain; charset=utf-8; the document lists application\/json for 20[01]/,
    },
  },
  'openapi-contract.body-matches-schema': {
    'list-not-a-page': {
      fails:
        /^\d+ answers had a body that does not match its documented schema .*; first: GET \/customers 200: the body does not match the schema for 200: \/ must be object/,
    },
    'get-unknown-id-200': {
      fails:
        /^\d+ answers? had a body that does not match its documented schema .*; first: GET \/(customers|orders|products)\/\{id\} 200: the body does not match the schema for 200: \/ must be object/,
    },
  },
  'webhooks-receiver.timestamp-outside-tolerance-refused': {
    'receiver-ignores-timestamp': {
      fails:
        /^a delivery signed 420 s ago answered 200; expected it refused \(non-2xx\): the standard-webhooks profile takes a signed timestamp within 300 s of now/,
    },
  },
  'webhooks-receiver.one-of-several-signatures-accepted': {
    'receiver-reads-first-signature-only': {
      fails:
        /^a delivery signed under a rotated-out secret and then under the secret answered 401; expected it acknowledged \(2xx\)/,
    },
  },
};
