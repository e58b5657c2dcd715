import type { CheckContext, TargetResponse } from '../../harness/check-api/check-context.js';
import { defineCheck } from '../define-check.js';
import { nestedPath } from '../internal/fixtures/create-child.js';
import { createRecord } from '../internal/fixtures/create-record.js';
import { surfaceInventory, type ListTarget } from '../internal/surface-inventory.js';
import { isJsonContentType } from './internal/json-content-type.js';

// A message names this many lists at most; the evidence holds every one.
const maxProblemsNamed = 5;

// Convention 4.1 and section 2: GET /{collection} answers a list response {items, next_cursor, has_more}.
export const listAnswersWithPage = defineCheck({
  id: 'resources.list-answers-with-page',
  suite: 'resources',
  conformanceClass: 'resources-core',
  rule: '4.1, 2',
  level: 'normative',
  leavesOpen: 'A total count (4.2/6: optional) and other extra fields: accepted.',
  title: 'Every configured list answers a JSON page {items, next_cursor, has_more}',
  proves:
    'GET on each collection and each related list (under a parent the kit creates) answers 200 with application/json and the list response shape; a failure names every list that does not.',
  covers: 'Every configured list: each collection and each related list.',
  probes: [
    'a status other than 200',
    'a Content-Type other than application/json',
    'a body without items (array) and has_more (boolean), such as a bare array',
  ],
  provenBy: ['json-as-text-plain', 'list-not-a-page', 'nested-list-not-a-page'],
  async run(ctx) {
    // Every list is read, so one root cause (no page envelope, a wrong label) is named with every list it affects.
    const problems: {
      readonly message: string;
      readonly expected: string;
      readonly actual: string;
      readonly record: TargetResponse['record'];
    }[] = [];
    const notPages: string[] = [];
    const { lists } = surfaceInventory(ctx.config);
    for (const list of lists) {
      const path = await concretePath(ctx, list);
      if (path === undefined) continue;
      ctx.cover(`GET ${list.label}`);
      const collection = { path, name: list.related?.name ?? list.collection.name };
      const response = await ctx.request({ path: collection.path, note: `list ${collection.name}` });
      const contentType = response.headers['content-type'] ?? '';
      const page = response.json as { items?: unknown; has_more?: unknown } | undefined;
      if (response.status !== 200) {
        problems.push({
          message: `GET ${collection.path} answered ${response.status}, expected 200`,
          expected: '200 with a list response',
          actual: `${response.status}`,
          record: response.record,
        });
      } else if (!isJsonContentType(contentType)) {
        problems.push({
          message: `GET ${collection.path} says Content-Type "${contentType}", expected application/json`,
          expected: 'Content-Type: application/json',
          actual: `Content-Type: ${contentType || '(none)'}`,
          record: response.record,
        });
      } else if (!page || !Array.isArray(page.items) || typeof page.has_more !== 'boolean') {
        notPages.push(list.label);
        problems.push({
          message: `GET ${collection.path} did not answer {items: array, has_more: boolean}`,
          expected: '{"items": [...], "next_cursor": ..., "has_more": true|false}',
          actual: response.jsonError ?? describeShape(response.json),
          record: response.record,
        });
      }
    }
    const [first] = problems;
    if (first === undefined) return ctx.pass();
    const shown = problems.slice(0, maxProblemsNamed).map((problem) => problem.message);
    const more = problems.length > maxProblemsNamed ? `; and ${problems.length - maxProblemsNamed} more` : '';
    return ctx.fail(`${shown.join('; ')}${more}`, {
      expected: first.expected,
      actual: problems.length === 1 ? first.actual : `${first.actual} (${problems.length} of ${lists.length} lists)`,
      exchanges: problems.map((problem) => problem.record),
      // The pagination checks fail on the same lists: the reports name the cause once.
      ...(notPages.length > 0 ? { cause: { key: 'list-not-a-page' as const, subjects: notPages } } : {}),
    });
  },
});

// A related list is read under a parent the kit creates; one it cannot create is left out, not failed
// here (resources.create-then-read judges creates).
async function concretePath(ctx: CheckContext, list: ListTarget): Promise<string | undefined> {
  if (list.related === undefined) return list.collection.path;
  const parent = await createRecord(ctx, list.collection);
  if (parent.ok) return nestedPath(list.related, parent.id);
  ctx.leaveOut(`GET ${list.label}`, `its parent could not be created (POST ${list.collection.path})`);
  return undefined;
}

// What came back instead of a page, in a few words: a bare array is common, and its keys say nothing.
function describeShape(json: unknown): string {
  if (Array.isArray(json))
    return `a bare JSON array of ${json.length} item${json.length === 1 ? '' : 's'}, without the page envelope`;
  if (json === null || typeof json !== 'object') return `a JSON ${json === null ? 'null' : typeof json}`;
  const keys = Object.keys(json);
  return (
    `an object with keys ${keys.slice(0, 10).join(', ')}${keys.length > 10 ? ', …' : ''}` +
    (keys.length === 0 ? '(none)' : '')
  );
}
