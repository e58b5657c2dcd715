// Signature digests in evidence and messages are cut to their first characters: enough to compare
// two of them, never the whole value. The sink's evidence and the sender checks' messages cut alike.
// Pure.

/** Characters of a digest kept. */
export const DIGEST_PREVIEW_CHARS = 8;

// A digest in hex or base64: a long run of their symbols. Labels ("sha256=", "v1,", "t=") and
// timestamps are shorter, so they stay as sent.
const digestRun = /[A-Za-z0-9+/_-]{16,}={0,2}/g;

/**
 * A signature header's value with each digest cut to its first characters: "sha256=757107ea…",
 * "t=1700000000,v1=5257a869…", "v1,K5oZfzN9…". Short values are kept whole.
 */
export function abbreviateDigests(value: string): string {
  return value.replace(digestRun, (digest) =>
    digest.length <= DIGEST_PREVIEW_CHARS ? digest : `${digest.slice(0, DIGEST_PREVIEW_CHARS)}…`,
  );
}
