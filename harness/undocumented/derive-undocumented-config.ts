// A starting config from what an API without a description answered (read-undocumented-api.ts):
// the collections it showed, each with the id field and a sample guessed from its first record,
// the credential as the answers suggest, and a line for each thing a user must fill or check. Pure.
import type { Derivation, DerivedLine } from '../openapi/derive-config.js';
import type { Exploration, FoundList } from './read-undocumented-api.js';
import { commonCollectionNames, controlPath } from './read-undocumented-api.js';

// Fields a server sets itself: left out of a sample guessed from a record.
const serverSetField =
  /^(id|_id|uuid|created_?at|updated_?at|deleted_?at|modified_?at|_links|links|href|url|self|etag|version)$/i;

export function deriveUndocumentedConfig(exploration: Exploration): Derivation {
  const lines: DerivedLine[] = [];
  const derived = (pointer: string, text: string): void => void lines.push({ kind: 'derived', pointer, text });
  const missing = (pointer: string, text: string): void => void lines.push({ kind: 'missing', pointer, text });
  const { baseUrl, lists } = exploration;
  derived('/target/baseUrl', `${baseUrl} (from --base-url; no API description was found under it)`);
  const target = { baseUrl, auth: authOf(exploration, derived, missing) };

  if (exploration.answersEveryPath)
    missing(
      '/collections',
      `GET ${controlPath}, a path no API has, answered a list too, so no answer can show which collections exist; add collections by hand (docs/config.md)`,
    );
  else if (lists.length === 0)
    missing(
      '/collections',
      `no list was found: GET / linked to none that answered one, and none of ${commonCollectionNames.length} common names (${commonCollectionNames.slice(0, 4).join(', ')}, …) answered 2xx with a JSON list; add collections by hand (docs/config.md), or pass --openapi with the API's document`,
    );
  const collections = lists.map((list, index) => collectionOf(list, `/collections/${index}`, derived, missing));
  // Not derived: a path the read could not look into may be a collection the user has to add.
  for (const { path, why } of exploration.notRead)
    missing('/collections', `GET ${path} was not read (${why}); if it is a collection, add it by hand`);
  if (exploration.stopped !== undefined)
    missing(
      '/collections',
      `the read stopped early, ${exploration.stopped}: collections it did not reach may be missing`,
    );
  missing(
    '/webhooks',
    'an API without a description shows no webhooks: set webhooks.sender.register or webhooks.receiver.url by hand to certify them (docs/config.md)',
  );
  return { config: { target, collections }, lines };
}

function authOf(
  exploration: Exploration,
  derived: (pointer: string, text: string) => void,
  missing: (pointer: string, text: string) => void,
): Record<string, unknown> {
  const bearer = { header: 'Authorization', scheme: 'Bearer', tokenEnv: 'APICERT_TOKEN' };
  const [refused] = exploration.refused;
  const [list] = exploration.lists;
  if (exploration.sentToken && list !== undefined) {
    // Answered with the token, which shows it is accepted, not that it is needed or read: said as a guess.
    missing(
      '/target/auth',
      `Authorization: Bearer $APICERT_TOKEN was sent and GET ${list.path} answered a list with it; check that this is the header the API reads (set target.auth.none if it reads none)`,
    );
    return bearer;
  }
  if (refused !== undefined && list === undefined) {
    missing(
      '/target/auth',
      exploration.sentToken
        ? `GET ${refused.path} answered ${refused.status} to "Authorization: Bearer $APICERT_TOKEN": set target.auth to the header the API reads, then run init again`
        : `GET ${refused.path} answered ${refused.status}: the API wants a credential; set APICERT_TOKEN (sent as Authorization: Bearer) and run init again, or set target.auth`,
    );
    return bearer;
  }
  if (list !== undefined) {
    missing(
      '/target/auth/none',
      `true: GET ${list.path} answered a list without a credential${refused === undefined ? '' : ` (though GET ${refused.path} answered ${refused.status})`}; if writes need one, set target.auth and APICERT_TOKEN`,
    );
    return { none: true };
  }
  missing(
    '/target/auth',
    'nothing answered showed how the API takes a credential: apicert sends "Authorization: Bearer $APICERT_TOKEN"; set target.auth if it expects another header, or {"none": true}',
  );
  return bearer;
}

function collectionOf(
  list: FoundList,
  pointer: string,
  derived: (pointer: string, text: string) => void,
  missing: (pointer: string, text: string) => void,
): Record<string, unknown> {
  const name = list.path.slice(1);
  const { answer, member } = list;
  const shape =
    answer.shape === 'page'
      ? "the convention's page {items, next_cursor, has_more}"
      : answer.shape === 'array'
        ? 'a bare JSON array'
        : `a list under "${answer.key}"`;
  derived(
    pointer,
    `collection "${name}" at ${list.path}: GET answered ${shape} (${answer.records.length === 1 ? '1 record' : `${answer.records.length} records`} read)`,
  );
  if (answer.shape !== 'page')
    missing(
      `${pointer}/pagination`,
      `GET ${list.path} answers ${shape}, not the convention's page {items, next_cursor, has_more}: the pagination checks will fail on it until it does`,
    );
  const collection: Record<string, unknown> = { name, path: list.path };
  if (member === undefined) {
    missing(
      `${pointer}/idField`,
      answer.records.length === 0
        ? `GET ${list.path} held no record, so its id field did not show: leave "id" or set idField`
        : `the first record of ${list.path} has no "id", "_id", "uuid" or "<name>Id" field: set idField`,
    );
  } else {
    if (member.idField !== 'id') collection['idField'] = member.idField;
    const read = member.status >= 200 && member.status < 300 && member.isRecord;
    (read ? derived : missing)(
      `${pointer}/idField`,
      `"${member.idField}": GET ${list.path}/{${member.idField}} of the first record answered ${member.status}${read ? ' with a record' : ', not a record; set idField to the field its member path takes'}`,
    );
  }
  const [first] = answer.records;
  const sample =
    first === undefined
      ? {}
      : Object.fromEntries(
          Object.entries(first).filter(
            ([field, value]) => field !== member?.idField && !serverSetField.test(field) && value !== undefined,
          ),
        );
  collection['sample'] = sample;
  missing(
    `${pointer}/sample`,
    first === undefined
      ? `GET ${list.path} held no record to learn from: write a body that creates one`
      : `the first record's fields without its id and the fields a server sets (a guess): check that POST ${list.path} creates a record with it, and add {unique} to fields that must be unique`,
  );
  return collection;
}
