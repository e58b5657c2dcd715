// The pagination suite's switches: page shapes, bounds, orders and cursors (convention 4.2). See
// defects.ts for what a switch is.

export const paginationDefects = [
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
  // Pagination, where operations meet: each passes every fixed walk, and only walks kept open across
  // other commands (pagination.model-consistency) show it.
  {
    name: 'patch-moves-record-to-end',
    description:
      'PATCH is carried out as a delete and an insert, so the record moves to the end of the store’s order, which every list follows (its fields, createdAt included, read as before): a cursor walk that already listed it lists it again',
  },
  {
    name: 'child-create-touches-parent',
    description:
      'creating an order under a customer renews the customer’s createdAt (lists ordered by last activity), so a cursor walk of /customers that already listed it lists it again',
  },
  {
    name: 'cursor-keeps-first-limit',
    description:
      'a cursor carries the page size of the walk’s first page: a limit sent with it is ignored, so a walk continued in smaller pages gets pages larger than it asked for',
  },
  {
    name: 'walk-snapshot-shared-per-list',
    description:
      'a cursor walk pages through a snapshot of the list taken at its first page, kept once per list: a second walk started meanwhile replaces it, and the first walk goes on in the second one’s snapshot',
  },
] as const;
