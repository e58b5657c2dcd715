import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toRequestTarget } from './request-target.js';

function parsedTarget(url: string): { origin: string; path: string } {
  const parsed = new URL(url);
  return { origin: parsed.origin, path: `${parsed.pathname}${parsed.search}` };
}

describe('toRequestTarget', () => {
  it.each([
    'http://127.0.0.1:8080/customers?limit=5&cursor=abc',
    'HTTP://Example.COM:80/a/b',
    'https://example.com:443',
    'http://user:pw@h.test/x',
    'http://h.test/a/../b',
    'http://h.test/a/%2E%2e/b?x=..',
    "http://h.test/a b?q='x'",
    'http://h.test/é?q=ü',
    'http://h.test?x=1',
    'http://h.test/x#frag',
    'http://[::1]:3000/x',
  ])('agrees with the URL parser on %s', (url) => {
    expect(toRequestTarget(url)).toEqual(parsedTarget(url));
  });

  it('agrees with the URL parser on any URL built from tricky pieces (property)', () => {
    const piece = fc.constantFrom(
      'a',
      'Z',
      '9',
      '/',
      '.',
      '..',
      '%2e',
      '%2E',
      '%',
      '?',
      '&',
      '=',
      "'",
      '"',
      ' ',
      '#',
      '\\',
      '~',
      '@',
      ':',
      'é',
      '{',
      '`',
      '+',
      ';',
    );
    const host = fc.constantFrom(
      'http://h.test',
      'HTTP://H.TEST:80',
      'https://x.test:8443',
      'http://127.0.0.1:9',
      'http://u:p@h.test',
    );
    fc.assert(
      fc.property(host, fc.array(piece, { maxLength: 12 }), (origin, pieces) => {
        const url = `${origin}/${pieces.join('')}`;
        expect(toRequestTarget(url)).toEqual(parsedTarget(url));
      }),
      { numRuns: 3_000 },
    );
  });

  it('refuses URLs that are not http or https', () => {
    expect(() => toRequestTarget('file:///etc/passwd')).toThrow(TypeError);
    expect(() => toRequestTarget('not a url')).toThrow(TypeError);
  });
});
