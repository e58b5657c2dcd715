import { describe, expect, it } from 'vitest';
import { eventBody, failingLog } from '../test-support/failing-log.js';
import { describeFailure, failureOfAnswer, probedFailures } from './failure-kinds.js';

describe('probedFailures', () => {
  it('probe each kind once, with a label of its own, and never a 2xx', () => {
    const labels = probedFailures.map(describeFailure);
    expect(new Set(labels).size).toBe(labels.length);
    expect(
      probedFailures.filter((failure) => failure.kind === 'status' && failure.status >= 200 && failure.status < 300),
    ).toEqual([]);
    // Every class the rule reaches: 3xx, 429, other 4xx, 5xx, and no answer at all.
    expect(labels).toEqual(
      expect.arrayContaining([
        'a 307 back to the same URL',
        'a 429',
        'a 404',
        'a 503',
        'a connection closed without an answer',
        'a connection reset without an answer',
      ]),
    );
  });

  it('are read back from the answers the sink recorded, in the order the script gave them', () => {
    const bodies = probedFailures.map((_failure, index) => eventBody(`evt_${index}`, `rec_${index}`));
    const deliveries = failingLog(probedFailures, bodies);
    expect(deliveries.map((delivery) => failureOfAnswer(delivery.answer))).toEqual(probedFailures);
  });
});

describe('failureOfAnswer', () => {
  it('sees no failure in a 2xx, an answer still pending or a sender that gave up first', () => {
    expect(failureOfAnswer({ state: 'answered', status: 204, afterMs: 1, late: false })).toBeUndefined();
    expect(failureOfAnswer({ state: 'pending' })).toBeUndefined();
    expect(failureOfAnswer({ state: 'sender-closed', afterMs: 1 })).toBeUndefined();
    expect(failureOfAnswer({ state: 'answered', status: 413, afterMs: 1, late: false })).toEqual({
      kind: 'status',
      status: 413,
    });
    expect(failureOfAnswer({ state: 'destroyed', afterMs: 1 })).toEqual({ kind: 'close' });
  });
});
