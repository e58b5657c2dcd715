// What `apicert init --probe-writes` writes to the target, and takes back: records of the first
// collection made from the derived sample body (so a sample the target refuses shows before the
// first run), as many more as the list needs to show its page sizes, and the records a sample
// refers to ({fixture:NAME}). Every record made is deleted afterwards, newest first; what cannot be
// deleted is named. Each request is bounded in time and size; answers are quoted bounded.
import { parseExactJson } from '../model/exact-json.js';
import { randomBytes } from 'node:crypto';
import { fillPlaceholders, listFixtureNames } from '../model/fill-placeholders.js';
import { boundedRequest, type BoundedAnswer } from './bounded-request.js';

/** A collection as the derived config has it. */
export interface WritableCollection {
  readonly name: string;
  readonly path: string;
  readonly idField?: string;
  readonly sample?: unknown;
}

export type MadeRecord =
  { readonly ok: true; readonly memberPath: string } | { readonly ok: false; readonly why: string };

export interface ProbeWriter {
  /** Creates one record of `collection` from its sample, with the records it refers to made first. */
  create(collection: WritableCollection): Promise<MadeRecord>;
  /** Creates `count` records of `collection`, a few at a time; stops at the first refusal. */
  createMany(collection: WritableCollection, count: number): Promise<{ readonly made: number; readonly why?: string }>;
  /** Deletes every record made, newest first; one line per record that could not be deleted. */
  deleteAll(): Promise<string[]>;
  /** Records made and not yet deleted. */
  readonly made: number;
}

const timeoutMs = 10_000;
const maxAnswerBytes = 1024 * 1024;
const atOnce = 8;
const quotedChars = 160;

export function createProbeWriter(
  baseUrl: string,
  headers: Readonly<Record<string, string>>,
  collections: readonly WritableCollection[],
  secrets: readonly string[],
): ProbeWriter {
  const made: string[] = [];
  const fixtures = new Map<string, Promise<string | number | MadeRecord>>();
  // The target's own words, as a line may quote them: bounded, one line, no secret echoed back.
  const quote = (text: string): string => {
    let quoted = text.replace(/\s+/g, ' ').trim().slice(0, quotedChars);
    for (const secret of secrets) if (secret !== '') quoted = quoted.split(secret).join('[redacted]');
    return quoted;
  };
  const describe = (method: string, path: string, answer: BoundedAnswer): string =>
    answer.kind === 'failed'
      ? `${method} ${path} got no answer (${quote(answer.reason)})`
      : `${method} ${path} answered ${answer.status}${answer.kind === 'answered' && answer.text !== '' ? `: ${quote(answer.text)}` : ''}`;

  // The id of a record of collection `name`, made once however many bodies refer to it.
  const fixtureId = (name: string, depth: number): Promise<string | number | MadeRecord> => {
    let pending = fixtures.get(name);
    if (pending === undefined) {
      const collection = collections.find((candidate) => candidate.name === name);
      pending =
        collection === undefined || depth > 3
          ? Promise.resolve({ ok: false, why: `{fixture:${name}} names no collection the config has` })
          : createWithId(collection, depth + 1).then((result) => ('id' in result ? result.id : result));
      fixtures.set(name, pending);
    }
    return pending;
  };

  const createWithId = async (
    collection: WritableCollection,
    depth: number,
  ): Promise<{ readonly id: string | number } | MadeRecord> => {
    const filled: Record<string, string | number> = {};
    for (const name of listFixtureNames(collection.sample)) {
      const id = await fixtureId(name, depth);
      if (typeof id === 'object')
        return { ok: false, why: `the record {fixture:${name}} needs could not be made: ${id.ok ? 'no id' : id.why}` };
      filled[name] = id;
    }
    const body = fillPlaceholders(collection.sample ?? {}, {
      unique: `init${randomBytes(5).toString('hex')}`,
      fixtures: filled,
    });
    const answer = await boundedRequest(
      `${baseUrl}${collection.path}`,
      { method: 'POST', headers, json: body },
      timeoutMs,
      maxAnswerBytes,
    );
    if (answer.kind !== 'answered' || answer.status < 200 || answer.status >= 300)
      return { ok: false, why: describe('POST', collection.path, answer) };
    const idField = collection.idField ?? 'id';
    const id = idOf(answer.text, idField);
    if (id === undefined)
      return {
        ok: false,
        why: `POST ${collection.path} answered ${answer.status} without an "${idField}" in the record, so init cannot delete it: delete it by hand, and set idField`,
      };
    made.push(`${collection.path.replace(/\/+$/, '')}/${encodeURIComponent(String(id))}`);
    return { id };
  };

  return {
    get made() {
      return made.length;
    },
    async create(collection) {
      const result = await createWithId(collection, 0);
      return 'id' in result ? { ok: true, memberPath: made.at(-1)! } : result;
    },
    async createMany(collection, count) {
      let done = 0;
      while (done < count) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(atOnce, count - done) }, () => createWithId(collection, 0)),
        );
        const refused = batch.find(
          (result): result is Extract<MadeRecord, { ok: false }> => 'ok' in result && !result.ok,
        );
        done += batch.filter((result) => 'id' in result).length;
        if (refused !== undefined) return { made: done, why: refused.why };
      }
      return { made: done };
    },
    async deleteAll() {
      const problems: string[] = [];
      while (made.length > 0) {
        const batch = made.splice(Math.max(0, made.length - atOnce)).reverse();
        const answers = await Promise.all(
          batch.map((path) =>
            boundedRequest(`${baseUrl}${path}`, { method: 'DELETE', headers }, timeoutMs, maxAnswerBytes),
          ),
        );
        for (const [index, answer] of answers.entries()) {
          const gone =
            answer.kind !== 'failed' && ((answer.status >= 200 && answer.status < 300) || answer.status === 404);
          if (!gone) problems.push(`${describe('DELETE', batch[index]!, answer)}; delete it by hand`);
        }
      }
      return problems;
    },
  };
}

function idOf(text: string, idField: string): string | number | undefined {
  try {
    const record = parseExactJson(text).json;
    if (typeof record !== 'object' || record === null) return undefined;
    const id = (record as Record<string, unknown>)[idField];
    return typeof id === 'string' || typeof id === 'number' ? id : undefined;
  } catch {
    return undefined;
  }
}
