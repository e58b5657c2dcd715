// RunResult builders shared by every reporter's tests (console, json, junit, and html later).
import type { ExchangeRecord, RecordedBody } from '../evidence.js';
import type { CheckResult, CheckStatus, ErroredCheck, FailedCheck, RunNote, RunResult } from '../run-result.js';
import { judgeClasses, judgeRun, summarizeChecks } from '../verdicts.js';

const startedAt = '2025-01-02T03:04:05.678Z';

/** A UTF-8 body as the recorder keeps it. */
export function buildBody(text: string, overrides: Partial<RecordedBody> = {}): RecordedBody {
  return { text, bytes: Buffer.byteLength(text), truncated: false, encoding: 'utf8', ...overrides };
}

/** An outbound GET with a 200 JSON answer; the credential already redacted, as the recorder does. */
export function buildExchange(overrides: Partial<ExchangeRecord> = {}): ExchangeRecord {
  return {
    direction: 'outbound',
    request: {
      method: 'GET',
      url: 'http://127.0.0.1:4010/customers?limit=2',
      headers: { accept: 'application/json', authorization: 'Bearer [REDACTED]' },
    },
    response: {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: buildBody('{"items":[{"id":"c1"},{"id":"c2"}],"next_cursor":"c2","has_more":true}'),
    },
    startedAt,
    durationMs: 3,
    curl: "curl -sS -X GET -H 'Authorization: Bearer $APICERT_TOKEN' 'http://127.0.0.1:4010/customers?limit=2'",
    note: 'first page',
    ...overrides,
  };
}

/** Overrides for buildCheck: any field of any variant; the status decides which are kept. */
export type CheckOverrides = Partial<Omit<FailedCheck, 'status'> & Omit<ErroredCheck, 'status'>> & {
  readonly status?: CheckStatus;
};

/**
 * A passed check in pagination-cursor; override any field. A variant's required field that is not
 * given gets a plain default (a failed check's message, an errored check's error), and fields that
 * do not belong to the status are dropped, so the result is always a valid CheckResult.
 */
export function buildCheck(overrides: CheckOverrides = {}): CheckResult {
  const {
    status = 'passed',
    message,
    error,
    blockedBy,
    cause,
    expected,
    actual,
    counterexample,
    replayPath,
    ...base
  } = overrides;
  const withCause = cause !== undefined ? { cause } : {};
  const common = {
    id: 'pagination.cursor-walk',
    suite: 'pagination' as const,
    class: 'pagination-cursor',
    title: 'Following next_cursor visits every item exactly once',
    rule: '4.2/3',
    level: 'normative' as const,
    durationMs: 12,
    evidence: [],
    seed: 1234,
    findings: [],
    ...base,
  };
  switch (status) {
    case 'passed':
      return { ...common, status };
    case 'skipped':
      return { ...common, status, message: message ?? 'not runnable here' };
    case 'errored': {
      const info = error ?? { code: 'APICERT_CHECK_CRASHED', message: 'the check crashed' };
      return {
        ...common,
        status,
        message: message ?? `${info.code}: ${info.message}`,
        error: info,
        ...(blockedBy !== undefined ? { blockedBy } : {}),
        ...withCause,
      };
    }
    case 'failed':
      return {
        ...common,
        status,
        message: message ?? 'the target broke the rule',
        ...(expected !== undefined ? { expected } : {}),
        ...(actual !== undefined ? { actual } : {}),
        ...(counterexample !== undefined ? { counterexample } : {}),
        ...(replayPath !== undefined ? { replayPath } : {}),
        ...withCause,
      };
  }
}

/** A run over the given checks, with summary, class verdicts and overall verdict judged as the runner does. */
export function buildRun(checks: readonly CheckResult[], overrides: Partial<RunResult> = {}): RunResult {
  const classes = judgeClasses(checks, { required: undefined });
  return {
    tool: { name: 'apicert', version: '0.1.0' },
    target: { baseUrl: 'http://127.0.0.1:4010' },
    startedAt,
    durationMs: 3456,
    seed: 42,
    notes: [],
    summary: summarizeChecks(checks),
    verdict: judgeRun(classes),
    classes,
    checks,
    options: { requirement: { strict: false, also: [] }, pace: {} },
    replayCommand: 'npx apicert run --base-url http://127.0.0.1:4010 --seed 42',
    ...overrides,
  };
}

/** Every check passed, across two suites and three classes. */
export function samplePassedRun(): RunResult {
  return buildRun([
    buildCheck({
      id: 'resources.plural-collection-path',
      suite: 'resources',
      class: 'resources-core',
      title: 'Collections are plural nouns',
      rule: '2/1',
    }),
    buildCheck({
      id: 'resources.member-by-id',
      suite: 'resources',
      class: 'resources-core',
      title: 'A member is addressed by id',
      rule: '2/2',
    }),
    buildCheck(),
    buildCheck({
      id: 'pagination.page-size-bounds',
      class: 'pagination-bounds',
      title: 'A huge limit is bounded',
      rule: '4.2/4',
    }),
  ]);
}

/** One failed check with expected/actual and four exchanges of evidence (more curl lines than the console prints). */
export function sampleFailingRun(): RunResult {
  const evidence = [1, 2, 3, 4].map((page) =>
    buildExchange({
      request: {
        method: 'GET',
        url: `http://127.0.0.1:4010/customers?limit=2&page=${page}`,
        headers: { authorization: 'Bearer [REDACTED]' },
      },
      curl: `curl -sS 'http://127.0.0.1:4010/customers?limit=2&page=${page}'`,
      note: `page ${page}`,
    }),
  );
  return buildRun([
    buildCheck({
      id: 'resources.member-by-id',
      suite: 'resources',
      class: 'resources-core',
      title: 'A member is addressed by id',
      rule: '2/2',
    }),
    buildCheck({
      status: 'failed',
      message: 'id c2 appeared on page 1 and page 2',
      expected: 'each id on exactly one page',
      actual: '1 repeated id: c2',
      evidence,
      findings: [{ level: 'warning', message: 'has_more was true on an empty page' }],
    }),
  ]);
}

/** Passed, failed, skipped and errored checks; one class skipped entirely; the run was interrupted. */
export function sampleMixedRun(): RunResult {
  return buildRun(
    [
      buildCheck({
        id: 'resources.member-by-id',
        suite: 'resources',
        class: 'resources-core',
        title: 'A member is addressed by id',
        rule: '2/2',
      }),
      buildCheck({
        id: 'pagination.offset-walk',
        class: 'pagination-offset',
        title: 'Offset pages do not overlap',
        status: 'failed',
        message: 'offset 2 returned the item at offset 1',
        evidence: [buildExchange()],
        findings: [{ level: 'info', message: 'default page size probed as 20' }],
      }),
      buildCheck({
        id: 'webhooks-sender.signature-over-raw-body',
        suite: 'webhooks-sender',
        class: 'webhooks-sender',
        title: 'X-Signature is an HMAC of the raw body',
        rule: '5/3',
        status: 'skipped',
        durationMs: 0,
        message: 'config has no webhooks.sender section',
      }),
      buildCheck({
        id: 'pagination.cursor-walk',
        status: 'errored',
        durationMs: 5000,
        error: { code: 'APICERT_CHECK_TIMEOUT', message: 'the check ran past its 5000 ms budget' },
        findings: [{ level: 'warning', message: 'the target answered slowly (4.8 s)' }],
      }),
    ],
    { interrupted: 'total run budget of 60 s exceeded; 3 checks not run' },
  );
}

/**
 * Strings a hostile or broken target can put into the model: markup, CDATA terminators, NUL and other
 * controls, ANSI and OSC escapes, quotes, U+2028, a lone surrogate, bidi overrides and a long line.
 */
export const hostileText =
  '<script>alert("x")</script> ]]> &amp; \'q\' "dq" \u0000 \u0007 \u001b[31mRED\u001b[0m ' +
  '\u001b]0;owned\u0007 \u009b2J \u2028 line\nbreak\r \ud800 \u202eevil \u{1F600} ' +
  'x'.repeat(600);

/** A failed and an errored check whose every target-derived string is hostile. */
export function sampleHostileRun(): RunResult {
  const hostileExchange = buildExchange({
    request: {
      method: 'POST',
      url: `http://127.0.0.1:4010/customers?q=${hostileText}`,
      headers: { 'x-echo': hostileText, authorization: 'Bearer [REDACTED]' },
      body: buildBody(hostileText),
    },
    response: {
      status: 500,
      headers: { 'x-server': hostileText },
      body: buildBody(hostileText, { truncated: true, bytes: 99_999 }),
    },
    curl: `curl -sS -X POST --data-raw '${hostileText}' 'http://127.0.0.1:4010/customers'`,
    note: hostileText,
  });
  return buildRun(
    [
      buildCheck({
        id: 'resources.create-returns-record',
        suite: 'resources',
        class: 'resources-core',
        title: 'POST returns the created record',
        rule: '4.1',
        status: 'failed',
        message: hostileText,
        expected: hostileText,
        actual: hostileText,
        evidence: [hostileExchange],
        counterexample: { body: hostileText },
        findings: [{ level: 'warning', message: hostileText }],
      }),
      buildCheck({
        status: 'errored',
        message: hostileText,
        error: { code: 'APICERT_CHECK_CRASHED', message: hostileText },
        evidence: [hostileExchange],
      }),
      buildCheck({
        id: 'pagination.page-size-bounds',
        class: 'pagination-bounds',
        title: 'A huge limit is bounded',
        status: 'skipped',
        message: hostileText,
      }),
    ],
    { target: { baseUrl: `http://127.0.0.1:4010/${hostileText}` } },
  );
}

/**
 * A run where every optional field of every model type is set. The `Required<...>` annotations make
 * this file stop compiling when the model gains a field, so the schema test cannot silently miss it.
 */
export function sampleFullRun(): RunResult {
  const exchange: Required<ExchangeRecord> = {
    direction: 'inbound',
    request: {
      method: 'POST',
      url: 'http://127.0.0.1:4999/sink',
      headers: { 'content-type': 'application/json', 'x-signature': 'sha256=ab12' },
      body: buildBody('{"event":"order.created","id":"ev1","data":{}}'),
    } satisfies Required<ExchangeRecord['request']>,
    response: { status: 200, headers: {}, body: buildBody('', { bytes: 0 }) } satisfies Required<
      NonNullable<ExchangeRecord['response']>
    >,
    error: { code: 'APICERT_HTTP_TIMEOUT', message: 'no answer within 2000 ms' },
    startedAt: '2025-01-02T03:04:06+01:00',
    durationMs: 2000.5,
    curl: "curl -sS -X POST -H 'content-type: application/json' --data-raw '{}' 'http://127.0.0.1:4999/sink'",
    note: 'delivery 2 of event ev1',
    delivery: { attempt: 2, eventId: 'ev1' } satisfies Required<NonNullable<ExchangeRecord['delivery']>>,
  };
  const check: Required<FailedCheck> = {
    id: 'webhooks-sender.redelivery-keeps-id',
    suite: 'webhooks-sender',
    class: 'webhooks-sender',
    title: 'A redelivery keeps the event id',
    rule: '6/1',
    level: 'normative',
    status: 'failed',
    durationMs: 2100,
    message: 'the redelivery carried id ev2, the first delivery ev1',
    expected: 'the same id on every delivery of one event',
    actual: 'ev1 then ev2',
    evidence: [exchange],
    seed: -7,
    counterexample: { deliveries: [1, 2], big: 12345678901234567890n, nested: { ok: null } },
    replayPath: '0:1:1',
    cause: { key: 'list-not-a-page', subjects: ['/customers', '/orders'] },
    findings: [
      { level: 'advisory', message: 'the retry came after 9 s' },
      { level: 'warning', message: 'the subscription could not be removed' },
      { level: 'info', message: '2 deliveries captured' },
    ],
    coverage: {
      requests: 7,
      covered: ['event order.created', 'retry after 503'],
      leftOut: [{ item: 'retry after a time-out', why: 'webhooks.sender.senderTimeoutMs is not set' }],
    },
    charts: [
      {
        kind: 'deliveries',
        events: [{ id: 'ev1', attempts: [{ atMs: 0, status: 503 }, { atMs: 52 }, { atMs: 160, status: 200 }] }],
        omittedEvents: 2,
      },
      {
        kind: 'acknowledgements',
        budgetMs: 10_000,
        deliveries: [
          { label: 'valid signature', ms: 12, status: 200 },
          { label: 'stale timestamp', ms: 10_001 },
        ],
        omitted: 0,
      },
      {
        kind: 'page-cost',
        list: '/customers',
        pageSize: 20,
        pages: [
          { depth: 0, ms: 4 },
          { depth: 180, ms: 5 },
        ],
        warnRatio: 3,
        adviceFromMs: 12,
      },
    ],
  };
  const errored: Required<ErroredCheck> = {
    id: 'webhooks-sender.retry-backoff',
    suite: 'webhooks-sender',
    class: 'webhooks-sender',
    title: 'Retries back off',
    rule: '6/3',
    level: 'advisory',
    status: 'errored',
    durationMs: 2000,
    message: 'APICERT_CHECK_BLOCKED: the sender made no retry, so there is no schedule to judge',
    error: { code: 'APICERT_CHECK_BLOCKED', message: 'the sender made no retry, so there is no schedule to judge' },
    blockedBy: 'webhooks-sender.redelivery-keeps-id',
    cause: { key: 'credential-refused', subjects: ['GET /customers'] },
    evidence: [exchange],
    seed: 8,
    findings: [],
    coverage: { requests: 0, covered: [], leftOut: [] },
    charts: [],
  };
  const note: Required<RunNote> = {
    level: 'warning',
    suite: 'pagination',
    message: 'clean-up: DELETE /customers/c9 answered 500; the record may remain on the target',
  };
  const run: Required<RunResult> = {
    ...buildRun([check, errored], { interrupted: 'total run budget exceeded' }),
    interrupted: 'total run budget exceeded',
    notes: [note],
    configDerivation: {
      source: 'https://api.example.com/openapi.json',
      specification: 'OpenAPI 3.1.0',
      keys: [
        {
          kind: 'derived',
          pointer: '/collections/0',
          text: 'collection "customers" at /customers (list and create /paths/~1customers)',
        },
        {
          kind: 'missing',
          pointer: '/webhooks/receiver',
          text: 'no operation takes an X-Signature header: set webhooks.receiver.url to certify one',
        },
      ],
      omitted: 3,
    },
    // Never both on one real report; here so every field meets the schema.
    shard: {
      index: 2,
      count: 3,
      key: '0123456789abcdef',
      plan: [
        {
          collections: ['customers', 'orders'],
          suites: ['resources', 'pagination', 'webhooks-sender', 'webhooks-receiver', 'openapi-contract'],
        },
        { collections: ['products'], suites: ['resources', 'pagination', 'openapi-contract'] },
        { collections: ['invoices'], suites: ['resources', 'pagination', 'openapi-contract'] },
      ],
      requirement: { required: ['pagination-cursor'], strict: true, also: ['openapi-contract'] },
    },
    merged: {
      count: 3,
      parts: [
        {
          index: 1,
          source: 'shard-1/report.json',
          seed: 42,
          startedAt: '2026-01-01T00:00:00.000Z',
          durationMs: 1500,
          verdict: 'passed',
          replayCommand: 'npx apicert run --shard 1/3 --seed 42',
        },
      ],
      missing: [3],
      duplicated: [2],
    },
  };
  return run;
}
