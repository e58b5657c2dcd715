// Ids the target chooses never steer the kit's requests elsewhere (issue 36, item 1). A proxy in
// front of the reference server gives every record it creates an id that no URL can carry as one
// path segment: "..", ".", their percent-encoded spellings, the empty string. Whatever the form, no
// request goes to the API root or to the collection as if it were a member, the check is left
// incomplete rather than failed, and the record left behind is named in a warning.
import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../harness/model/run-result.js';
import { runBehindProxy } from '../test-support/run-behind-proxy.js';

const checks = ['resources.create-then-read', 'resources.delete-removes-record', 'resources.put-replaces-record'];

async function runWithIds(id: string): Promise<{ run: RunResult; sent: string[] }> {
  const sent: string[] = [];
  const run = await runBehindProxy({
    checks,
    changes: {
      forwardPath: (method, path) => {
        sent.push(`${method} ${path.split('?')[0]!}`);
        return path;
      },
      answerBody: (method, path, status, body) => {
        if (method !== 'POST' || status !== 201 || !/^\/customers$/.test(path.split('?')[0]!)) return body;
        return Buffer.from(JSON.stringify({ ...(JSON.parse(body.toString('utf8')) as object), id }));
      },
    },
    config: (example) => ({
      ...example,
      collections: (example['collections'] as { name: string }[])
        .filter((collection) => collection.name === 'customers')
        .map((collection) => ({ ...collection, related: [] })),
      webhooks: {},
    }),
  });
  return { run, sent };
}

const warningsOf = (run: RunResult) =>
  run.checks.flatMap((check) => check.findings.filter((f) => f.level === 'warning').map((f) => f.message));

describe('ids that no URL can carry as one path segment', () => {
  it.each(['..', '.', ''])(
    'id %j: nothing is sent to it, the checks are incomplete, the record is named as left',
    async (id) => {
      const { run, sent } = await runWithIds(id);
      // The reachability probe of the base URL, once, and the collection itself (its list and its
      // creates): no write to the root, and never the collection addressed as if it were a member.
      expect(new Set(sent)).toEqual(new Set(['GET /', 'GET /customers', 'POST /customers']));
      expect(sent.filter((request) => request === 'GET /')).toHaveLength(1);
      for (const check of run.checks) expect(check.status, check.id).toBe('errored');
      expect(warningsOf(run)).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^POST /customers made a customers record whose "id" is ${JSON.stringify(id).replace(/\./g, '\\.')}, which no URL can carry as one path segment`,
          ),
        ),
      );
    },
  );

  it.each(['%2e%2e', '%2E', '.%2e'])(
    'id %j, a dot segment once decoded, is sent encoded as one segment',
    async (id) => {
      const { sent } = await runWithIds(id);
      const member = `/customers/${encodeURIComponent(id)}`;
      expect(sent).toContain(`GET ${member}`);
      for (const request of sent)
        expect([
          'GET /',
          'GET /customers',
          'POST /customers',
          `GET ${member}`,
          `PUT ${member}`,
          `DELETE ${member}`,
        ]).toContain(request);
    },
  );

  it.each(['a/b', '../admin', '?x=1', '#f', 'http://evil.example/x', 'a\r\nb', 'a\u0000b', ' '])(
    'id %j is carried as one path segment: every write goes to the collection or one of its members',
    async (id) => {
      const { sent } = await runWithIds(id);
      const member = `/customers/${encodeURIComponent(id)}`;
      expect(sent).toContain(`GET ${member}`);
      for (const request of sent.filter((line) => !line.startsWith('GET ')))
        expect(request).toMatch(/^(POST \/customers|(PUT|PATCH|DELETE) \/customers\/[^/]+)$/);
    },
  );
});
