import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventBody, failingLog } from '../test-support/failing-log.js';
import { describeFailure, probedFailures } from './failure-kinds.js';
import { describeRetryProblems, isEveryFailureRetried, pairRetries } from './retry-pairs.js';

const labels = probedFailures.map(describeFailure);
const records = probedFailures.map((_failure, index) => `rec_${index}`);
const firsts = records.map((record, index) => eventBody(`evt_${index}`, record));

describe('pairRetries', () => {
  it('pairs every kind with its retry, whatever order the retries come in, and finds nothing wrong', () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray(
          firsts.map((_body, index) => index),
          { minLength: firsts.length },
        ),
        (order) => {
          const deliveries = failingLog(probedFailures, [...firsts, ...order.map((index) => firsts[index]!)]);
          const pairs = pairRetries(deliveries, records);
          expect(pairs.map((pair) => pair.failure)).toEqual(labels);
          expect(isEveryFailureRetried(pairs, labels)).toBe(true);
          expect(describeRetryProblems(pairs, 1000)).toEqual([]);
        },
      ),
    );
  });

  it('names the kinds a sender gave up on, and those it retried', () => {
    const retried = firsts.filter((_body, index) => !/^a 4\d\d$/.test(labels[index]!));
    const pairs = pairRetries(failingLog(probedFailures, [...firsts, ...retried]), records);
    expect(isEveryFailureRetried(pairs, labels)).toBe(false);
    expect(describeRetryProblems(pairs, 1000)).toEqual([
      'the sender did not retry within 1000 ms (webhooks.sender.retryWindowMs) after a 404, a 429, a 400, a 410 and a 401; it did retry after a 503, a connection reset without an answer, a 307 back to the same URL, a 500, a connection closed without an answer, a 502 and a 504',
    ]);
  });

  it('keeps waiting until every kind has been drawn, even when every failure so far was retried', () => {
    const pairs = pairRetries(failingLog(probedFailures, [firsts[0]!, firsts[0]!]), records);
    expect(pairs).toHaveLength(1);
    expect(isEveryFailureRetried(pairs, labels)).toBe(false);
    expect(describeRetryProblems(pairs, 1000)).toEqual([]);
  });

  it('takes the next event about the same record with the same name as a retry under a new id', () => {
    const deliveries = failingLog(probedFailures, [eventBody('evt_a', 'rec_0'), eventBody('evt_b', 'rec_0')]);
    const [pair] = pairRetries(deliveries, records);
    expect(pair?.retry?.sequence).toBe(2);
    expect(describeRetryProblems([pair!], 1000)).toEqual([
      'the retry after a 503 carries a new event id ("evt_b" after "evt_a"), so receivers cannot deduplicate it',
    ]);
  });

  it("does not take another record's event, or one of another kind, for a retry", () => {
    const deliveries = failingLog(probedFailures, [
      eventBody('evt_a', 'rec_0'),
      // Mentions rec_0 too (a number that happens to match): about two records, so it is no one's retry.
      eventBody('evt_b', 'rec_1', ',"ref":"rec_0"'),
      eventBody('evt_c', 'rec_0', '', 'customer.updated'),
    ]);
    const pairs = pairRetries(deliveries, records);
    expect(pairs.map((pair) => pair.retry)).toEqual([undefined, undefined, undefined]);
  });

  it('reports a retry that keeps the id but changes the bytes, with where they differ', () => {
    const deliveries = failingLog(probedFailures, [
      eventBody('evt_a', 'rec_0'),
      eventBody('evt_a', 'rec_0', ',"attempt":2'),
    ]);
    expect(describeRetryProblems(pairRetries(deliveries, records), 1000)).toEqual([
      `the retry after a 503 keeps the id but changes the body (first difference at byte ${eventBody('evt_a', 'rec_0').length - 2} of ${eventBody('evt_a', 'rec_0').length})`,
    ]);
  });
});
