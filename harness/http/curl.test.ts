import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quoteForShell, toCurlLine, type CurlRequest } from './curl.js';

/** Runs the line in a real shell with `curl` replaced by a function that prints its arguments. */
function argumentsAsShellSeesThem(line: string, shell = 'sh'): string[] {
  const script = `curl() { for arg in "$@"; do printf '%s\\0' "$arg"; done; }\n${line}`;
  const args = shell === 'bash' ? ['--norc', '--noprofile', '-c', script] : ['-c', script];
  const out = execFileSync(shell, args, {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', APICERT_TOKEN: 'token-from-env' },
    timeout: 5_000,
  });
  return out.toString('utf8').split('\0').slice(0, -1);
}

const credential = { header: 'Authorization', curlValue: 'Bearer $APICERT_TOKEN' };

describe('toCurlLine', () => {
  it('shows the credential as its variable, expanded by the shell, never as a value', () => {
    const line = toCurlLine({
      method: 'GET',
      url: 'http://127.0.0.1:1/customers',
      headers: { accept: 'application/json' },
      credential,
    });
    expect(line).toContain('$APICERT_TOKEN');
    expect(argumentsAsShellSeesThem(line)).toEqual([
      '-sS',
      '-g',
      'http://127.0.0.1:1/customers',
      '-H',
      'accept: application/json',
      '-H',
      'Authorization: Bearer token-from-env',
    ]);
  });

  it('passes a body with quotes, $(…), backticks and newlines to curl unchanged', () => {
    const body = `{"name":"O'Brien \\"x\\"","cmd":"$(touch /tmp/apicert-pwned) \`id\` $HOME"}\nline2`;
    const line = toCurlLine({
      method: 'POST',
      url: "http://127.0.0.1:1/a?q=1&r='x'",
      headers: { 'content-type': 'application/json' },
      body: { text: body },
    });
    expect(argumentsAsShellSeesThem(line)).toEqual([
      '-sS',
      '-g',
      '-X',
      'POST',
      "http://127.0.0.1:1/a?q=1&r='x'",
      '-H',
      'content-type: application/json',
      '--data-raw',
      body,
    ]);
  });

  it('uses --head for HEAD and leaves out headers curl computes itself', () => {
    const line = toCurlLine({
      method: 'HEAD',
      url: 'http://h/x',
      headers: { 'Content-Length': '0', Host: 'h', 'x-a': 'b' },
    });
    expect(argumentsAsShellSeesThem(line)).toEqual(['-sS', '-g', '--head', 'http://h/x', '-H', 'x-a: b']);
  });

  it('names the size of a binary body instead of printing it, and stays runnable', () => {
    const line = toCurlLine({ method: 'PUT', url: 'http://h/x', headers: {}, body: { binaryBytes: 12 } });
    expect(line).toContain('12 bytes');
    expect(argumentsAsShellSeesThem(line)).toEqual(['-sS', '-g', '-X', 'PUT', 'http://h/x']);
  });

  it('escapes anything in a curlValue except $NAME', () => {
    const line = toCurlLine({
      method: 'GET',
      url: 'http://h/',
      headers: {},
      credential: { header: 'X-Api-Key', curlValue: '"`x`$(y)$APICERT_TOKEN' },
    });
    expect(argumentsAsShellSeesThem(line)).toEqual([
      '-sS',
      '-g',
      'http://h/',
      '-H',
      'X-Api-Key: "`x`$(y)token-from-env',
    ]);
  });

  it('any header value, URL and body reach curl exactly as given, in sh and bash (property)', () => {
    const text = fc.string({ unit: 'binary', maxLength: 40 }).map((value) => value.replace(/\0/g, ''));
    fc.assert(
      fc.property(text, text, text, (url, value, body) => {
        const request: CurlRequest = {
          method: 'POST',
          url: `http://h/${url}`,
          headers: { 'x-v': value },
          body: { text: body },
        };
        const expected = ['-sS', '-g', '-X', 'POST', `http://h/${url}`, '-H', `x-v: ${value}`, '--data-raw', body];
        expect(argumentsAsShellSeesThem(toCurlLine(request))).toEqual(expected);
        expect(argumentsAsShellSeesThem(toCurlLine(request), 'bash')).toEqual(expected);
      }),
      { numRuns: 25 },
    );
  });
});

describe('quoteForShell', () => {
  it('leaves plain words bare and quotes the rest', () => {
    expect(quoteForShell('GET')).toBe('GET');
    expect(quoteForShell('=cmd')).toBe("'=cmd'");
    expect(quoteForShell("it's")).toBe(`'it'\\''s'`);
  });
});
