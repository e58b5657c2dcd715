import { defineCheck } from '../define-check.js';
import { isJsonContentType } from './internal/json-content-type.js';

// Convention 4.1 and section 2: GET /{collection} answers a list response {items, next_cursor, has_more}.
export const listAnswersWithPage = defineCheck({
  id: 'resources.list-answers-with-page',
  suite: 'resources',
  conformanceClass: 'resources-core',
  rule: '4.1, 2',
  title: 'Every configured collection lists as a JSON page {items, next_cursor, has_more}',
  proves: 'GET on each collection answers 200 with application/json and the list response shape.',
  provenBy: ['json-as-text-plain', 'list-not-a-page'],
  async run(ctx) {
    for (const collection of ctx.config.collections) {
      const response = await ctx.request({ path: collection.path, note: `list ${collection.name}` });
      const contentType = response.headers['content-type'] ?? '';
      if (response.status !== 200) {
        return ctx.fail(`GET ${collection.path} answered ${response.status}, expected 200`, {
          expected: '200 with a list response',
          actual: `${response.status}`,
          exchanges: [response.record],
        });
      }
      if (!isJsonContentType(contentType)) {
        return ctx.fail(`GET ${collection.path} says Content-Type "${contentType}", expected application/json`, {
          expected: 'Content-Type: application/json',
          actual: `Content-Type: ${contentType || '(none)'}`,
          exchanges: [response.record],
        });
      }
      const page = response.json as { items?: unknown; has_more?: unknown } | undefined;
      if (!page || !Array.isArray(page.items) || typeof page.has_more !== 'boolean') {
        return ctx.fail(`GET ${collection.path} did not answer {items: array, has_more: boolean}`, {
          expected: '{"items": [...], "next_cursor": ..., "has_more": true|false}',
          actual: response.jsonError ?? describeShape(response.json),
          exchanges: [response.record],
        });
      }
    }
    return ctx.pass();
  },
});

// What came back instead of a page, in a few words: a bare array is common, and its keys say nothing.
function describeShape(json: unknown): string {
  if (Array.isArray(json)) return `a bare JSON array of ${json.length} item${json.length === 1 ? '' : 's'}, without the page envelope`;
  if (json === null || typeof json !== 'object') return `a JSON ${json === null ? 'null' : typeof json}`;
  const keys = Object.keys(json);
  return `an object with keys ${keys.slice(0, 10).join(', ')}${keys.length > 10 ? ', …' : ''}` + (keys.length === 0 ? '(none)' : '');
}
