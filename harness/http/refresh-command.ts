// Runs target.auth.refresh.command to get a new token: without a shell (the config's words are the
// argv, so nothing in them is interpreted), bounded in time and output, and with its stdin closed so
// a program that waits for input ends at once instead of at the time-out. What it prints is never
// shown, not even on failure: a program that prints a token may print secrets on its errors too.
import { execFile } from 'node:child_process';
import { CredentialRefreshFailedError } from '../errors.js';
import { readPrintedToken } from './refreshed-token.js';

/** How long the command may run. */
export const refreshCommandTimeoutMs = 15_000;
/** How much it may print, on stdout and on stderr each. */
export const maxRefreshOutputBytes = 16 * 1024;

export interface RefreshCommandOptions {
  /** The environment it runs in (the run's, so it can read its own variables). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Its working directory; default the current one. */
  readonly cwd?: string | undefined;
  /** Default refreshCommandTimeoutMs. */
  readonly timeoutMs?: number;
}

/**
 * The command as a message names it: its words in quotes, or as a JSON list when a word holds what a
 * reader would split or misread; cut to a readable length.
 */
export function describeCommand(command: readonly string[]): string {
  const isPlain = command.every((word) => /^[\w./:=@%+,-]+$/.test(word));
  const shown = isPlain ? command.join(' ') : JSON.stringify(command);
  const cut = shown.length > 80 ? `${shown.slice(0, 79)}…` : shown;
  return isPlain ? `command "${cut}"` : `command ${cut}`;
}

/** The token the command printed first; throws CredentialRefreshFailedError saying what went wrong, in one line. */
export function runRefreshCommand(command: readonly string[], options: RefreshCommandOptions): Promise<string> {
  const [program, ...args] = command;
  const named = `the refresh ${describeCommand(command)}`;
  const timeoutMs = options.timeoutMs ?? refreshCommandTimeoutMs;
  if (program === undefined) return Promise.reject(new CredentialRefreshFailedError(`${named} names no program`));
  const env = Object.fromEntries(
    Object.entries(options.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  return new Promise<string>((resolve, reject) => {
    const child = execFile(
      program,
      args,
      {
        env,
        ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
        timeout: timeoutMs,
        maxBuffer: maxRefreshOutputBytes,
        killSignal: 'SIGKILL',
        windowsHide: true,
        encoding: 'utf8',
      },
      (error, stdout) => {
        if (error !== null) {
          reject(new CredentialRefreshFailedError(`${named} ${describeFailure(error, timeoutMs)}`));
          return;
        }
        const read = readPrintedToken(stdout);
        if ('problem' in read) reject(new CredentialRefreshFailedError(`${named} printed no token: ${read.problem}`));
        else resolve(read.token);
      },
    );
    child.stdin?.end();
    // A program that closes its stdin at once is no failure of the command.
    child.stdin?.on('error', () => undefined);
  });
}

interface ExecError extends Error {
  readonly code?: string | number | null;
  readonly killed?: boolean;
  readonly signal?: NodeJS.Signals | null;
}

// Node's message for a failed execFile quotes the command and what it printed to stderr: never used.
function describeFailure(error: ExecError, timeoutMs: number): string {
  if (error.code === 'ENOENT') return 'could not be started: no such program (give its path, or put it on PATH)';
  if (error.code === 'EACCES') return 'could not be started: the program is not executable';
  if (error.code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER')
    return `printed more than ${maxRefreshOutputBytes} bytes, more than a token; it was stopped`;
  if (error.killed === true) return `did not end within ${timeoutMs / 1000} s; it was stopped`;
  if (typeof error.code === 'number') return `failed (exit code ${error.code})`;
  if (error.signal !== null && error.signal !== undefined) return `was ended by ${error.signal}`;
  return `could not be run (${typeof error.code === 'string' ? error.code : 'unknown error'})`;
}
