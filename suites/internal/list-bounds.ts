// What one walk of a list may hold, whoever walks it (the pagination suite's walks, the resources
// checks' searches): a target's pages are untrusted, and a cursor that grows page by page, or pages
// of hundreds of thousands of items, would otherwise make every later request, record and list the
// walk keeps bigger until memory runs out (issue 36, item 3).

/**
 * Longest next_cursor a walk follows. The convention sets no length, but a cursor that grows page by
 * page would make every later request and record bigger; past this the walk stops, unjudged.
 */
export const maxCursorChars = 65_536;

/** Most items one search of a list keeps across its pages; past this it stops, incomplete. */
export const maxItemsKeptPerWalk = 100_000;
