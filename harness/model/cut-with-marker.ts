// Cutting target-chosen text for a record or a report: the marker says how much went. Pure.

/** `text` cut to `maxChars`, never inside a surrogate pair, with a marker naming what was left out. */
export function cutWithMarker(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  let end = maxChars;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}… [${text.length - end} characters cut]`;
}
