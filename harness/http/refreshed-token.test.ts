import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxTokenChars, problemWithToken, readPrintedToken } from './refreshed-token.js';

describe('readPrintedToken', () => {
  it('takes the first line, trimmed, whatever follows it', () => {
    expect(readPrintedToken('tok_abc\n')).toEqual({ token: 'tok_abc' });
    expect(readPrintedToken('  eyJhbGciOi.J9.x-_~+/= \r\nexpires in 3600\n')).toEqual({
      token: 'eyJhbGciOi.J9.x-_~+/=',
    });
    expect(readPrintedToken('no-newline')).toEqual({ token: 'no-newline' });
  });

  it('says why a first line is no token, quoting none of it', () => {
    expect(readPrintedToken('')).toEqual({ problem: 'the first line it printed is empty' });
    expect(readPrintedToken('\ntok_on_the_second_line\n')).toEqual({ problem: 'the first line it printed is empty' });
    expect(readPrintedToken('Bearer tok_secret\n')).toEqual({
      problem: 'the first line it printed holds spaces, control or non-ASCII characters, which no token does',
    });
    expect(readPrintedToken(`${'a'.repeat(maxTokenChars + 1)}\n`)).toEqual({
      problem: `the first line it printed is ${maxTokenChars + 1} characters long, more than a token can be (${maxTokenChars})`,
    });
  });

  it('never quotes the text it was given in a problem', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (before, after) => {
        const read = readPrintedToken(`${before}SeCrEt${after}`);
        if ('problem' in read) expect(read.problem).not.toContain('SeCrEt');
      }),
    );
  });
});

describe('problemWithToken', () => {
  it('accepts what can be sent in a header as a bearer token', () => {
    for (const token of ['a', 'tok_Live_0123', 'eyJ.eyJ.sig', 'x'.repeat(maxTokenChars)])
      expect(problemWithToken(token)).toBeUndefined();
    for (const token of ['', 'a b', 'a\tb', 'é', 'a\u0000']) expect(problemWithToken(token)).toBeDefined();
  });
});
