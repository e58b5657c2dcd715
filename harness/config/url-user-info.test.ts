import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasUrlUserInfo, maskUrlUserInfo } from './url-user-info.js';

describe('hasUrlUserInfo', () => {
  it('finds user info in every spelling the URL parser accepts, and nowhere else', () => {
    for (const url of [
      'http://u:pw@h',
      'https://tok@h:8080/api',
      'http:u:pw@h',
      'http:\\\\u:pw@h/x',
      'http://@h',
      'http://a@b@h/p',
    ]) {
      expect(hasUrlUserInfo(url)).toBe(true);
    }
    for (const url of [
      'http://h',
      'https://h:1/a@b',
      'http://h/?next=u:pw@x',
      '/webhook-receiver',
      'ada.{unique}@example.com',
    ]) {
      expect(hasUrlUserInfo(url)).toBe(false);
    }
  });

  it('agrees with the URL parser on every string it reads as a URL with user info (property)', () => {
    const anyText = fc.string({ unit: fc.constantFrom(...'aZ09:@/\\?#.% \t\n'.split('')), maxLength: 12 });
    fc.assert(
      fc.property(
        fc.constantFrom('http://', 'HTTPS:', ' http:\\', 'ht\ttp://'),
        anyText,
        anyText,
        (scheme, userInfo, rest) => {
          const text = `${scheme}${userInfo}@h${rest}`;
          let parsed: URL | undefined;
          try {
            parsed = new URL(text);
          } catch {
            return;
          }
          if (parsed.username !== '' || parsed.password !== '') expect(hasUrlUserInfo(text)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('maskUrlUserInfo', () => {
  it('replaces the whole user info and keeps the rest', () => {
    expect(maskUrlUserInfo('http://admin:pa55w0rd@127.0.0.1:9/api')).toBe('http://***@127.0.0.1:9/api');
    expect(maskUrlUserInfo('http:\\\\admin:pw@h')).toBe('http:\\\\***@h');
    expect(maskUrlUserInfo('https://h/a@b')).toBe('https://h/a@b');
  });
});
