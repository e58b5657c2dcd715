import type { CheckContext, TargetResponse } from '../../harness/check-api/check-context.js';
import { defineCheck } from '../define-check.js';
import { readJsonPointer } from '../internal/fixtures/json-pointer.js';
import { describeAnswer } from './internal/describe-answer.js';
import { isJsonContentType } from './internal/json-content-type.js';

// Convention 1 and 7/3: bodies are JSON, errors included; the error body's shape is "not shown",
// so only JSON-ness is required unless resources.errorBodyPointer pins a field.
export const errorResponsesAreJson = defineCheck({
  id: 'resources.error-responses-are-json',
  suite: 'resources',
  conformanceClass: 'resources-core',
  rule: '1, 7/3',
  level: 'normative',
  leavesOpen:
    'The error body shape and codes (7/3: not shown): any JSON; pin resources.errorBodyPointer to require a field.',
  title: 'Error responses with a body are JSON (with the pinned field, if any)',
  proves:
    'On every collection, a 404, a 400 for malformed JSON and a 401 carry JSON bodies (or none), holding resources.errorBodyPointer when it is set.',
  covers:
    'Every configured collection: an unknown member, a malformed create and a request without the credential (related lists are left out, and the result says so). Coverage lists each answer: a 4xx whose body was judged as covered, anything else (a 5xx, a success, no credential to leave out) as left out with the answer and why.',
  probes: [
    'an error body that is not JSON',
    'an error labelled other than application/json',
    'an error body without the pinned field (resources.errorBodyPointer)',
  ],
  provenBy: ['error-body-not-json', 'products-errors-plain-text'],
  async run(ctx) {
    if (ctx.config.collections.length === 0) return ctx.skip('no collections are configured');
    for (const collection of ctx.config.collections) {
      for (const related of collection.related)
        ctx.leaveOut(`errors of ${related.path}`, 'the kit provokes errors on collections only');
    }
    const pointer = ctx.config.resources.errorBodyPointer;
    let judged = 0;
    for (const collection of ctx.config.collections) {
      for (const { provoked, response } of await provokeErrors(ctx, collection.path)) {
        // Coverage says what each attempt got (issue 35, row 9): a pass seen on 404s alone must not
        // read as one that saw the malformed-body and credential errors too.
        const item = `${provoked.label} (${provoked.what})`;
        if (response === undefined) {
          ctx.leaveOut(item, provoked.why ?? 'not sent');
          continue;
        }
        const answered = describeAnswer(response);
        if (response.status < 400 || response.status > 499) {
          ctx.leaveOut(
            item,
            `hoped for a 4xx, answered ${answered}: no client error to judge the body of (${provoked.statusJudgedBy} judges the status)`,
          );
          continue;
        }
        judged += 1;
        ctx.cover(`${item}: answered ${answered}`);
        const problem = errorBodyProblem(response, pointer);
        if (problem !== undefined) {
          return ctx.fail(
            `${response.record.request.method} ${collection.path} answered ${response.status} with ${problem}`,
            {
              expected: pointer === undefined ? 'a JSON error body' : `a JSON error body with a value at ${pointer}`,
              actual: `Content-Type: ${response.headers['content-type'] ?? '(none)'}; ${response.text.slice(0, 80)}`,
              exchanges: [response.record],
            },
          );
        }
      }
    }
    // Passing on no error at all would judge nothing: the statuses themselves are other checks' to fail.
    if (judged === 0)
      return ctx.incomplete(
        'no request provoked a 4xx (an unknown id, malformed JSON, no credential), so no error body was seen',
      );
    return ctx.pass();
  },
});

/** One error the check tries to provoke: what it is, and which check judges the status it gets. */
interface Provoked {
  /** "POST /customers". */
  readonly label: string;
  readonly what: string;
  readonly statusJudgedBy: string;
  /** Set when it was not sent: why. */
  readonly why?: string;
}

/** An unknown member, a malformed create and (unless the API takes none) a request without the credential. */
async function provokeErrors(
  ctx: CheckContext,
  path: string,
): Promise<{ provoked: Provoked; response?: TargetResponse }[]> {
  const noCredential: Provoked = {
    label: `GET ${path}`,
    what: 'no credential',
    statusJudgedBy: 'resources.auth-required',
  };
  return [
    {
      provoked: { label: `GET ${path}/{id}`, what: 'an unknown id', statusJudgedBy: 'resources.read-unknown-id' },
      response: await ctx.request({
        path: `${path}/apicert-missing-${Math.floor(ctx.random() * 1e9).toString(36)}`,
        note: 'provoke a 404',
      }),
    },
    {
      provoked: {
        label: `POST ${path}`,
        what: 'a malformed JSON body',
        statusJudgedBy: 'resources.malformed-json-rejected',
      },
      response: await ctx.request({
        method: 'POST',
        path,
        body: '{"broken": ',
        headers: { 'content-type': 'application/json' },
        note: 'provoke a 400 with malformed JSON',
      }),
    },
    ctx.config.target.auth.none
      ? { provoked: { ...noCredential, why: 'target.auth.none: true: no credential to leave out' } }
      : {
          provoked: noCredential,
          response: await ctx.request({ path, credential: 'none', note: 'provoke a 401 without a credential' }),
        },
  ];
}

function errorBodyProblem(response: TargetResponse, pointer: string | undefined): string | undefined {
  if (response.body.length === 0) return pointer === undefined ? undefined : 'an empty body';
  if (!isJsonContentType(response.headers['content-type']) || response.json === undefined)
    return 'a body that is not JSON';
  if (pointer !== undefined && readJsonPointer(response.json, pointer) === undefined)
    return `a JSON body without ${pointer}`;
  return undefined;
}
