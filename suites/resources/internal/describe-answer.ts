// An answer in the few words a coverage item or a failure needs: status, media type, size. Pure.

/** "500 text/plain, empty", "404 application/problem+json, 87 bytes", "400 no Content-Type, 12 bytes". */
export function describeAnswer(
  answer: {
    readonly status: number;
    readonly headers: Readonly<Record<string, string>>;
    readonly body: { readonly length: number };
  },
  { withSize = true }: { readonly withSize?: boolean } = {},
): string {
  // The media type alone: a charset says nothing about whether the body is JSON.
  const mediaType = (answer.headers['content-type'] ?? '').split(';')[0]!.trim();
  const size = answer.body.length === 0 ? 'empty' : `${answer.body.length} byte${answer.body.length === 1 ? '' : 's'}`;
  const described = `${answer.status} ${mediaType === '' ? 'no Content-Type' : mediaType}`;
  return withSize ? `${described}, ${size}` : described;
}
