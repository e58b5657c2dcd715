// Cutting target-chosen text for a record or a report: the marker says how much went. Pure.

/**
 * `text` cut to `maxChars` with a marker naming what was left out. The middle goes: the start says
 * what it is, the end often tells two long ids apart (…-000003). Never cuts a surrogate pair.
 */
export function cutWithMarker(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  let headEnd = Math.ceil(maxChars * 0.75);
  let tailStart = text.length - (maxChars - headEnd);
  if (isHighSurrogate(text.charCodeAt(headEnd - 1))) headEnd -= 1;
  if (isLowSurrogate(text.charCodeAt(tailStart))) tailStart += 1;
  return `${text.slice(0, headEnd)}… [${tailStart - headEnd} characters cut] …${text.slice(tailStart)}`;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
