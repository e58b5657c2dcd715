// Runs the built CLI as a new process and watches it: its exit code, wall time and peak resident
// memory (VmHWM, read from /proc while it runs), so the kit's memory is measured apart from the
// bench's own and from the target's.
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../cli/main.js', import.meta.url));

export interface WatchedProcess {
  readonly exitCode: number | null;
  readonly wallMs: number;
  readonly peakRssMiB: number;
}

/** Runs `apicert ...args` with `env` added to the environment, and resolves when it exits. */
export async function watchKitProcess(
  args: readonly string[],
  env: Readonly<Record<string, string>>,
): Promise<WatchedProcess> {
  const started = performance.now();
  const child = spawn(process.execPath, [cli, ...args], { env: { ...process.env, ...env }, stdio: 'ignore' });
  let peakKiB = 0;
  // VmHWM is the peak so far; poll it until the child exits and keep the last reading.
  const poll = setInterval(() => {
    readFile(`/proc/${child.pid}/status`, 'utf8')
      .then((status) => {
        const match = /VmHWM:\s+(\d+)\s+kB/.exec(status);
        if (match) peakKiB = Math.max(peakKiB, Number(match[1]));
      })
      .catch(() => {});
  }, 10);
  const exitCode = await new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  clearInterval(poll);
  return { exitCode, wallMs: performance.now() - started, peakRssMiB: peakKiB / 1024 };
}
