import { describe, expect, it } from 'vitest';
import { parseJsonBody } from './json-body.js';
import { REDACTED } from './redact.js';

describe('parseJsonBody', () => {
  it('parses JSON', () => {
    expect(parseJsonBody('{"a":[1]}', [])).toEqual({ json: { a: [1] } });
  });

  it('says an empty body is empty', () => {
    expect(parseJsonBody('', [])).toEqual({ json: undefined, jsonError: 'empty body' });
  });

  it('says why a malformed body is not JSON, without the secrets the parser quotes', () => {
    const result = parseJsonBody('{"token": s3cret-value', ['s3cret-value']);
    expect(result.json).toBeUndefined();
    expect(result.jsonError).toMatch(/^malformed JSON: /);
    expect(result.jsonError).toBe("malformed JSON: Unexpected token 's'");
    expect(result.jsonError).not.toContain('s3cret');
  });

  it('redacts a secret the parser message itself carries', () => {
    expect(parseJsonBody('{"s3cret-value" 1}', ['s3cret-value']).jsonError).not.toContain('s3cret');
    expect(parseJsonBody('{', ['Expected']).jsonError).toContain(REDACTED);
  });
});
