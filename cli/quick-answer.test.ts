// `apicert --version` and `--help` answer without yargs and without the modules only commands use;
// the proof is which modules the built CLI loads, not how long it takes.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { toolVersion } from '../harness/tool-version.js';
import { renderTopLevelHelp, runCli } from './cli.js';
import { findQuickAnswer } from './quick-answer.js';
import { captureIo } from './test-support/capture-io.js';

const launcher = fileURLToPath(new URL('../bin/apicert.js', import.meta.url));

// A module hook in the child: appends the URL of every module it loads to $APICERT_TEST_LOAD_LOG.
const loadHook =
  'import { appendFileSync } from "node:fs"; let log; export function initialize(file) { log = file; } export async function load(url, context, next) { appendFileSync(log, `${url}\\n`); return next(url, context); }';
const registerLoadHook = `data:text/javascript,${encodeURIComponent(
  `import { register } from "node:module"; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(loadHook)}`)}, { data: process.env.APICERT_TEST_LOAD_LOG });`,
)}`;

/** Runs the built `apicert <args>` and returns what it printed and every module URL it loaded. */
async function runBuiltCli(
  args: readonly string[],
): Promise<{ exitCode: number | null; stdout: string; loaded: string[] }> {
  const scratch = await mkdtemp(join(tmpdir(), 'apicert-quick-'));
  const log = join(scratch, 'loaded.txt');
  try {
    const child = spawn(process.execPath, ['--import', registerLoadHook, launcher, ...args], {
      cwd: scratch,
      env: { PATH: process.env['PATH'] ?? '', LANG: 'C.UTF-8', APICERT_TEST_LOAD_LOG: log },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    const exitCode = await new Promise<number | null>((resolve) => child.on('close', resolve));
    clearTimeout(killer);
    const loaded = (await readFile(log, 'utf8').catch(() => '')).split('\n').filter((url) => url !== '');
    return { exitCode, stdout, loaded };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

// What the two quick answers must not load: each is what one command needs, and costs start-up time.
const onlyForCommands = [
  '/node_modules/yargs/',
  '/node_modules/express/',
  '/node_modules/undici/',
  '/node_modules/fast-check/',
  '/node_modules/ajv/',
  '/dist/reference-server/',
  '/dist/reports/',
  '/dist/suites/',
  '/dist/harness/runner/',
  '/dist/harness/config/',
];

describe('apicert --version and --help', () => {
  it.each([['--version'], ['--help']])('%s loads none of the modules the commands use', async (flag) => {
    const { exitCode, stdout, loaded } = await runBuiltCli([flag]);
    expect(exitCode).toBe(0);
    expect(stdout).toBe(flag === '--version' ? `${toolVersion()}\n` : `${await renderTopLevelHelp()}\n`);
    expect(loaded).toContain(new URL('../dist/cli/cli.js', import.meta.url).href);
    expect(loaded.filter((url) => onlyForCommands.some((part) => url.includes(part)))).toEqual([]);
  });

  it('the load log does see a package when it is loaded (yargs, answering --version with --help)', async () => {
    const { exitCode, loaded } = await runBuiltCli(['--version', '--help']);
    expect(exitCode).toBe(0);
    expect(loaded.some((url) => url.includes('/node_modules/yargs/'))).toBe(true);
  });

  it('prints the help yargs prints, in-process too', async () => {
    const io = captureIo({});
    expect(await runCli(['--help'], io)).toBe(0);
    expect(io.out(), 'cli/top-level-help.ts is stale: run npm run docs').toBe(`${await renderTopLevelHelp()}\n`);
  });
});

describe('findQuickAnswer', () => {
  const wide = { stdout: { write: () => true }, env: {} };

  it('answers --version and --help alone, in English, at 100 columns or more', () => {
    expect(findQuickAnswer(['--version'], wide)).toBe(`${toolVersion()}\n`);
    expect(findQuickAnswer(['--help'], { ...wide, stdout: { columns: 120, write: () => true } })).toMatch(
      /^apicert <command>/,
    );
    for (const env of [{ LANG: 'en_GB.UTF-8' }, { LC_ALL: 'C' }, { LANG: 'POSIX' }, { LC_ALL: '', LANG: 'C.UTF-8' }]) {
      expect(findQuickAnswer(['--help'], { ...wide, env }), JSON.stringify(env)).toBeDefined();
    }
  });

  it('leaves to yargs other arguments, a narrower terminal and a translated locale', () => {
    expect(findQuickAnswer(['run', '--help'], wide)).toBeUndefined();
    expect(findQuickAnswer(['--help', '--version'], wide)).toBeUndefined();
    expect(findQuickAnswer([], wide)).toBeUndefined();
    expect(findQuickAnswer(['--help'], { ...wide, stdout: { columns: 80, write: () => true } })).toBeUndefined();
    for (const env of [
      { LANG: 'de_DE.UTF-8' },
      { LC_ALL: 'fr_FR', LANG: 'en_US' },
      { LC_MESSAGES: 'ja_JP' },
      { LANGUAGE: 'de:en' },
    ]) {
      expect(findQuickAnswer(['--help'], { ...wide, env }), JSON.stringify(env)).toBeUndefined();
    }
  });
});
