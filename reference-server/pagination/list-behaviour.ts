// How a list page is cut and described. The clean server uses cleanListBehaviour; each other value
// reproduces one pagination defect (see ../defects.ts).

export interface ListBehaviour {
  /**
   * Where the page after a cursor begins. keyset: first item above the anchor's key (clean);
   * skip-one: one item later; include-anchor: at the anchor; restart-if-anchor-missing: looks the
   * anchor up by id and starts over when it is gone; position-in-view: the anchor's position in
   * this request's order (for views whose order changes between requests).
   */
  readonly cursorStart: 'keyset' | 'skip-one' | 'include-anchor' | 'restart-if-anchor-missing' | 'position-in-view';
  /** key: the cursor encodes the last item's sort key (clean); offset: it encodes a plain offset. */
  readonly cursorCodec: 'key' | 'offset';
  /** exact: more items exist after the page (clean); full-page: the page is full. */
  readonly hasMore: 'exact' | 'full-page';
  /** last-item: the cursor of the page's last item (clean); back-to-first-page from page 2 on. */
  readonly nextCursor: 'last-item' | 'back-to-first-page';
  /** stop: the last page says has_more false (clean); empty-pages-forever: it never does. */
  readonly afterEnd: 'stop' | 'empty-pages-forever';
  /** null: the last page sends next_cursor null (clean); absent: it leaves the field out. */
  readonly lastPageCursor: 'null' | 'absent';
}

export const cleanListBehaviour: ListBehaviour = {
  cursorStart: 'keyset',
  cursorCodec: 'key',
  hasMore: 'exact',
  nextCursor: 'last-item',
  afterEnd: 'stop',
  lastPageCursor: 'null',
};
