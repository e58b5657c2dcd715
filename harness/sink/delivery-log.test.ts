import { describe, expect, it } from 'vitest';
import { ByteBudget } from './byte-budget.js';
import { DeliveryLog, maxUnwatchedKept, maxUnwatchedScripted, type CapturedRequest } from './delivery-log.js';
import type { SinkDelivery } from './sink-types.js';

function captured(body: string, receivedAtMs = 0, headers: Record<string, string> = {}): CapturedRequest {
  const bytes = Buffer.from(body);
  return {
    receivedAt: '2025-01-01T00:00:00.000Z',
    receivedAtMs,
    method: 'POST',
    path: '/apicert-sink/x',
    headers,
    body: bytes,
    bodyBytes: bytes.length,
    isBodyTruncated: false,
  };
}

/** The delivery as kept: a log that watches no record keeps every delivery. */
function kept(added: ReturnType<DeliveryLog['add']>): Extract<ReturnType<DeliveryLog['add']>, { kind: 'kept' }> {
  if (added.kind !== 'kept') throw new Error('the delivery was not kept');
  return added;
}

describe('DeliveryLog', () => {
  it('says when it holds its maximum of deliveries', () => {
    const log = new DeliveryLog({ maxEntries: 2 });
    kept(log.add(captured('{"id":"a"}')));
    expect(log.isFull).toBe(false);
    kept(log.add(captured('{"id":"b"}')));
    expect(log.isFull).toBe(true);
  });

  it('acknowledges without keeping what is about none of the watched records, once it holds enough such', () => {
    const log = new DeliveryLog({ script: { kind: 'fail-first-each', failures: [{ kind: 'status', status: 500 }] } });
    log.watch(['mine']);
    const others = Array.from({ length: maxUnwatchedKept + 50 }, (_, index) =>
      log.add(captured(`{"id":"e${index}","data":{"id":"someone-else-${index}"}}`)),
    );
    expect(others.filter((added) => added.kind === 'ignored')).toHaveLength(50);
    // Kept whatever came before, and answered as the script answers the next event: ignored ones take no turn.
    const mine = kept(log.add(captured('{"id":"m1","data":{"id":"mine","name":"x"}}')));
    expect(mine.sequence).toBe(maxUnwatchedKept + 1);
    expect(mine.answer).toEqual({ kind: 'respond', status: 500 });
    expect(log.ignored).toBe(50);
    expect(log.deliveries().at(-1)?.eventId).toBe('m1');
  });

  it('answers others’ deliveries 2xx at once past the first few after a record is named, giving them no turn', () => {
    const log = new DeliveryLog({ script: { kind: 'fail-first', failures: 1 } });
    log.watch(['mine']);
    const others = Array.from({ length: maxUnwatchedScripted + 3 }, (_, index) =>
      kept(log.add(captured(`{"id":"o${index}","data":{"id":"other-${index}"}}`))),
    );
    expect(others.map((added) => added.answer.kind === 'respond' && added.answer.status)).toEqual([
      ...Array.from({ length: maxUnwatchedScripted }, () => 503),
      200,
      200,
      200,
    ]);
    expect(kept(log.add(captured('{"id":"m","data":{"id":"mine"}}'))).answer).toEqual({ kind: 'respond', status: 503 });
    log.watch(['next']);
    expect(kept(log.add(captured('{"id":"n","data":{"id":"not-named-yet"}}'))).answer).toEqual({
      kind: 'respond',
      status: 503,
    });
  });

  it('keeps every delivery until a record is watched, and takes back one set aside when its record is', () => {
    const log = new DeliveryLog();
    for (let index = 0; index < maxUnwatchedKept + 10; index += 1)
      expect(log.add(captured(`{"id":"e${index}","data":{"id":"x${index}"}}`)).kind).toBe('kept');
    log.watch(['first']);
    // Its event came before the check named it, and was acknowledged; watching it takes it back.
    expect(log.add(captured('{"id":"late","data":{"id":"second"}}')).kind).toBe('ignored');
    log.watch(['second']);
    expect(log.ignored).toBe(0);
    expect(log.deliveries().at(-1)).toMatchObject({ eventId: 'late', answer: { state: 'answered', status: 200 } });
  });

  it('counts attempts per event id, and per exact bytes when there is no id', () => {
    const log = new DeliveryLog({ script: { kind: 'fail-first', failures: 1 } });
    expect(kept(log.add(captured('{"id":"a"}'))).answer).toEqual({ kind: 'respond', status: 503 });
    expect(kept(log.add(captured('{"id":"b"}'))).answer).toEqual({ kind: 'respond', status: 503 });
    expect(kept(log.add(captured('{"id":"a","x":1}'))).answer).toEqual({ kind: 'respond', status: 200 });
    expect(kept(log.add(captured('not json'))).answer).toEqual({ kind: 'respond', status: 503 });
    expect(kept(log.add(captured('not json'))).answer).toEqual({ kind: 'respond', status: 200 });
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
    const { sequence } = kept(log.add(captured('{"id":"a"}')));
    const before = log.deliveries();
    log.settle(sequence, { state: 'sender-closed', afterMs: 5 });
    log.settle(sequence, { state: 'answered', status: 200, afterMs: 9, late: true });
    expect(before[0]!.answer).toEqual({ state: 'pending' });
    expect(log.deliveries()[0]!.answer).toEqual({ state: 'sender-closed', afterMs: 5 });
  });

  it('resolves a wait as soon as a delivery meets it', async () => {
    const log = new DeliveryLog();
    const waiting = log.waitFor((deliveries) => deliveries.length >= 2, 5000);
    kept(log.add(captured('{"id":"a"}')));
    setTimeout(() => kept(log.add(captured('{"id":"b"}'))), 10);
    const started = performance.now();
    expect(await waiting).toBe(true);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('resolves a wait that is already met at once, and wakes waiters on a settled answer', async () => {
    const log = new DeliveryLog();
    const { sequence } = kept(log.add(captured('{"id":"a"}')));
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
    kept(log.add(captured('{}')));
    await expect(waiting).rejects.toThrow('bad predicate');
  });

  it('reads each body once however many waiters look, and hands them its own list, not copies', () => {
    let parses = 0;
    const log = new DeliveryLog({ parse: (text) => ((parses += 1), JSON.parse(text)) });
    const seen = new Set<readonly SinkDelivery[]>();
    for (let waiter = 0; waiter < 3; waiter += 1) void log.waitFor((deliveries) => (seen.add(deliveries), false), 5000);
    for (let i = 0; i < 50; i += 1) kept(log.add(captured(`{"id":"evt_${i}","data":{"id":"rec_${i}"}}`)));
    expect(parses).toBe(50);
    expect(seen.size).toBe(1);
    log.close();
  });

  it('keeps whole deliveries up to its byte cap, then an evidence prefix, and still answers, counts and matches them', () => {
    const budget = new ByteBudget(12_500);
    const log = new DeliveryLog({ script: { kind: 'fail-first', failures: 1 }, budget, evidencePrefixBytes: 100 });
    const body = (i: number): string =>
      JSON.stringify({ event: 'customer.created', id: `evt_${i}`, data: { id: `rec_${i}`, pad: 'x'.repeat(3000) } });
    const headers = {
      'content-type': 'application/json',
      'x-signature': `sha256=${'a'.repeat(64)}`,
      'x-other': 'y'.repeat(500),
    };
    const answers = Array.from({ length: 6 }, (_, i) => kept(log.add(captured(body(i), i, headers))).answer);
    // A retry of a dropped event is still its second attempt.
    answers.push(kept(log.add(captured(body(5), 6, headers))).answer);
    expect(answers.map((answer) => (answer.kind === 'respond' ? answer.status : answer.kind))).toEqual([
      503, 503, 503, 503, 503, 503, 200,
    ]);
    const deliveries = log.deliveries();
    expect(deliveries.map((d) => d.isBodyDropped)).toEqual([false, false, false, true, true, true, true]);
    expect(log.keptBytes).toBeLessThanOrEqual(12_500);
    expect(log.keptBytes).toBe(budget.used);
    const dropped = deliveries[3]!;
    expect(dropped.body.equals(Buffer.from(body(3)).subarray(0, 100))).toBe(true);
    expect(dropped.bodyBytes).toBe(Buffer.byteLength(body(3)));
    expect(dropped.headers).toEqual({ 'content-type': 'application/json', 'x-signature': `sha256=${'a'.repeat(64)}` });
    expect(dropped.eventId).toBe('evt_3');
    expect(dropped.dataValues.has('rec_3')).toBe(true);
    expect(deliveries[6]!.attemptOfEvent).toBe(2);
    expect(deliveries[6]!.bodyDigest).toBe(deliveries[5]!.bodyDigest);
  });

  it("keeps the signature profile's headers of a dropped delivery, and no others", () => {
    const log = new DeliveryLog({
      budget: new ByteBudget(200),
      evidencePrefixBytes: 10,
      signatureHeaders: ['webhook-signature', 'webhook-id', 'webhook-timestamp'],
    });
    const headers = {
      'content-type': 'application/json',
      'webhook-signature': 'v1,abc=',
      'webhook-id': 'evt_1',
      'webhook-timestamp': '1767225600',
      'x-signature': 'sha256=ab',
      'x-other': 'y',
    };
    kept(log.add(captured(JSON.stringify({ id: 'evt_1', pad: 'x'.repeat(500) }), 0, headers)));
    const [dropped] = log.deliveries();
    expect(dropped!.isBodyDropped).toBe(true);
    expect(dropped!.headers).toEqual({
      'content-type': 'application/json',
      'webhook-signature': 'v1,abc=',
      'webhook-id': 'evt_1',
      'webhook-timestamp': '1767225600',
    });
    log.close();
  });

  it('keeps a too long header of a dropped delivery as a marker, never cut through a secret it may hold', () => {
    const log = new DeliveryLog({ budget: new ByteBudget(100), evidencePrefixBytes: 4 });
    const headers = {
      'content-type': `application/json; x=${'p'.repeat(250)}tok_live_secret`,
      'x-signature': 'sha256=ab',
    };
    kept(log.add(captured(JSON.stringify({ id: 'evt_1' }), 0, headers)));
    const [dropped] = log.deliveries();
    expect(dropped!.isBodyDropped).toBe(true);
    expect(dropped!.headers['content-type']).toBe(`[${headers['content-type'].length} characters, too long to keep]`);
  });

  it('keeps nothing of a body once not even its prefix fits', () => {
    const log = new DeliveryLog({ budget: new ByteBudget(120), evidencePrefixBytes: 100 });
    kept(log.add(captured(`{"id":"a","pad":"${'x'.repeat(120)}"}`)));
    kept(log.add(captured(`{"id":"b","data":{"id":"rec_b"}}`.padEnd(200, ' '))));
    const [first, second] = log.deliveries();
    expect(first!.isBodyDropped).toBe(true);
    expect(first!.body.length).toBe(100);
    expect(second).toMatchObject({ isBodyDropped: true, headers: {}, eventId: 'b' });
    expect(second!.body.length).toBe(0);
    expect(second!.dataValues.has('rec_b')).toBe(true);
    expect(log.keptBytes).toBeLessThanOrEqual(120);
  });

  it("releases every delivery on close and gives its bytes back to the sink's budget", () => {
    const sink = new ByteBudget(1_000_000);
    const log = new DeliveryLog({ budget: new ByteBudget(500_000, sink) });
    for (let i = 0; i < 10; i += 1) kept(log.add(captured(`{"id":"evt_${i}","pad":"${'x'.repeat(10_000)}"}`)));
    expect(sink.used).toBe(log.keptBytes);
    expect(log.keptBytes).toBeGreaterThan(100_000);
    log.close();
    expect(log.keptBytes).toBe(0);
    expect(sink.used).toBe(0);
    expect(log.deliveries()).toEqual([]);
  });
});
