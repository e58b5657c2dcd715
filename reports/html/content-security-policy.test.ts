import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildContentSecurityPolicy, toHashSource } from './content-security-policy.js';

describe('buildContentSecurityPolicy', () => {
  it('allows the one script and the one style by their SHA-256 and nothing else', () => {
    const policy = buildContentSecurityPolicy('run()', 'p{}');
    const digest = (text: string): string => createHash('sha256').update(text).digest('base64');
    expect(policy.split('; ')).toEqual([
      "default-src 'none'",
      `script-src 'sha256-${digest('run()')}'`,
      `style-src 'sha256-${digest('p{}')}'`,
      "base-uri 'none'",
      "form-action 'none'",
    ]);
    expect(policy).not.toContain('unsafe');
  });

  it('gives a different source for different text', () => {
    expect(toHashSource('a')).not.toBe(toHashSource('b'));
  });
});
