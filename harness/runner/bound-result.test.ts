import { describe, expect, it } from 'vitest';
import { buildCheck, buildExchange } from '../model/test-support/sample-run.js';
import { cutWithMarker } from '../model/cut-with-marker.js';
import { boundCoverage, boundResult, resultBounds } from './bound-result.js';

describe('cutWithMarker', () => {
  it('keeps short text, and cuts the middle of long text with a marker, never inside a surrogate pair', () => {
    expect(cutWithMarker('abc', 3)).toBe('abc');
    expect(cutWithMarker('abcdefghij', 4)).toBe('abc… [6 characters cut] …j');
    expect(cutWithMarker(`${'x'.repeat(100)}-000003`, 40)).toMatch(/-000003$/);
    expect(cutWithMarker('ab😀cdefgh', 4)).toBe('ab… [7 characters cut] …h');
    expect(cutWithMarker('abcdefg😀', 4)).toBe('abc… [6 characters cut] …');
  });
});

describe('boundResult', () => {
  const cursor = 'c'.repeat(200_000);
  const longUrl = `http://127.0.0.1:1/customers?after=${cursor}`;

  it('cuts the words, the URLs, headers and curl lines of a result built from a growing cursor', () => {
    const exchange = buildExchange({
      request: { method: 'GET', url: longUrl, headers: { [`x-${cursor}`]: cursor } },
      curl: `curl '${longUrl}'`,
    });
    const bounded = boundResult(
      buildCheck({
        status: 'failed',
        message: `walk broke at ${longUrl}`,
        actual: cursor,
        evidence: [exchange],
        findings: [{ level: 'info', message: cursor }],
      }),
    );
    const text = JSON.stringify(bounded);
    expect(text.length).toBeLessThan(20_000);
    expect(bounded.status === 'failed' && bounded.message).toMatch(/… \[\d+ characters cut\] …c+$/);
    expect(bounded.evidence[0]?.request.url.length).toBeLessThanOrEqual(resultBounds.urlChars + 40);
    expect(bounded.evidence[0]?.curl?.length).toBeLessThanOrEqual(resultBounds.curlChars + 40);
  });

  it('keeps the first 10 and the last 15 exchanges of a long walk, and says how many it left out', () => {
    const evidence = Array.from({ length: 200 }, (_, index) => buildExchange({ note: `page ${index}` }));
    const bounded = boundResult(buildCheck({ status: 'failed', evidence }));
    expect(bounded.evidence.map((exchange) => exchange.note)).toEqual([
      ...Array.from({ length: 10 }, (_, index) => `page ${index}`),
      ...Array.from({ length: 15 }, (_, index) => `page ${185 + index}`),
    ]);
    expect(bounded.findings.at(-1)?.message).toBe(
      '175 exchange(s) in the middle were left out of the evidence (the first 10 and the last 15 are kept)',
    );
  });

  it('tells identical findings once with a count, and keeps at most 50 findings', () => {
    const warning = 'POST /customers: its answer was not read, so one record may remain on the target';
    const repeated = boundResult(
      buildCheck({
        status: 'passed',
        findings: [
          ...Array.from({ length: 120 }, () => ({ level: 'warning' as const, message: warning })),
          { level: 'info', message: warning },
        ],
      }),
    );
    expect(repeated.findings).toEqual([
      { level: 'warning', message: `${warning} (120 times)` },
      { level: 'info', message: warning },
    ]);
    const many = boundResult(
      buildCheck({
        status: 'passed',
        findings: Array.from({ length: 80 }, (_, index) => ({
          level: 'advisory' as const,
          message: `advice ${index}`,
        })),
      }),
    );
    expect(many.findings).toHaveLength(51);
    expect(many.findings[49]?.message).toBe('advice 49');
    expect(many.findings[50]).toEqual({
      level: 'info',
      message: '30 more finding(s) were left out (the first 50 are kept)',
    });
  });

  it('bounds a counterexample in depth, width and string length without recursing past its depth bound', () => {
    let deep: unknown = 'leaf';
    for (let level = 0; level < 50_000; level += 1) deep = [deep];
    const wide = Array.from({ length: 280_000 }, (_, index) => index);
    const bounded = boundResult(buildCheck({ status: 'failed', counterexample: { deep, wide, text: cursor } }));
    const counterexample =
      bounded.status === 'failed'
        ? (bounded.counterexample as { deep: unknown; wide: unknown[]; text: string })
        : undefined;
    expect(JSON.stringify(counterexample?.deep)).toContain('[nested deeper: cut]');
    expect(counterexample?.wide).toHaveLength(resultBounds.counterexampleItems + 1);
    expect(counterexample?.wide.at(-1)).toBe(`[${280_000 - resultBounds.counterexampleItems} more items cut]`);
    expect(counterexample?.text.length).toBeLessThan(resultBounds.counterexampleChars + 40);
  });
});

describe('boundCoverage', () => {
  it('keeps the first items of long coverage lists, cuts long items and says how many went', () => {
    const covered = Array.from(
      { length: resultBounds.coverageItems + 5 },
      (_, index) => `GET /customers?limit=${index}`,
    );
    const leftOut = [{ item: 'x'.repeat(10_000), why: 'sampled' }];
    const bounded = boundCoverage({ requests: 9, covered, leftOut });
    expect(bounded.covered).toHaveLength(resultBounds.coverageItems + 1);
    expect(bounded.covered.at(-1)).toBe('(5 more items left out of this list)');
    expect(bounded.leftOut[0]?.item.length).toBeLessThan(resultBounds.coverageItemChars + 40);
    expect(bounded.requests).toBe(9);
  });
});
