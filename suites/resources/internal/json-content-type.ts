// Which Content-Type values count as JSON. Pure.

/** application/json, or a +json type such as application/problem+json; parameters allowed. */
export function isJsonContentType(contentType: string | undefined): boolean {
  return /^application\/([\w.-]+\+)?json\s*(;|$)/i.test((contentType ?? '').trim());
}
