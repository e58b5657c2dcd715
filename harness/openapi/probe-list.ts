// What `apicert init` reads off the live target where a document is silent, with GETs only: a list
// without a size (its default page size, when a page comes back full with more to come), with a
// huge size (clamped to a maximum, or refused), and walked by cursor to its last page (the form of
// next_cursor there). Each answer is bounded in time and size; nothing is written to the target
// here (init --probe-writes adds records first: probe-writes.ts).
import { parseExactJson } from '../model/exact-json.js';
import { boundedGet } from './bounded-request.js';
import type { DerivedLine } from './derive-config.js';

/** What one GET said: its status, and for a page, how many items and whether more exist. */
export interface PageAnswer {
  readonly status: number;
  readonly count?: number;
  readonly hasMore?: boolean;
  /** next_cursor as the page had it: absent, null, "" or a string. */
  readonly nextCursor?: { readonly present: false } | { readonly present: true; readonly value: unknown };
}

export interface ListProbes {
  readonly path: string;
  readonly plain: PageAnswer;
  readonly huge: PageAnswer;
  /** The last page a cursor walk reached, or undefined when it did not reach one. */
  readonly last?: PageAnswer;
}

const hugeSize = 1_000_000;
const timeoutMs = 10_000;
const maxBodyBytes = 4 * 1024 * 1024;
const maxPages = 20;

/** Reads `path` three ways. `headers` carries the credential, sent to this origin only. */
export async function probeList(
  baseUrl: string,
  path: string,
  headers: Readonly<Record<string, string>>,
): Promise<ListProbes> {
  const get = (query: string): Promise<PageAnswer & { readonly cursor?: string }> =>
    fetchPage(`${baseUrl}${path}${query}`, headers);
  const plain = await get('');
  const huge = await get(`?limit=${hugeSize}`);
  let last: PageAnswer | undefined;
  let page = await get('?limit=100');
  for (let pages = 1; page.status === 200 && pages <= maxPages; pages += 1) {
    if (page.hasMore === false) {
      last = page;
      break;
    }
    if (page.cursor === undefined) break;
    page = await get(`?limit=100&after=${encodeURIComponent(page.cursor)}`);
  }
  return { path, plain, huge, ...(last !== undefined ? { last } : {}) };
}

async function fetchPage(
  url: string,
  headers: Readonly<Record<string, string>>,
): Promise<PageAnswer & { readonly cursor?: string }> {
  const answer = await boundedGet(url, { accept: 'application/json', ...headers }, timeoutMs, maxBodyBytes);
  if (answer.kind === 'failed') return { status: 0 };
  if (answer.kind === 'too-large' || answer.status !== 200) return { status: answer.status };
  return { status: 200, ...readPage(answer.text) };
}

function readPage(text: string): Omit<PageAnswer, 'status'> & { readonly cursor?: string } {
  let body: unknown;
  try {
    body = parseExactJson(text).json;
  } catch {
    return {};
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  const { items, has_more: hasMore } = body as Record<string, unknown>;
  if (!Array.isArray(items) || typeof hasMore !== 'boolean') return {};
  const present = Object.hasOwn(body, 'next_cursor');
  const value = (body as Record<string, unknown>)['next_cursor'];
  return {
    count: items.length,
    hasMore,
    nextCursor: present ? { present: true, value } : { present: false },
    ...(typeof value === 'string' && value !== '' ? { cursor: value } : {}),
  };
}

// Past this many records init --probe-writes does not go to show a maximum page size.
const maxRecordsToMake = 200;

/**
 * How many records the list of `probes` lacks to show its page sizes: one more than the largest
 * page (the document's maximum, else 100), counting what the list holds when a probe saw its end.
 * 0 when the probes saw more than that, or could not count. Pure.
 */
export function recordsToShowBounds(probes: ListProbes, documentedMax: number | undefined): number {
  const wanted = Math.min((documentedMax ?? 100) + 1, maxRecordsToMake);
  const { plain, huge } = probes;
  const held =
    plain.status === 200 && plain.hasMore === false
      ? plain.count
      : huge.status === 200 && huge.hasMore === false
        ? huge.count
        : undefined;
  return held === undefined ? 0 : Math.max(0, wanted - held);
}

/** The pagination keys the probes show, and a line for each, or for why one could not be read. Pure. */
export function judgeProbes(probes: ListProbes): {
  readonly pagination: Record<string, unknown>;
  readonly lines: DerivedLine[];
} {
  const pagination: Record<string, unknown> = {};
  const lines: DerivedLine[] = [];
  const { path, plain, huge, last } = probes;
  const derived = (key: string, value: unknown, text: string): void => {
    pagination[key] = value;
    lines.push({ kind: 'derived', pointer: `/pagination/${key}`, text: `${JSON.stringify(value)}: ${text} (probed)` });
  };
  const missing = (key: string, text: string): void =>
    void lines.push({ kind: 'missing', pointer: `/pagination/${key}`, text });
  if (plain.status !== 200 || plain.count === undefined) {
    missing(
      'defaultPageSize',
      `GET ${path} answered ${plain.status === 0 ? 'nothing' : plain.status}, not a page, so nothing was probed${plain.status === 401 || plain.status === 403 ? '; set APICERT_TOKEN and run init again' : ''}`,
    );
    return { pagination, lines };
  }
  if (plain.hasMore === true)
    derived(
      'defaultPageSize',
      plain.count,
      `GET ${path} without a size answered ${plain.count} items with has_more true`,
    );
  else
    missing(
      'defaultPageSize',
      `GET ${path} holds only ${plain.count} records, fewer than a default page; leave it out (apicert finds it) or add records and run init again`,
    );

  if (huge.status >= 400 && huge.status < 500)
    derived('overMaxPolicy', 'reject', `GET ${path}?limit=${hugeSize} answered ${huge.status}`);
  else if (huge.status === 200 && huge.hasMore === true && huge.count !== undefined) {
    derived('overMaxPolicy', 'clamp', `GET ${path}?limit=${hugeSize} answered a page`);
    derived(
      'maxPageSize',
      huge.count,
      `GET ${path}?limit=${hugeSize} was cut to ${huge.count} items with has_more true`,
    );
  } else
    missing(
      'maxPageSize',
      `GET ${path}?limit=${hugeSize} answered ${huge.status === 0 ? 'nothing' : huge.status}${huge.hasMore === false ? ' with every record' : ''}, so the maximum did not show; leave it out (apicert finds it)`,
    );

  const form =
    last?.nextCursor === undefined
      ? undefined
      : !last.nextCursor.present
        ? 'absent'
        : last.nextCursor.value === null
          ? 'null'
          : last.nextCursor.value === ''
            ? 'empty'
            : undefined;
  if (form !== undefined)
    derived(
      'lastPageCursor',
      form,
      `the last page of a cursor walk of ${path} had next_cursor ${form === 'absent' ? 'left out' : form === 'null' ? 'null' : '""'}`,
    );
  else
    missing(
      'lastPageCursor',
      `a cursor walk of ${path} reached no last page with next_cursor null, left out or "", so any of them is accepted`,
    );
  return { pagination, lines };
}
