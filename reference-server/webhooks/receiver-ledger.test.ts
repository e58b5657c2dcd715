import { describe, expect, it } from 'vitest';
import { ReceiverLedger } from './receiver-ledger.js';

const created = {
  event: 'customer.created',
  id: 'evt_c',
  data: { id: 'cus_1', name: 'Old', updatedAt: '2024-01-01T00:00:00.000Z' },
};
const updated = {
  event: 'customer.updated',
  id: 'evt_u',
  data: { id: 'cus_1', name: 'New', updatedAt: '2024-01-02T00:00:00.000Z' },
};

describe('ReceiverLedger', () => {
  it('processes an event id once and counts every arrival', () => {
    const ledger = new ReceiverLedger();
    expect(ledger.receive(created)).toBe('processed');
    expect(ledger.receive(created)).toBe('duplicate');
    expect(ledger.receive(created)).toBe('duplicate');
    expect(ledger.tally('evt_c')).toEqual({ id: 'evt_c', receivedCount: 3, processedCount: 1 });
    expect(ledger.tally('evt_other')).toBeUndefined();
  });

  it('keeps an update that arrives before its create, and the late create does not overwrite it', () => {
    const ledger = new ReceiverLedger();
    expect(ledger.receive(updated)).toBe('processed');
    expect(ledger.mirrored('cus_1')).toMatchObject({ data: { name: 'New' }, hasSeenCreate: false });
    expect(ledger.receive(created)).toBe('processed');
    expect(ledger.mirrored('cus_1')).toMatchObject({ data: { name: 'New' }, hasSeenCreate: true, isDeleted: false });
  });

  it('does not let an older update overwrite a newer one', () => {
    const ledger = new ReceiverLedger();
    ledger.receive(updated);
    ledger.receive({
      ...updated,
      id: 'evt_old',
      data: { ...updated.data, name: 'Older', updatedAt: '2023-12-31T00:00:00.000Z' },
    });
    expect(ledger.mirrored('cus_1')?.data.name).toBe('New');
  });

  it('follows the defect policies', () => {
    const noDedupe = new ReceiverLedger({ dedupeBy: 'none', rejectsDuplicates: false, rejectsOutOfOrder: false });
    noDedupe.receive(created);
    noDedupe.receive(created);
    expect(noDedupe.tally('evt_c')?.processedCount).toBe(2);
    const rejecting = new ReceiverLedger({ dedupeBy: 'event-id', rejectsDuplicates: true, rejectsOutOfOrder: true });
    expect(rejecting.receive(updated)).toBe('rejected-out-of-order');
    expect(rejecting.receive(created)).toBe('processed');
    expect(rejecting.receive(created)).toBe('rejected-duplicate');
  });

  it('with a body-hash key, processes a re-serialized repeat again; with only the last id kept, A, B, A processes A twice', () => {
    const policy = { rejectsDuplicates: false, rejectsOutOfOrder: false };
    const byHash = new ReceiverLedger({ ...policy, dedupeBy: 'body-hash' });
    const compact = Buffer.from(JSON.stringify(created));
    expect(byHash.receive(created, compact)).toBe('processed');
    expect(byHash.receive(created, compact)).toBe('duplicate');
    expect(byHash.receive(created, Buffer.from(JSON.stringify(created, null, 2)))).toBe('processed');
    const lastOnly = new ReceiverLedger({ ...policy, dedupeBy: 'last-id-only' });
    for (const event of [created, created, updated, created]) lastOnly.receive(event);
    expect(lastOnly.tally('evt_c')).toEqual({ id: 'evt_c', receivedCount: 3, processedCount: 2 });
  });

  it('takes a repeat decided before another copy was processed as new, as a check-then-set race does', () => {
    const ledger = new ReceiverLedger();
    const raw = Buffer.from(JSON.stringify(created));
    const [first, second] = [ledger.isRepeat(created, raw), ledger.isRepeat(created, raw)];
    ledger.receive(created, raw, first);
    ledger.receive(created, raw, second);
    expect(ledger.tally('evt_c')?.processedCount).toBe(2);
  });
});
