// Reads an API that publishes no description, with GETs only: its base URL (the collections a JSON
// root links to), a short list of common collection names, the first page of each list found and
// one record of it. The target is untrusted: every request is bounded in time and bytes, redirects
// are not followed (boundedGet), the requests are few and counted, and the whole read has a
// deadline; a target that stops answering ends it early.
import { boundedGet, type BoundedAnswer } from '../openapi/bounded-request.js';
import { singularOf } from '../openapi/find-collections.js';
import { linkedCollections, parseJson, readListAnswer, type ListAnswer } from './list-answer.js';

/** Names tried under the base URL when its root links to nothing, in this order. */
export const commonCollectionNames: readonly string[] = [
  'users',
  'customers',
  'accounts',
  'items',
  'products',
  'orders',
  'posts',
  'comments',
  'todos',
  'tasks',
  'widgets',
  'notes',
  'articles',
  'projects',
  'events',
  'pets',
  'books',
  'invoices',
  'messages',
  'photos',
];

export const readLimits = {
  requestTimeoutMs: 5000,
  maxBodyBytes: 1024 * 1024,
  maxRequests: 48,
  maxLinked: 20,
  deadlineMs: 45_000,
  /** Requests in a row that get no answer at all before the target is taken to have stopped answering. */
  unansweredInARow: 2,
} as const;

// A path no API has: a list answered here means every path answers one, so no answer confirms a collection.
export const controlPath = '/apicert-no-such-collection-7f3a9c';

/** A list found: its path, what its first page showed, and how its first record's member path answered. */
export interface FoundList {
  readonly path: string;
  readonly answer: ListAnswer;
  /** The status of GET path/{id of the first record}, when the page had a record with an id. */
  readonly member?: { readonly idField: string; readonly status: number; readonly isRecord: boolean };
}

export interface Exploration {
  readonly baseUrl: string;
  readonly sentToken: boolean;
  readonly lists: readonly FoundList[];
  /** Paths answered 401 or 403. */
  readonly refused: readonly { readonly path: string; readonly status: number }[];
  /** Paths answered with a redirect (not followed) or more than maxBodyBytes. */
  readonly notRead: readonly { readonly path: string; readonly why: string }[];
  readonly answersEveryPath: boolean;
  /** Why the read ended before every candidate was tried. */
  readonly stopped?: string;
  readonly requests: number;
}

export interface ReadOptions {
  /** Headers sent to the target, the credential among them; never printed. */
  readonly headers: Readonly<Record<string, string>>;
  readonly sentToken: boolean;
  readonly now?: () => number;
}

export async function readUndocumentedApi(baseUrl: string, options: ReadOptions): Promise<Exploration> {
  const now = options.now ?? Date.now;
  const deadline = now() + readLimits.deadlineMs;
  let requests = 0;
  let unanswered = 0;
  let stopped: string | undefined;
  const get = async (path: string): Promise<BoundedAnswer | undefined> => {
    const left = deadline - now();
    if (stopped !== undefined) return undefined;
    if (requests >= readLimits.maxRequests) stopped = `after ${readLimits.maxRequests} requests`;
    else if (left <= 0) stopped = `after ${readLimits.deadlineMs / 1000} s`;
    if (stopped !== undefined) return undefined;
    requests += 1;
    const answer = await boundedGet(
      `${baseUrl}${path}`,
      { accept: 'application/json', ...options.headers },
      Math.min(readLimits.requestTimeoutMs, left),
      readLimits.maxBodyBytes,
    );
    unanswered = answer.kind === 'failed' ? unanswered + 1 : 0;
    if (unanswered >= readLimits.unansweredInARow)
      stopped = `the target stopped answering (GET ${path}: ${answer.kind === 'failed' ? answer.reason : ''})`;
    return answer;
  };

  const rootAnswer = await get('/');
  const control = await get(controlPath);
  const answersEveryPath =
    control?.kind === 'answered' && isSuccess(control.status) && readListAnswer(control.text, 'x') !== undefined;
  const linked =
    rootAnswer?.kind === 'answered' && isSuccess(rootAnswer.status)
      ? linkedCollections(rootAnswer.text, baseUrl, readLimits.maxLinked)
      : [];
  const candidates = [...new Set([...linked, ...commonCollectionNames.map((name) => `/${name}`)])];

  const lists: FoundList[] = [];
  const refused: { path: string; status: number }[] = [];
  const notRead: { path: string; why: string }[] = [];
  for (const path of answersEveryPath ? [] : candidates) {
    const answer = await get(path);
    if (answer === undefined) break;
    if (answer.kind === 'too-large') notRead.push({ path, why: `more than ${readLimits.maxBodyBytes} bytes` });
    if (answer.kind !== 'answered') continue;
    if (answer.status === 401 || answer.status === 403) refused.push({ path, status: answer.status });
    else if (answer.status >= 300 && answer.status < 400)
      notRead.push({ path, why: `a redirect (${answer.status}), not followed` });
    if (!isSuccess(answer.status)) continue;
    const list = readListAnswer(answer.text, path.slice(1));
    if (list === undefined) continue;
    lists.push({ path, answer: list, ...(await readMember(path, list, get)) });
  }
  return {
    baseUrl,
    sentToken: options.sentToken,
    lists,
    refused,
    notRead,
    answersEveryPath,
    ...(stopped !== undefined ? { stopped } : {}),
    requests,
  };
}

/** GET of the first record's member path, to see whether the id field guessed addresses it. */
async function readMember(
  path: string,
  list: ListAnswer,
  get: (path: string) => Promise<BoundedAnswer | undefined>,
): Promise<Pick<FoundList, 'member'>> {
  const [first] = list.records;
  const idField = first === undefined ? undefined : idFieldOf(first, path.slice(1));
  const id = idField === undefined ? undefined : first![idField];
  if (idField === undefined || (typeof id !== 'string' && typeof id !== 'number')) return {};
  const answer = await get(`${path}/${encodeURIComponent(String(id))}`);
  if (answer?.kind !== 'answered') return {};
  const body = parseJson(answer.text);
  const isRecord = typeof body === 'object' && body !== null && !Array.isArray(body);
  return { member: { idField, status: answer.status, isRecord } };
}

/** The field of `record` most likely its id: "id", "_id", "uuid", "<singular>Id" or "<singular>_id". */
function idFieldOf(record: Readonly<Record<string, unknown>>, name: string): string | undefined {
  const singular = singularOf(name);
  const names = ['id', '_id', 'uuid', `${singular}Id`, `${singular}_id`, 'key'];
  return names.find((field) => typeof record[field] === 'string' || typeof record[field] === 'number');
}

const isSuccess = (status: number): boolean => status >= 200 && status < 300;
