// Long target data is cut before it is escaped, so a 10 MB body costs only what is shown.

/** A prefix of a text and how many UTF-16 code units were left out. */
export interface CutText {
  readonly text: string;
  readonly omittedChars: number;
}

/** The first `maxChars` code units of `text`, never ending inside a surrogate pair. */
export function cutText(text: string, maxChars: number): CutText {
  if (text.length <= maxChars) return { text, omittedChars: 0 };
  let end = Math.max(0, maxChars);
  const last = text.charCodeAt(end - 1);
  if (end > 0 && last >= 0xd800 && last <= 0xdbff) end -= 1;
  return { text: text.slice(0, end), omittedChars: text.length - end };
}
