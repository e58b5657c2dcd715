import type { TargetResponse } from '../../harness/check-api/check-context.js';
import { defineCheck } from '../define-check.js';
import { createRecord } from '../internal/fixtures/create-record.js';
import { isJsonContentType } from './internal/json-content-type.js';
import { leaveOutRelated } from './internal/related-left-out.js';
import { firstVerdictInOrder } from '../internal/map-in-parallel.js';

// Convention 1: request and response bodies are JSON.
export const responsesAreJson = defineCheck({
  id: 'resources.responses-are-json',
  suite: 'resources',
  conformanceClass: 'resources-core',
  rule: '1',
  level: 'normative',
  title: 'Responses with a body are JSON and say application/json',
  proves: 'Create, read and list responses carry a parseable JSON body with Content-Type application/json.',
  covers:
    "Every configured collection: its create, member read and list answers. Related lists' answers are judged by resources.list-answers-with-page.",
  probes: ['a body that does not parse as JSON', 'a JSON body labelled other than application/json'],
  provenBy: ['json-as-text-plain'],
  async run(ctx) {
    leaveOutRelated(ctx, 'their list answers are judged by resources.list-answers-with-page');
    // Side by side: each collection is judged on its own records; the first verdict in order is the check's.
    const verdict = await firstVerdictInOrder(
      ctx.config.collections,
      ctx.config.target.concurrency,
      async (collection) => {
        ctx.cover(`POST, GET ${collection.path}`);
        const created = await createRecord(ctx, collection);
        if (!created.ok) return created.outcome;
        const read = await ctx.request({ path: created.memberPath, note: 'read as JSON' });
        const list = await ctx.request({ path: collection.path, note: 'list as JSON' });
        for (const response of [created.response, read, list]) {
          const problem = jsonProblem(response);
          if (problem !== undefined) {
            return ctx.fail(`${response.record.request.method} ${pathOf(response)}: ${problem}`, {
              expected: 'Content-Type: application/json and a JSON body',
              actual: `Content-Type: ${response.headers['content-type'] ?? '(none)'}${response.jsonError ? `; ${response.jsonError}` : ''}`,
              exchanges: [response.record],
            });
          }
        }
        return undefined;
      },
    );
    return verdict ?? ctx.pass();
  },
});

function jsonProblem(response: TargetResponse): string | undefined {
  if (response.body.length === 0) return undefined;
  if (!isJsonContentType(response.headers['content-type'])) {
    return `the body is sent as "${response.headers['content-type'] ?? 'no Content-Type'}", expected application/json`;
  }
  if (response.json === undefined) return `the body is not valid JSON (${response.jsonError ?? 'unparseable'})`;
  return undefined;
}

function pathOf(response: TargetResponse): string {
  try {
    const url = new URL(response.record.request.url);
    return `${url.pathname}${url.search}`;
  } catch {
    return response.record.request.url;
  }
}
