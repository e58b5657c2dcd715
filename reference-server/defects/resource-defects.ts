// The resources suite's switches: collections, members, credentials and statelessness (convention
// 1, 2, 4.1, 5), then those that show only where operations meet. See defects.ts for what a switch
// is.

export const resourceDefects = [
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
] as const;
