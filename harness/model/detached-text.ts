// V8 makes a slice of a long string a view into it: a 120-character excerpt of a 4 MiB answer,
// kept in a message or a walk's page list, keeps the whole answer in memory for as long as the
// excerpt lives. Excerpts kept past the moment go through here, which copies them out. Pure.

/** The first `chars` characters of `text` as a string of their own, holding nothing else alive. */
export function excerpt(text: string, chars: number): string {
  if (text.length <= chars) return text;
  // A round trip through JSON text builds a new string, exactly equal (lone surrogates included).
  return JSON.parse(JSON.stringify(text.slice(0, chars))) as string;
}
