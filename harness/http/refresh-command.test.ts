// The refresh command, run for real: tiny node scripts in a temp folder.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeCommand, maxRefreshOutputBytes, runRefreshCommand } from './refresh-command.js';
import { refreshFailureOf } from './test-support/refresh-failure.js';

let dir: string;
const node = process.execPath;
const env = { PATH: process.env['PATH'], TOKEN_FOR_TEST: 'tok_from_env_1234' };

const scripts: Record<string, string> = {
  'print.js': "process.stdout.write('tok_New_0123456789\\nexpires_in=3600\\n');",
  'from-env.js': 'console.log(process.env.TOKEN_FOR_TEST);',
  'reads-stdin.js': "process.stdin.resume(); process.stdin.on('end', () => console.log('tok_after_stdin'));",
  'fails.js': "console.error('secret_in_stderr_abc'); console.log('secret_in_stdout_abc'); process.exit(3);",
  'hangs.js': 'setInterval(() => {}, 1000);',
  'floods.js': `process.stdout.write('x'.repeat(${maxRefreshOutputBytes * 4}));`,
  'empty.js': '',
  'spaced.js': "console.log('Bearer secret_tok_abc');",
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'apicert-refresh-command-'));
  for (const [name, text] of Object.entries(scripts)) await writeFile(join(dir, name), text);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function failureOf(command: readonly string[], timeoutMs?: number): Promise<string> {
  return refreshFailureOf(runRefreshCommand(command, { env, cwd: dir, ...(timeoutMs ? { timeoutMs } : {}) }));
}

describe('runRefreshCommand', () => {
  it('returns the first line the command printed, trimmed; the program and its arguments relative to cwd', async () => {
    expect(await runRefreshCommand([node, 'print.js'], { env, cwd: dir })).toBe('tok_New_0123456789');
    expect(await runRefreshCommand([node, join(dir, 'from-env.js')], { env })).toBe('tok_from_env_1234');
    expect(await runRefreshCommand([node, 'reads-stdin.js'], { env, cwd: dir })).toBe('tok_after_stdin');
  });

  it('says in one line why it got no token, naming the command and never what it printed', async () => {
    const named = (script: string) => `the refresh command "${node} ${script}"`;
    expect(await failureOf([node, 'fails.js'])).toBe(`${named('fails.js')} failed (exit code 3)`);
    expect(await failureOf([node, 'hangs.js'], 300)).toBe(
      `${named('hangs.js')} did not end within 0.3 s; it was stopped`,
    );
    expect(await failureOf([node, 'floods.js'])).toBe(
      `${named('floods.js')} printed more than ${maxRefreshOutputBytes} bytes, more than a token; it was stopped`,
    );
    expect(await failureOf([node, 'empty.js'])).toBe(
      `${named('empty.js')} printed no token: the first line it printed is empty`,
    );
    expect(await failureOf([node, 'spaced.js'])).toBe(
      `${named('spaced.js')} printed no token: the first line it printed holds spaces, control or non-ASCII characters, which no token does`,
    );
    expect(await failureOf(['./no-such-program-here'])).toBe(
      'the refresh command "./no-such-program-here" could not be started: no such program (give its path, or put it on PATH)',
    );
  });
});

describe('describeCommand', () => {
  it('quotes words a shell would split, and cuts a long command', () => {
    expect(describeCommand(['vault', 'read', '-field=token', 'secret/api'])).toBe(
      'command "vault read -field=token secret/api"',
    );
    expect(describeCommand(['print token.sh', 'a b'])).toBe('command ["print token.sh","a b"]');
    expect(describeCommand(['x'.repeat(100)])).toBe(`command "${'x'.repeat(79)}…"`);
  });
});
