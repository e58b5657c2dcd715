// The larger page size for /orders (which lists /customers/{id}/orders' records too) is used only
// where the target serves it whole and the list holds three pages of it: on the reference server
// (maximum 100), once a reader has topped every list up, a walk size of 5 doubles to 10, one of 60
// stays 60 (120 would be clamped, and an offset walk would skip rows); on /orders alone, with none
// of the nested list's records yet, 5 stays 5.
import { describe, expect, it } from 'vitest';
import { secondServerModeMatrix } from '../../test-support/second-server/mode-matrix.js';
import { runOnSecondServer } from '../../test-support/second-server/run-on-second-server.js';
import type { ApicertConfig } from '../../../harness/config/config-types.js';
import { runAgainstReference } from '../../test-support/run-against-reference.js';
import { hasMoreAccurate } from '../has-more-accurate.js';
import { offsetWalkComplete } from '../offset-walk-complete.js';

const withWalkPageSize =
  (walkPageSize: number) =>
  (config: ApicertConfig): ApicertConfig => ({
    ...config,
    pagination: { ...config.pagination, walkPageSize, fixtureCap: 250 },
  });
const ordersWalkSize = (findings: readonly { readonly message: string }[]): string | undefined =>
  /offset walk of \/orders with limit=(\d+)/.exec(findings.map((f) => f.message).join('\n'))?.[1];

describe('servedWalkPageSize', () => {
  it('walks /orders in pages twice as large where the target serves them whole', async () => {
    const [, result] = await runAgainstReference([hasMoreAccurate, offsetWalkComplete], {
      configure: withWalkPageSize(5),
      checkTimeoutMs: 30_000,
    });
    expect(result?.status, result?.message).toBe('passed');
    expect(ordersWalkSize(result?.findings ?? [])).toBe('10');
    const [alone] = await runAgainstReference([offsetWalkComplete], {
      configure: withWalkPageSize(5),
      checkTimeoutMs: 30_000,
    });
    expect(alone?.status, alone?.message).toBe('passed');
    expect(ordersWalkSize(alone?.findings ?? [])).toBe('5');
  }, 60_000);

  it('keeps the configured size where the larger one would be clamped, so a conformant target still passes', async () => {
    const [, result] = await runAgainstReference([hasMoreAccurate, offsetWalkComplete], {
      configure: withWalkPageSize(60),
      checkTimeoutMs: 30_000,
    });
    expect(result?.status, result?.message).toBe('passed');
    expect(ordersWalkSize(result?.findings ?? [])).toBe('60');
  }, 60_000);

  it('keeps the configured size on the second server, which refuses sizes past its maximum of 50 with a 4xx', async () => {
    // 30 doubles to 60, past the maximum: asked for 121, the server refuses, so the walks keep 30.
    const run = await runOnSecondServer({
      modes: secondServerModeMatrix.find((candidate) => candidate.overMax === 'reject')!,
      pins: { pagination: { walkPageSize: 30 } },
      checks: ['pagination.has-more-accurate', 'pagination.offset.walk-complete'],
    });
    const walk = run.checks.find((check) => check.id === 'pagination.offset.walk-complete');
    expect(walk?.status, walk?.status === 'failed' ? walk.message : undefined).toBe('passed');
    expect(ordersWalkSize(walk?.findings ?? [])).toBe('30');
  }, 60_000);
});
