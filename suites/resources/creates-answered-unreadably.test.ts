// A create whose answer cannot be read still made its record (issue 36, item 7). A gateway in front
// of the reference server and of the second implementation adds 3,000 cookies (about 100 KiB of
// headers) to every answer to a create: apicert names the oversized headers as such, never takes
// them for silence (the run goes on, no "stopped answering"), and finds every record those creates
// made by its unique values and deletes it; none is left, and no check fails on it.
import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../harness/model/run-result.js';
import { gatewayTargets, runThroughGateway, type GatewayTarget } from '../test-support/run-through-gateway.js';

const cookies = Array.from({ length: 3000 }, (_, i) => `gw${i}=${'x'.repeat(20)}`);
const isCreate = (method: string, path: string) => method === 'POST' && path.split('?')[0] === '/customers';
const messageOf = (check: RunResult['checks'][number]) => ('message' in check ? check.message : '');

describe.each(Object.keys(gatewayTargets) as GatewayTarget[])(
  '%s, its creates answered with huge headers',
  (target) => {
    it('every record the unreadable creates made is found and deleted; the run goes on, no check fails on it', async () => {
      const made: string[] = [];
      const deleted: string[] = [];
      const run = await runThroughGateway({
        target,
        config: (own) => ({ ...own, webhooks: {} }),
        checks: [
          'resources.create-then-read',
          'resources.put-replaces-record',
          'resources.delete-removes-record',
          'resources.related-collection-isolated',
          'pagination.cursor.no-duplicates-under-mutation',
        ],
        changes: {
          forwardPath: (method, path) => {
            if (method === 'DELETE') deleted.push(path.split('?')[0]!);
            return path;
          },
          answerHeaders: (method, path, status, body) => {
            if (!isCreate(method, path) || status < 200 || status > 299) return undefined;
            made.push(`/customers/${String((JSON.parse(body.toString('utf8')) as { id: unknown }).id)}`);
            return { 'set-cookie': cookies };
          },
        },
      });
      expect(made.length).toBeGreaterThan(3);
      for (const path of made) expect(deleted).toContain(path);
      for (const check of run.checks) {
        expect(check.status, `${check.id}: ${messageOf(check)}`).not.toBe('failed');
        expect(messageOf(check)).not.toMatch(/stopped answering/);
      }
      expect(run.checks.filter((check) => check.status === 'errored').map(messageOf)).toContainEqual(
        expect.stringMatching(/has headers over 64 KiB, more than apicert reads/),
      );
      expect(run.checks.flatMap((check) => check.findings.filter((f) => f.level === 'warning'))).toEqual([]);
    });

    it('a record that cannot be told from others (no {unique} in the sample) is named as perhaps left, in a warning', async () => {
      const run = await runThroughGateway({
        target,
        config: (own) => ({
          ...own,
          webhooks: {},
          collections: (own['collections'] as Record<string, unknown>[]).map((collection) =>
            collection['name'] === 'customers'
              ? { ...collection, sample: { name: 'Ada', email: 'ada@example.com', tier: 'pro' } }
              : collection,
          ),
        }),
        checks: ['resources.create-then-read'],
        changes: {
          answerHeaders: (method, path) => (isCreate(method, path) ? { 'set-cookie': cookies } : undefined),
        },
      });
      expect(run.checks[0]?.status).toBe('errored');
      expect(run.checks.flatMap((check) => check.findings.map((f) => `${f.level}: ${f.message}`))).toContainEqual(
        expect.stringMatching(
          /^warning: POST \/customers: its answer was not read \(APICERT_HTTP_HEADERS_TOO_LARGE\), and apicert could not tell whether it made a record, so one may remain on the target( \(\d+ times\))?$/,
        ),
      );
    });
  },
);
