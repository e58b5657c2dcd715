// Observations that fail many checks at once. A check that fails because of one says so (its
// `cause`), and the reports name the cause once, with every list or operation it affects, instead of
// repeating it in each failure. Pure.

/** The causes the kit knows, each with the sentence that names it and the rule it breaks. */
export const sharedCauses = {
  'list-not-a-page': 'Lists do not answer with a page {items, next_cursor, has_more} (convention 2, 4.1)',
  'credential-refused':
    'The target answers 401 to requests that carry the configured credential (convention 5/1; check target.auth and the token)',
} as const;

export type SharedCauseKey = keyof typeof sharedCauses;

/** What a failed or errored check says about its cause. */
export interface SharedCause {
  readonly key: SharedCauseKey;
  /** What it affects, in the order seen: list paths ("/customers") or operations ("GET /orders"). */
  readonly subjects: readonly string[];
}
