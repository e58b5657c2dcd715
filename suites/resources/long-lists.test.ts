// resources.delete-removes-record on a list far longer than a walk, as a staging list is: the record
// just created is found at the list's end (oldest first) or on its first page (newest first), and
// the defect it exists for still fails it there.
import { describe, expect, it } from 'vitest';
import type { ApicertConfig } from '../../harness/config/config-types.js';
import { runOneAgainstReference } from '../test-support/run-against-reference.js';
import { secondServerModeMatrix } from '../test-support/second-server/mode-matrix.js';
import { runOnSecondServer } from '../test-support/second-server/run-on-second-server.js';
import { deleteRemovesRecord } from './delete-removes-record.js';

const seeded = { server: { seedRecords: { products: 20_000 } } };
const onlyProducts = (config: ApicertConfig): ApicertConfig => ({
  ...config,
  collections: config.collections.filter((c) => c.name === 'products'),
});

describe('resources.delete-removes-record on a list holding 20,000 records', () => {
  it('finds the record it created at the end of the list, and passes', async () => {
    const result = await runOneAgainstReference(deleteRemovesRecord, { ...seeded, configure: onlyProducts });
    expect(result.status, result.message).toBe('passed');
  });

  it('still fails with delete-keeps-record', async () => {
    const result = await runOneAgainstReference(deleteRemovesRecord, {
      ...seeded,
      configure: onlyProducts,
      defects: ['delete-keeps-record'],
    });
    expect(result.status, result.message).toBe('failed');
  });

  it.each(secondServerModeMatrix.slice(0, 2).map((modes) => [modes.order, modes] as const))(
    'passes on the second server listing %s',
    async (_order, modes) => {
      const run = await runOnSecondServer({
        modes,
        checks: [deleteRemovesRecord.id],
        seedRecords: { products: 20_000 },
      });
      const [check] = run.checks;
      expect(check?.status, JSON.stringify(check?.status === 'passed' ? '' : check)).toBe('passed');
    },
  );
});
