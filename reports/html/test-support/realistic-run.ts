// Test support: a fixed, realistic run (the resources suite against a server that merges on PUT and
// answers errors in plain text), so the README screenshot is the same on every render.
import type { ExchangeRecord } from '../../../harness/model/evidence.js';
import type { CheckResult, RunResult } from '../../../harness/model/run-result.js';
import { buildBody, buildCheck, buildRun } from '../../../harness/model/test-support/sample-run.js';

const baseUrl = 'http://127.0.0.1:4010';
const startedAt = '2025-06-03T09:41:12.204Z';
const record = (name: string, email: string, updatedAt: string): string =>
  `{"id":"cus_1d162ba44ec8f95e","name":"${name}","email":"${email}","tier":"pro","createdAt":"2025-06-03T09:41:12.611Z","updatedAt":"${updatedAt}"}`;

function exchange(
  method: string,
  path: string,
  note: string,
  requestBody: string | undefined,
  status: number,
  responseBody: string,
  contentType = 'application/json; charset=utf-8',
): ExchangeRecord {
  const url = `${baseUrl}${path}`;
  const sendsJson = requestBody !== undefined;
  const data = sendsJson ? ` -H 'content-type: application/json' --data-raw '${requestBody}'` : '';
  return {
    direction: 'outbound',
    request: {
      method,
      url,
      headers: {
        accept: 'application/json',
        ...(sendsJson ? { 'content-type': 'application/json' } : {}),
        authorization: 'Bearer [REDACTED]',
      },
      ...(requestBody !== undefined ? { body: buildBody(requestBody) } : {}),
    },
    response: {
      status,
      headers: {
        'content-type': contentType,
        'content-length': String(Buffer.byteLength(responseBody)),
        connection: 'keep-alive',
      },
      body: buildBody(responseBody),
    },
    startedAt,
    durationMs: 4,
    curl: `curl -sS -g${method === 'GET' ? '' : ` -X ${method}`} ${url} -H 'accept: application/json'${data} -H "Authorization: Bearer $APICERT_TOKEN"`,
    note,
  };
}

const createBody = '{"name":"Ada lnc0dwqbx5","email":"ada.lnc0dwqbx5@example.com","tier":"pro"}';
const replaceBody = '{"name":"Ada Replaced 9pdpdwqc26","email":"ada.r.9pdpdwqc26@example.com"}';
const replaced = record('Ada Replaced 9pdpdwqc26', 'ada.r.9pdpdwqc26@example.com', '2025-06-03T09:41:12.624Z');

const passing: ReadonlyArray<[string, string, string, string]> = [
  ['resources.plural-collection-names', 'resources-core', 'Collection paths use plural nouns', '2/1'],
  [
    'resources.list-answers-with-page',
    'resources-core',
    'Every configured collection lists as a JSON page {items, next_cursor, has_more}',
    '4.1, 2',
  ],
  [
    'resources.create-then-read',
    'resources-core',
    'A created record is returned and readable at /{collection}/{id}',
    '2/2, 4.1',
  ],
  ['resources.read-unknown-id', 'resources-core', 'GET of an unknown id answers 404', '4.1, 7/1'],
  ['resources.patch-changes-given-fields', 'resources-core', 'PATCH changes only the given fields', '4.1'],
  [
    'resources.delete-removes-record',
    'resources-core',
    'DELETE removes the record: then GET is 404 and the list no longer has it',
    '4.1',
  ],
  ['resources.id-is-stable', 'resources-core', 'The id in the URL and the body agree and cannot be changed', '2/2'],
  [
    'resources.related-collection-isolated',
    'resources-core',
    "A nested collection lists its parent's children and no other parent's",
    '2/3, 4.1',
  ],
  ['resources.responses-are-json', 'resources-core', 'Responses with a body are JSON and say application/json', '1'],
  [
    'resources.malformed-json-rejected',
    'resources-core',
    'A malformed JSON request body gets a 4xx, never a 5xx',
    '1, 7/1',
  ],
  [
    'resources.auth-required',
    'resources-auth',
    'Every resource operation without a valid credential is refused and changes nothing',
    '5/1, 5/2',
  ],
  [
    'resources.stateless-requests',
    'resources-auth',
    'Each request stands alone: no cookie or session is needed',
    '1, 5/1',
  ],
];

/** Two failures in resources-core (with their evidence), resources-auth passing. */
export function realisticRun(): RunResult {
  const checks: CheckResult[] = passing.map(([id, klass, title, rule], index) =>
    buildCheck({
      id,
      suite: 'resources',
      class: klass,
      title,
      rule,
      durationMs: 8 + index * 7,
      seed: 1_808_363_032 + index,
    }),
  );
  checks.splice(
    4,
    0,
    buildCheck({
      id: 'resources.put-replaces-record',
      suite: 'resources',
      class: 'resources-core',
      title: 'PUT replaces the whole record',
      rule: '4.1',
      status: 'failed',
      durationMs: 26,
      seed: 412_775_901,
      message: 'PUT merged instead of replacing: "tier" left out of the body kept its old value in the PUT response',
      expected: 'tier rejected, removed or reset to a default',
      actual: 'tier="pro"',
      evidence: [
        exchange(
          'POST',
          '/customers',
          'create a customers record',
          createBody,
          201,
          record('Ada lnc0dwqbx5', 'ada.lnc0dwqbx5@example.com', '2025-06-03T09:41:12.611Z'),
        ),
        exchange('PUT', '/customers/cus_1d162ba44ec8f95e', 'replace the record', replaceBody, 200, replaced),
        exchange('GET', '/customers/cus_1d162ba44ec8f95e', 'read the replaced record', undefined, 200, replaced),
      ],
    }),
  );
  checks.push(
    buildCheck({
      id: 'resources.error-responses-are-json',
      suite: 'resources',
      class: 'resources-core',
      title: 'Error responses with a body are JSON (with the pinned field, if any)',
      rule: '1, 7/3',
      status: 'failed',
      durationMs: 8,
      seed: 96_113_470,
      message: 'GET answered 404 with a body that is not JSON',
      expected: 'a JSON error body',
      actual: 'Content-Type: text/plain; charset=utf-8; no customer with id "apicert-missing-7qtvwe"',
      evidence: [
        exchange(
          'GET',
          '/customers/apicert-missing-7qtvwe',
          'read an id that does not exist',
          undefined,
          404,
          'no customer with id "apicert-missing-7qtvwe"',
          'text/plain; charset=utf-8',
        ),
      ],
    }),
  );
  return buildRun(checks, {
    target: { baseUrl },
    startedAt,
    durationMs: 812,
    seed: 7,
    options: { configPath: 'apicert.config.json', requirement: { strict: false, also: [] }, pace: {} },
    replayCommand: `npx apicert run --base-url ${baseUrl} --config apicert.config.json --seed 7`,
  });
}
