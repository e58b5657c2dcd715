import { describe, expect, it } from 'vitest';
import type { CheckContext, SinkChannel, SinkDelivery } from '../../../harness/check-api/check-context.js';
import { sinkDelivery } from '../test-support/sink-delivery.js';
import { awaitDeliveriesAbout, blockedBySilence, heardAfterSilence } from './await-deliveries.js';

function delivery(sequence: number, event: string, id: string): SinkDelivery {
  return sinkDelivery(JSON.stringify({ event, id, data: { id: 'cus_1' } }), sequence, { eventId: id });
}

function channelWith(deliveries: SinkDelivery[]): SinkChannel {
  return {
    url: 'http://127.0.0.1:1/apicert-sink/x',
    setScript: () => {},
    watch: () => {},
    ignored: () => 0,
    deliveries: () => deliveries,
    waitFor: async (predicate: (all: readonly SinkDelivery[]) => boolean) => predicate(deliveries),
    records: () => [],
    close: () => {},
  } as unknown as SinkChannel;
}

/** A channel on which nothing ever arrives: each wait, recorded in `waits`, runs out. */
function silentChannel(waits: number[]): SinkChannel {
  return {
    ...channelWith([]),
    waitFor: async (_predicate: unknown, timeoutMs: number) => (waits.push(timeoutMs), false),
  } as unknown as SinkChannel;
}

function scope(): CheckContext['suiteScope'] {
  const values = new Map<string, unknown>();
  return {
    get: <T>(key: string) => values.get(key) as T | undefined,
    set: (key: string, value: unknown) => void values.set(key, value),
  } as CheckContext['suiteScope'];
}

function checkOf(suiteScope: CheckContext['suiteScope'], seed: number): CheckContext {
  return {
    config: { webhooks: { sender: { retryWindowMs: 10 } } },
    progress: () => {},
    signal: new AbortController().signal,
    seed,
    suiteScope,
    blocked: (reason: string) => ({ status: 'blocked', reason, findings: [] }),
  } as unknown as CheckContext;
}

const ctx = checkOf(scope(), 1);

describe('awaitDeliveriesAbout', () => {
  // A create that also emits "activated" must not be mistaken for the create's retry.
  const deliveries = [
    delivery(1, 'customer.created', 'evt_1'),
    delivery(2, 'customer.activated', 'evt_2'),
    delivery(3, 'customer.created', 'evt_1'),
  ];

  it('counts attempts of the first event only when asked to', async () => {
    const attempts = await awaitDeliveriesAbout(ctx, channelWith(deliveries), 'cus_1', {
      count: 2,
      sameEventAsFirst: true,
    });
    expect(attempts.map((d) => d.sequence)).toEqual([1, 3]);
  });

  it('skips redeliveries of events already seen', async () => {
    const [first] = deliveries;
    const attempts = await awaitDeliveriesAbout(ctx, channelWith(deliveries), 'cus_1', { count: 2, unlike: [first!] });
    expect(attempts.map((d) => d.sequence)).toEqual([2]);
  });

  it('skips a retry that a sender sent under a new id (the same event about the same data), and counts an event that reuses an id', async () => {
    const create = delivery(1, 'customer.created', 'evt_1');
    const retryUnderNewId = delivery(2, 'customer.created', 'evt_9');
    const updateReusingId = delivery(3, 'customer.updated', 'evt_1');
    const attempts = await awaitDeliveriesAbout(ctx, channelWith([create, retryUnderNewId, updateReusingId]), 'cus_1', {
      count: 2,
      unlike: [create],
    });
    expect(attempts.map((d) => d.sequence)).toEqual([3]);
  });

  describe('a delivery with the event name and data of one already seen, under another id', () => {
    const about = (sequence: number, event: string, id: string, data: Record<string, unknown>) =>
      sinkDelivery(JSON.stringify({ event, id, data }), sequence, { eventId: id });
    const create = about(1, 'customer.changed', 'evt_1', { id: 'cus_1', name: 'Ada' });
    const update = about(2, 'customer.changed', 'evt_2', { id: 'cus_1', name: 'Ada B' });

    it('counts as the event when nothing else arrives: a delete under a single event name, carrying the record as the update left it', async () => {
      const remove = about(3, 'customer.changed', 'evt_3', { id: 'cus_1', name: 'Ada B' });
      const [found] = await awaitDeliveriesAbout(ctx, channelWith([create, update, remove]), 'cus_1', {
        afterSequence: 2,
        unlike: [create, update],
      });
      expect(found?.sequence).toBe(3);
    });

    it('gives way to another delivery that came within the wait: a retry under a new id, then the event itself', async () => {
      const retryUnderNewId = about(3, 'customer.changed', 'evt_9', { id: 'cus_1', name: 'Ada' });
      const remove = about(4, 'customer.deleted', 'evt_4', { id: 'cus_1', name: 'Ada B' });
      const [found] = await awaitDeliveriesAbout(ctx, channelWith([create, update, retryUnderNewId, remove]), 'cus_1', {
        afterSequence: 2,
        unlike: [create, update],
      });
      expect(found?.sequence).toBe(4);
    });
  });

  it('says how long it waits in whole milliseconds, however the rest of a window was computed', async () => {
    const lines: string[] = [];
    const saying = { ...ctx, progress: (line: string) => lines.push(line) } as unknown as CheckContext;
    await awaitDeliveriesAbout(saying, channelWith(deliveries), 'cus_1', { timeoutMs: 7749.124845 });
    expect(lines).toEqual(['waiting up to 7749 ms for a delivery']);
  });

  it('counts every delivery about the record otherwise', async () => {
    const attempts = await awaitDeliveriesAbout(ctx, channelWith(deliveries), 'cus_1', { count: 2 });
    expect(attempts.map((d) => d.sequence)).toEqual([1, 2]);
  });

  it('looks at each delivery once however often a flood wakes it', async () => {
    let lookups = 0;
    // Counts how often the matcher asks a delivery whether it is about the record.
    class CountingSet extends Set<string> {
      override has(value: string): boolean {
        lookups += 1;
        return super.has(value);
      }
    }
    const flood = Array.from({ length: 500 }, (_, i) => {
      const made = delivery(i + 1, 'customer.created', `evt_${i}`);
      return { ...made, dataValues: new CountingSet(i === 499 ? ['cus_2'] : ['cus_1']) };
    });
    const arrived: SinkDelivery[] = [];
    // A channel that wakes its waiter on every arrival, as the sink does.
    const channel = {
      ...channelWith(arrived),
      waitFor: async (predicate: (all: readonly SinkDelivery[]) => boolean) => {
        for (const item of flood) {
          arrived.push(item);
          if (predicate(arrived)) return true;
        }
        return false;
      },
    } as unknown as SinkChannel;
    const [found] = await awaitDeliveriesAbout(ctx, channel, 'cus_2');
    expect(found?.sequence).toBe(500);
    // Once per delivery while waiting; the old matcher looked at every earlier one again on each arrival (125,250).
    expect(lookups).toBe(500);
  });

  it('after a create sent no event in the whole window, gives a later check’s first wait 2 s (the window, when shorter), and blocks it on that silence', async () => {
    const shared = scope();
    const waits: number[] = [];
    const silent = silentChannel(waits);
    const first = checkOf(shared, 1);
    expect(await awaitDeliveriesAbout(first, silent, 'cus_9')).toEqual([]);
    expect(blockedBySilence(first)).toBeUndefined();
    const later = checkOf(shared, 2);
    expect(await awaitDeliveriesAbout(later, silent, 'cus_10')).toEqual([]);
    expect(waits).toEqual([10, 10]);
    expect(blockedBySilence(later)).toMatchObject({
      status: 'blocked',
      reason: expect.stringMatching(/^an earlier check of this suite waited 10 ms \(webhooks\.sender\.retryWindowMs\)/),
    });
    // Once a first delivery comes, the rest are given the whole window; a wait after others is never cut.
    const arriving = {
      ...channelWith(deliveries),
      waitFor: async (_p: unknown, timeoutMs: number) => (waits.push(timeoutMs), true),
    };
    await awaitDeliveriesAbout(later, arriving as unknown as SinkChannel, 'cus_1', { count: 2 });
    await awaitDeliveriesAbout(later, arriving as unknown as SinkChannel, 'cus_1', { afterSequence: 1 });
    expect(waits.slice(2)).toEqual([10, 10, 10]);
  });

  it('gives a check that judges any delivery 2 s after a silence, and hears only events about its own records', async () => {
    const shared = scope();
    const waits: number[] = [];
    const flooded = (arrived: SinkDelivery[]): SinkChannel =>
      ({
        ...channelWith(arrived),
        waitFor: async (predicate: (all: readonly SinkDelivery[]) => boolean, timeoutMs: number) => (
          waits.push(timeoutMs),
          predicate(arrived)
        ),
      }) as unknown as SinkChannel;
    const first = checkOf(shared, 1);
    // No silence seen yet: nothing to wait for.
    expect(await heardAfterSilence(first, flooded([]), ['cus_1'])).toBe(true);
    await awaitDeliveriesAbout(first, flooded([]), 'cus_9');
    // The silence's own check is never cut short by it.
    expect(await heardAfterSilence(first, flooded([]), ['cus_1'])).toBe(true);
    const later = checkOf(shared, 2);
    // A flood about other records is not the events of these creates.
    expect(await heardAfterSilence(later, flooded(deliveries), ['cus_7', 'cus_8'])).toBe(false);
    expect(blockedBySilence(later)).toMatchObject({ status: 'blocked' });
    expect(await heardAfterSilence(later, flooded(deliveries), ['cus_7', 'cus_1'])).toBe(true);
    expect(waits).toEqual([10, 10, 10]);
  });

  it('gives the short wait after a silence 2 s when the window is longer', async () => {
    const shared = scope();
    const waits: number[] = [];
    const silent = silentChannel(waits);
    const long = (seed: number) =>
      ({ ...checkOf(shared, seed), config: { webhooks: { sender: { retryWindowMs: 30_000 } } } }) as CheckContext;
    await awaitDeliveriesAbout(long(1), silent, 'cus_9');
    await awaitDeliveriesAbout(long(2), silent, 'cus_10');
    expect(waits).toEqual([30_000, 2000]);
  });
});
