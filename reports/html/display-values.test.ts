import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount, formatDuration, formatTimestamp, renderStatus } from './display-values.js';

describe('display values', () => {
  it('groups thousands with commas, as en-US does', () => {
    expect([0, 999, 1_000, 1_234_567].map(formatCount)).toEqual(['0', '999', '1,000', '1,234,567']);
    fc.assert(fc.property(fc.nat(), (value) => formatCount(value) === value.toLocaleString('en-US')));
  });

  it('writes durations in ms below a second and in seconds above', () => {
    expect([0.4, 999, 1_000, 5_240].map(formatDuration)).toEqual(['0 ms', '999 ms', '1.0 s', '5.2 s']);
  });

  it('writes ISO timestamps in UTC to the second and leaves anything else as given', () => {
    expect(formatTimestamp('2025-01-02T04:04:05.678+01:00')).toBe('2025-01-02 03:04:05 UTC');
    expect(formatTimestamp('yesterday')).toBe('yesterday');
  });

  it('labels a status with its word and a class for its colour', () => {
    expect(renderStatus('not run')).toBe('<span class="status status-not-run">not run</span>');
  });
});
