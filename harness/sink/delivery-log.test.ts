import { describe, expect, it } from 'vitest';
import { DeliveryLog, type CapturedRequest } from './delivery-log.js';

function captured(body: string, receivedAtMs = 0): CapturedRequest {
  const bytes = Buffer.from(body);
  return {
    receivedAt: '2025-01-01T00:00:00.000Z',
    receivedAtMs,
    method: 'POST',
    path: '/apicert-sink/x',
    headers: {},
    body: bytes,
    bodyBytes: bytes.length,
    isBodyTruncated: false,
  };
}

describe('DeliveryLog', () => {
  it('says when it holds its maximum of deliveries', () => {
    const log = new DeliveryLog({ kind: 'accept' }, 2);
    log.add(captured('{"id":"a"}'));
    expect(log.isFull).toBe(false);
    log.add(captured('{"id":"b"}'));
    expect(log.isFull).toBe(true);
  });

  it('counts attempts per event id, and per exact bytes when there is no id', () => {
    const log = new DeliveryLog({ kind: 'fail-first', failures: 1 });
    expect(log.add(captured('{"id":"a"}')).answer).toEqual({ kind: 'respond', status: 503 });
    expect(log.add(captured('{"id":"b"}')).answer).toEqual({ kind: 'respond', status: 503 });
    expect(log.add(captured('{"id":"a","x":1}')).answer).toEqual({ kind: 'respond', status: 200 });
    expect(log.add(captured('not json')).answer).toEqual({ kind: 'respond', status: 503 });
    expect(log.add(captured('not json')).answer).toEqual({ kind: 'respond', status: 200 });
    expect(log.deliveries().map((d) => [d.sequence, d.eventId, d.attemptOfEvent])).toEqual([
      [1, 'a', 1],
      [2, 'b', 1],
      [3, 'a', 2],
      [4, undefined, 1],
      [5, undefined, 2],
    ]);
  });

  it('keeps only the first ending of a delivery, and old snapshots unchanged', () => {
    const log = new DeliveryLog();
    const { sequence } = log.add(captured('{"id":"a"}'));
    const before = log.deliveries();
    log.settle(sequence, { state: 'sender-closed', afterMs: 5 });
    log.settle(sequence, { state: 'answered', status: 200, afterMs: 9, late: true });
    expect(before[0]!.answer).toEqual({ state: 'pending' });
    expect(log.deliveries()[0]!.answer).toEqual({ state: 'sender-closed', afterMs: 5 });
  });

  it('resolves a wait as soon as a delivery meets it', async () => {
    const log = new DeliveryLog();
    const waiting = log.waitFor((deliveries) => deliveries.length >= 2, 5000);
    log.add(captured('{"id":"a"}'));
    setTimeout(() => log.add(captured('{"id":"b"}')), 10);
    const started = performance.now();
    expect(await waiting).toBe(true);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('resolves a wait that is already met at once, and wakes waiters on a settled answer', async () => {
    const log = new DeliveryLog();
    const { sequence } = log.add(captured('{"id":"a"}'));
    expect(await log.waitFor((deliveries) => deliveries.length === 1, 0)).toBe(true);
    const answered = log.waitFor((deliveries) => deliveries[0]!.answer.state === 'answered', 5000);
    log.settle(sequence, { state: 'answered', status: 200, afterMs: 1, late: false });
    expect(await answered).toBe(true);
  });

  it('gives up a wait after its time-out, on abort, and on close, without rejecting', async () => {
    const log = new DeliveryLog();
    const started = performance.now();
    expect(await log.waitFor(() => false, 50)).toBe(false);
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(45);
    expect(elapsed).toBeLessThan(1000);

    const controller = new AbortController();
    const aborted = log.waitFor(() => false, 60_000, controller.signal);
    controller.abort();
    expect(await aborted).toBe(false);

    const closed = log.waitFor(() => false, 60_000);
    log.close();
    expect(await closed).toBe(false);
    expect(await log.waitFor(() => false, 60_000)).toBe(false);
  });

  it('rejects a wait whose predicate throws', async () => {
    const log = new DeliveryLog();
    const waiting = log.waitFor((deliveries) => {
      if (deliveries.length > 0) throw new Error('bad predicate');
      return false;
    }, 5000);
    log.add(captured('{}'));
    await expect(waiting).rejects.toThrow('bad predicate');
  });
});
