// Test support: a CliIo that records what a command prints.
import type { CliIo } from '../cli-io.js';

export interface CapturedIo extends CliIo {
  readonly out: () => string;
  readonly err: () => string;
}

export function captureIo(
  env: Record<string, string | undefined> = {},
  untilStopped: () => Promise<void> = async () => {},
): CapturedIo {
  let out = '';
  let err = '';
  return {
    stdout: { isTTY: false, write: (text: string) => (out += text) },
    stderr: { isTTY: false, write: (text: string) => (err += text) },
    env,
    untilStopped,
    out: () => out,
    err: () => err,
  };
}
