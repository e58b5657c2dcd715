import { describe, expect, it } from 'vitest';
import { cookieHeaderOf } from './cookie-header.js';

describe('cookieHeaderOf', () => {
  it('sends back every cookie set, without their attributes, whatever dates they carry', () => {
    expect(cookieHeaderOf('theme=dark; Path=/; Expires=Wed, 21 Oct 2026 07:28:00 GMT, sid=abc123; HttpOnly')).toBe(
      'theme=dark; sid=abc123',
    );
    expect(cookieHeaderOf('sid=1')).toBe('sid=1');
  });

  it('has nothing to send when no cookie was set', () => {
    expect(cookieHeaderOf(undefined)).toBeUndefined();
    expect(cookieHeaderOf('garbage')).toBeUndefined();
  });
});
