// The placeholders the kit replaces in config strings, and where each one is replaced. A
// placeholder used where it is not replaced would reach the target as literal text, so the
// checks in placeholder-checks.ts reject it.

export type PlaceholderName =
  'unique' | 'fixture' | 'parentId' | 'id' | 'sinkUrl' | 'secret' | 'eventId' | 'recordId' | 'childId';

/** Each placeholder as written, with what it becomes. */
export const PLACEHOLDERS: Readonly<Record<PlaceholderName, { readonly written: string; readonly meaning: string }>> = {
  unique: { written: '{unique}', meaning: 'a token unique to each created record' },
  fixture: { written: '{fixture:NAME}', meaning: 'the id of a record the kit first creates in collection NAME' },
  parentId: { written: '{parentId}', meaning: "the parent's id, in a related collection's sample" },
  id: { written: '{id}', meaning: "the parent's id, in a related collection's path" },
  sinkUrl: { written: '{sinkUrl}', meaning: "the URL of the kit's capturing sink" },
  secret: { written: '{secret}', meaning: 'the signing secret the kit generated for this registration' },
  eventId: { written: '{eventId}', meaning: 'a fresh event id per delivery (the same id on a redelivery)' },
  recordId: { written: '{recordId}', meaning: 'the id of the record the event is about' },
  childId: { written: '{childId}', meaning: "the child's id, in a related collection's memberPath" },
};

/** Where each group of config strings may use which placeholders. */
export const PLACEHOLDERS_ALLOWED = {
  collectionBody: ['unique', 'fixture'],
  relatedSample: ['unique', 'fixture', 'parentId'],
  relatedPath: ['id'],
  relatedMemberPath: ['id', 'childId'],
  registerBody: ['sinkUrl', 'secret'],
  receiverEvent: ['eventId', 'recordId'],
  observeUrl: ['eventId', 'recordId'],
} as const satisfies Record<string, readonly PlaceholderName[]>;

/** A placeholder-shaped token in a string: "{name}" or "{name:argument}". */
export interface PlaceholderToken {
  readonly text: string;
  readonly name: string;
  readonly argument?: string;
}

// Letters first, so "{"a":1}" or "{ }" in user data never look like placeholders.
const TOKEN = /\{([A-Za-z][A-Za-z0-9_-]*)(?::([^{}]*))?\}/g;

/** Every placeholder-shaped token in a string, known or not. */
export function findPlaceholderTokens(text: string): PlaceholderToken[] {
  return [...text.matchAll(TOKEN)].map((match) => ({
    text: match[0],
    name: match[1]!,
    ...(match[2] === undefined ? {} : { argument: match[2] }),
  }));
}

/** Whether a name is one of the kit's placeholders. */
export function isPlaceholderName(name: string): name is PlaceholderName {
  return Object.hasOwn(PLACEHOLDERS, name);
}
