import { describe, expect, it } from 'vitest';
import { createTimestampClock } from './timestamp-clock.js';

describe('createTimestampClock', () => {
  it('never goes back when the wall clock does', () => {
    const readings = [5000, 4000, 6001];
    const clock = createTimestampClock(() => readings.shift()!, 'millisecond');
    expect([clock(), clock(), clock()]).toEqual([
      '1970-01-01T00:00:05.000Z',
      '1970-01-01T00:00:05.000Z',
      '1970-01-01T00:00:06.001Z',
    ]);
  });

  it('truncates to whole seconds at second precision', () => {
    expect(createTimestampClock(() => 1999, 'second')()).toBe('1970-01-01T00:00:01.000Z');
  });
});
