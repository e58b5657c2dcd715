// Wall time of a new Node process, from spawn to exit: what a user waits for at the command line.
import { spawn } from 'node:child_process';

/** Milliseconds from spawning `node ...args` to its exit; throws when it exits non-zero. */
export async function timeProcess(args: readonly string[], cwd: string): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd, stdio: 'ignore' });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`node ${args.join(' ')} exited with ${code}`);
  return performance.now() - started;
}
