// What a JSON answer of an API without a description shows: a list (a bare array, the convention's
// page {items, next_cursor, has_more}, or records under one envelope key such as "data"), and on
// the base URL, the collections it links to. The text is the target's, untrusted: only the top
// level and the first records are looked at, so a deep or huge document costs no more than its parse.
import { parseExactJson } from '../model/exact-json.js';
import { TARGET_PATH } from '../config/config-patterns.js';

/** A list answer: its shape and its first records. */
export type ListAnswer =
  | { readonly shape: 'array'; readonly records: readonly Record<string, unknown>[] }
  | { readonly shape: 'page'; readonly records: readonly Record<string, unknown>[]; readonly hasMore: boolean }
  | { readonly shape: 'envelope'; readonly key: string; readonly records: readonly Record<string, unknown>[] };

// Keys under which list answers commonly put their records, besides the convention's "items".
const envelopeKeys = ['data', 'results', 'records', 'content', 'entries', 'values', 'list', 'rows', 'objects'];
// Records kept from an answer: the first is read for the id field and a sample; a few more show the ids are unique.
const recordsKept = 5;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `text` as a list, or undefined when it is not JSON or not a list of records (or of nothing). */
export function readListAnswer(text: string, name: string): ListAnswer | undefined {
  const body = parseJson(text);
  const recordsOf = (value: unknown[]): Record<string, unknown>[] | undefined => {
    const kept = value.slice(0, recordsKept);
    return kept.every(isRecord) ? kept : undefined;
  };
  if (Array.isArray(body)) {
    const records = recordsOf(body);
    return records === undefined ? undefined : { shape: 'array', records };
  }
  if (!isRecord(body)) return undefined;
  if (Array.isArray(body['items']) && typeof body['has_more'] === 'boolean') {
    const records = recordsOf(body['items']);
    return records === undefined ? undefined : { shape: 'page', records, hasMore: body['has_more'] };
  }
  for (const key of ['items', ...envelopeKeys, name]) {
    const value = body[key];
    if (!Array.isArray(value)) continue;
    const records = recordsOf(value);
    if (records !== undefined) return { shape: 'envelope', key, records };
  }
  return undefined;
}

/**
 * The paths one segment under `baseUrl` that a root answer links to: string values that are such
 * URLs or paths ({"users": "https://api.example.com/users"}, as GitHub's and Django REST
 * framework's roots do), and HAL's {"_links": {"users": {"href": "/users"}}}. At most `limit`.
 */
export function linkedCollections(text: string, baseUrl: string, limit: number): string[] {
  const body = parseJson(text);
  if (!isRecord(body)) return [];
  const links = isRecord(body['_links']) ? body['_links'] : {};
  const values = [
    ...Object.values(body),
    ...Object.values(links).map((link) => (isRecord(link) ? link['href'] : undefined)),
  ];
  const base = new URL(baseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  const found: string[] = [];
  for (const value of values) {
    if (found.length >= limit) break;
    // A link is a URL or an absolute path; any other string ("hello") is data, not a link.
    if (typeof value !== 'string' || value.length > 500 || !/^(https?:\/\/|\/)/i.test(value)) continue;
    let url: URL;
    try {
      url = new URL(value, `${base.origin}${basePath}/`);
    } catch {
      continue;
    }
    // Another origin is another API (or a trap): never followed.
    if (url.origin !== base.origin || !url.pathname.startsWith(`${basePath}/`)) continue;
    const rest = url.pathname.slice(basePath.length).replace(/\/+$/, '');
    if (!/^\/[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/.test(rest) || !new RegExp(TARGET_PATH.pattern).test(rest)) continue;
    if (!found.includes(rest)) found.push(rest);
  }
  return found;
}

/** The JSON of `text`, or undefined when it is none. */
export function parseJson(text: string): unknown {
  try {
    return parseExactJson(text).json;
  } catch {
    return undefined;
  }
}
