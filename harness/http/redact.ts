// Secrets are removed when an exchange is recorded, so no report, curl line or message can leak them.
// Redaction is by value, not by where it sits: a target may echo the token anywhere (a body, a
// Location, an error page, a header's name), and only the value finds it there. It ignores letter
// case, because the way back lower-cases some places the target chose: HTTP header names, and the
// host of any URL the kit parses (a redirect, a link).

/** What every secret is replaced with. */
export const REDACTED = '[REDACTED]';

// A secret that starts with the marker's tail ("D]x…") can re-form next to a marker just written;
// a few passes remove such chains, and the fail-safe below covers anything stranger.
const MAX_PASSES = 4;

const variantsCache = new WeakMap<readonly string[], readonly string[]>();

// Below this many characters an encoded core of a secret (see base64Cores) could match ordinary
// base64 text by chance; shorter secrets are still found in their exact forms.
const MIN_CORE_CHARS = 16;

/**
 * Every form a secret can take in recorded text, because a target can echo it in any of them: as is,
 * base64 (padded, unpadded, URL-safe, and the part that stays the same inside a longer base64 text
 * such as "Basic base64(user:token)"), hex; and each of those percent-encoded (URLs, form bodies) and
 * JSON-escaped. Empty values are dropped; the result is ordered longest first.
 */
export function secretVariants(values: readonly string[]): readonly string[] {
  // One run passes the same list for every result: the same answer back keeps the caches below,
  // which are keyed by it, warm.
  const cached = variantsCache.get(values);
  if (cached !== undefined) return cached;
  const variants = new Set<string>();
  for (const value of values) {
    if (value.length === 0) continue;
    for (const form of encodedForms(value)) {
      variants.add(form);
      variants.add(JSON.stringify(form).slice(1, -1));
      variants.add(new URLSearchParams({ s: form }).toString().slice(2));
      try {
        variants.add(encodeURIComponent(form));
      } catch {
        // A lone surrogate cannot be percent-encoded; the raw form above still covers it.
      }
    }
  }
  const ordered = [...variants].sort((a, b) => b.length - a.length);
  variantsCache.set(values, ordered);
  return ordered;
}

function encodedForms(value: string): string[] {
  const bytes = Buffer.from(value, 'utf8');
  const base64 = bytes.toString('base64');
  const hex = bytes.toString('hex');
  return [value, base64, base64.replace(/=+$/, ''), bytes.toString('base64url'), hex, ...base64Cores(bytes)];
}

/**
 * The characters of base64 that depend on the secret's bytes alone, for each of the three offsets
 * (mod 3) the secret can start at inside a longer encoded text; standard and URL-safe alphabets.
 */
function base64Cores(bytes: Buffer): string[] {
  const cores: string[] = [];
  for (const shift of [0, 1, 2]) {
    const encoded = Buffer.concat([Buffer.alloc(shift), bytes])
      .toString('base64')
      .replace(/=+$/, '');
    // Leading characters mix in the bytes before the secret, a last partial one the bytes after it.
    const head = [0, 2, 3][shift]!;
    const tail = (shift + bytes.length) % 3 === 0 ? 0 : 1;
    const core = encoded.slice(head, encoded.length - tail);
    if (core.length < MIN_CORE_CHARS) continue;
    cores.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return cores;
}

/** Replaces every occurrence of every secret in `text` with "[REDACTED]". */
export function redactText(text: string, secrets: readonly string[]): string {
  if (!containsAnySecret(text, secrets)) return text;
  let current = text;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const ranges = findSecretRanges(current, secrets);
    if (ranges.length === 0) return current;
    current = replaceRanges(current, ranges);
  }
  // Fail safe: a secret that keeps re-forming around the marker takes the whole text with it.
  return findSecretRanges(current, secrets).length === 0 ? current : REDACTED;
}

/**
 * Redacts every header name and value: a target chooses its header names too (`x-tok-<token>: 1`).
 * Two names that redact alike keep both values, joined as a repeated header is.
 */
export function redactHeaders(
  headers: Readonly<Record<string, string>>,
  secrets: readonly string[],
): Record<string, string> {
  const redacted: Record<string, string> = {};
  for (const name of Object.keys(headers)) {
    const value = redactText(headers[name]!, secrets);
    const cleanName = redactText(name, secrets);
    redacted[cleanName] = redacted[cleanName] === undefined ? value : `${redacted[cleanName]}, ${value}`;
  }
  return redacted;
}

/** Redacts secrets from raw bytes (a body that may not be text); returns `bytes` itself when none occur. */
export function redactBytes(bytes: Buffer, secrets: readonly string[]): Buffer {
  // latin1 maps each byte to one char and back, so string search finds the secrets' UTF-8 bytes.
  const text = bytes.toString('latin1');
  const redacted = redactText(text, secretsAsLatin1(secrets));
  return redacted === text ? bytes : Buffer.from(redacted, 'latin1');
}

/** The secrets' UTF-8 bytes as latin1 strings (one char per byte), for searching raw bytes as text. */
export function secretsAsLatin1(secrets: readonly string[]): readonly string[] {
  let cached = latin1Cache.get(secrets);
  if (cached === undefined) {
    cached = secrets.map((secret) => Buffer.from(secret, 'utf8').toString('latin1'));
    latin1Cache.set(secrets, cached);
  }
  return cached;
}

/**
 * `text` with its letters in lower case and every character where it was, so a match in the folded
 * text is a range of the original. toLowerCase keeps the length of nearly all text; where it does
 * not (a dotted capital I), only ASCII letters are folded.
 */
export function foldCase(text: string): string {
  const folded = text.toLowerCase();
  return folded.length === text.length ? folded : text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/**
 * Whether any secret occurs in `text`, in any letter case. Every record field goes through this,
 * almost always with no secret in it, so only the shortest forms are searched: any secret contains one.
 */
export function containsAnySecret(text: string, secrets: readonly string[]): boolean {
  const detectors = detectorsOf(secrets);
  if (detectors.length === 0) return false;
  const folded = foldCase(text);
  for (const detector of detectors) if (folded.includes(detector)) return true;
  return false;
}

/** The folded secrets that contain no other (e.g. the bare token, not "bearer <token>"). */
function detectorsOf(secrets: readonly string[]): readonly string[] {
  let cached = detectorsCache.get(secrets);
  if (cached === undefined) {
    const folded = [...new Set(foldedSecretsOf(secrets))];
    cached = folded.filter((secret, i) => !folded.some((other, j) => j !== i && secret.includes(other)));
    detectorsCache.set(secrets, cached);
  }
  return cached;
}

/** The non-empty secrets, case-folded, longest first. */
function foldedSecretsOf(secrets: readonly string[]): readonly string[] {
  let cached = foldedCache.get(secrets);
  if (cached === undefined) {
    cached = [...new Set(secrets.filter((secret) => secret.length > 0).map(foldCase))].sort(
      (a, b) => b.length - a.length,
    );
    foldedCache.set(secrets, cached);
  }
  return cached;
}

const detectorsCache = new WeakMap<readonly string[], readonly string[]>();
const foldedCache = new WeakMap<readonly string[], readonly string[]>();
const latin1Cache = new WeakMap<readonly string[], readonly string[]>();

/** Merged [start, end) ranges covered by any occurrence in any letter case, overlapping ones included. */
function findSecretRanges(text: string, secrets: readonly string[]): Array<[number, number]> {
  const folded = foldCase(text);
  const ranges: Array<[number, number]> = [];
  for (const secret of foldedSecretsOf(secrets)) {
    for (let at = folded.indexOf(secret); at !== -1; at = folded.indexOf(secret, at + 1)) {
      ranges.push([at, at + secret.length]);
    }
  }
  if (ranges.length < 2) return ranges;
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [ranges[0]!];
  for (let i = 1; i < ranges.length; i++) {
    const range = ranges[i]!;
    const last = merged[merged.length - 1]!;
    if (range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push(range);
  }
  return merged;
}

function replaceRanges(text: string, ranges: ReadonlyArray<readonly [number, number]>): string {
  let out = '';
  let from = 0;
  for (const [start, end] of ranges) {
    out += text.slice(from, start) + REDACTED;
    from = end;
  }
  return out + text.slice(from);
}
