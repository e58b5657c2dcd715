import type { TargetResponse } from '../../harness/check-api/check-context.js';
import { defineCheck } from '../define-check.js';
import { readJsonPointer } from '../internal/fixtures/json-pointer.js';
import { isJsonContentType } from './internal/json-content-type.js';

// Convention 1 and 7/3: bodies are JSON, errors included; the error body's shape is "not shown",
// so only JSON-ness is required unless resources.errorBodyPointer pins a field.
export const errorResponsesAreJson = defineCheck({
  id: 'resources.error-responses-are-json',
  suite: 'resources',
  conformanceClass: 'resources-core',
  rule: '1, 7/3',
  level: 'normative',
  leavesOpen: 'The error body shape and codes (7/3: not shown): any JSON; pin resources.errorBodyPointer to require a field.',
  title: 'Error responses with a body are JSON (with the pinned field, if any)',
  proves: 'A 404, a 400 for malformed JSON and a 401 carry JSON bodies, holding resources.errorBodyPointer when it is set.',
  provenBy: ['error-body-not-json'],
  async run(ctx) {
    const collection = ctx.config.collections[0];
    if (collection === undefined) return ctx.skip('no collections are configured');
    const provoked = [
      await ctx.request({ path: `${collection.path}/apicert-missing-${Math.floor(ctx.random() * 1e9).toString(36)}`, note: 'provoke a 404' }),
      await ctx.request({
        method: 'POST',
        path: collection.path,
        body: '{"broken": ',
        headers: { 'content-type': 'application/json' },
        note: 'provoke a 400 with malformed JSON',
      }),
      await ctx.request({ path: collection.path, credential: 'none', note: 'provoke a 401 without a credential' }),
    ];
    const pointer = ctx.config.resources.errorBodyPointer;
    for (const response of provoked) {
      if (response.status < 400 || response.status > 499) continue; // other checks judge the status itself
      const problem = errorBodyProblem(response, pointer);
      if (problem !== undefined) {
        return ctx.fail(`${response.record.request.method} answered ${response.status} with ${problem}`, {
          expected: pointer === undefined ? 'a JSON error body' : `a JSON error body with a value at ${pointer}`,
          actual: `Content-Type: ${response.headers['content-type'] ?? '(none)'}; ${response.text.slice(0, 80)}`,
          exchanges: [response.record],
        });
      }
    }
    return ctx.pass();
  },
});

function errorBodyProblem(response: TargetResponse, pointer: string | undefined): string | undefined {
  if (response.body.length === 0) return pointer === undefined ? undefined : 'an empty body';
  if (!isJsonContentType(response.headers['content-type']) || response.json === undefined) return 'a body that is not JSON';
  if (pointer !== undefined && readJsonPointer(response.json, pointer) === undefined) return `a JSON body without ${pointer}`;
  return undefined;
}

