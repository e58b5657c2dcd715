import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  earliestBackoffArrivalsMs,
  judgeBackoff,
  SHRINK_JITTER_MS,
  SHRINK_TOLERANCE,
  TIGHT_LOOP_MS,
} from './backoff-schedule.js';

function arrivals(start: number, intervals: readonly number[]): number[] {
  const times = [start];
  for (const interval of intervals) times.push(times[times.length - 1]! + interval);
  return times;
}

describe('judgeBackoff', () => {
  it('accepts exponential and constant schedules and reports them', () => {
    const judgement = judgeBackoff([1000, 1101, 1302, 1704]);
    expect(judgement.problem).toBeUndefined();
    expect(judgement.intervalsMs).toEqual([101, 201, 402]);
    expect(judgement.schedule).toBe('4 attempts at 0, 101, 302, 704 ms (intervals 101, 201, 402 ms)');
    expect(judgeBackoff(arrivals(0, [500, 500, 500])).problem).toBeUndefined();
    // A short first wait that then grows is a backoff (a sender that triples from 30 ms).
    expect(judgeBackoff(arrivals(0, [31, 92, 272])).problem).toBeUndefined();
  });

  it('accepts any schedule that never shrinks and never loops tightly', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        fc.array(fc.integer({ min: 0, max: 5000 }), { maxLength: 6 }),
        (start, growth) => {
          const intervals: number[] = [];
          let current = TIGHT_LOOP_MS;
          for (const step of growth) intervals.push((current += step));
          expect(judgeBackoff(arrivals(start, intervals)).problem).toBeUndefined();
        },
      ),
    );
  });

  it('flags two short intervals in a row, wherever they are, as a tight loop', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: TIGHT_LOOP_MS, max: 5000 }), { maxLength: 5 }),
        fc.nat(),
        fc.tuple(fc.integer({ min: 0, max: TIGHT_LOOP_MS - 1 }), fc.integer({ min: 0, max: TIGHT_LOOP_MS - 1 })),
        (intervals, at, tight) => {
          const withLoop = [...intervals];
          withLoop.splice(at % (intervals.length + 1), 0, ...tight);
          // Inserted after a longer interval, the first rule to see it may call it a speed-up instead.
          expect(judgeBackoff(arrivals(0, withLoop)).problem).toMatch(/tight loop|speed up/);
        },
      ),
    );
    expect(judgeBackoff(arrivals(0, [2, 1, 3])).problem).toBe(
      'attempt 2 came 2 ms after attempt 1, and attempt 3 1 ms after that: a tight loop (under 50 ms), not a backoff',
    );
  });

  it('flags intervals that shrink beyond jitter, and allows jitter', () => {
    expect(judgeBackoff(arrivals(0, [1000, 500])).problem).toMatch(
      /wait before attempt 3 \(500 ms\) is shorter than the one before it \(1000 ms\)/,
    );
    expect(judgeBackoff(arrivals(0, [1000, Math.ceil(1000 * SHRINK_TOLERANCE)])).problem).toBeUndefined();
    // Shorter by less than SHRINK_JITTER_MS: latency and scheduling, as a 30 then 90 ms backoff arrived once.
    expect(judgeBackoff(arrivals(0, [202, 94])).problem).toBeUndefined();
    expect(judgeBackoff(arrivals(0, [400 + SHRINK_JITTER_MS, 399])).problem).toMatch(/retries speed up/);
  });

  it('has nothing to judge with fewer than two attempts', () => {
    expect(judgeBackoff([5])).toEqual({ intervalsMs: [], schedule: '1 attempt at 0 ms' });
  });
});

describe('earliestBackoffArrivalsMs', () => {
  it("is where judgeBackoff stops calling a retry a speed-up, so the report's ring and the verdict agree", () => {
    fc.assert(
      fc.property(fc.integer({ min: 50, max: 5000 }), fc.integer({ min: 0, max: 10_000 }), (first, second) => {
        const arrivals = [0, first, first + second];
        const earliest = earliestBackoffArrivalsMs(arrivals)[2];
        const isShrink = judgeBackoff(arrivals).problem?.includes('shorter than the one before') === true;
        expect(isShrink).toBe(earliest !== undefined && arrivals[2]! < earliest);
      }),
      { seed: 7, numRuns: 300 },
    );
    expect(earliestBackoffArrivalsMs([0, 100, 300])).toEqual([undefined, undefined, undefined]);
    expect(earliestBackoffArrivalsMs([0, 1000, 1760])).toEqual([undefined, undefined, 1750]);
  });
});
