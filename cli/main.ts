// Process entry of the `apicert` binary.
import { once } from 'node:events';
import type { InterruptWatch } from './cli-io.js';
import { runCli } from './cli.js';
import { watchMemoryCeiling } from './memory-ceiling.js';

// During `run` only: the first Ctrl-C (or a CI runner's SIGTERM) lets it stop its checks and clean
// up; the second does what the signal does by default, at once, as pressing it twice means.
function watchInterrupts(): InterruptWatch {
  const controller = new AbortController();
  const dispose = (): void => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
  const onSignal = (signal: NodeJS.Signals): void => {
    if (!controller.signal.aborted) return void controller.abort();
    dispose();
    process.kill(process.pid, signal);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return { signal: controller.signal, dispose };
}

// `apicert reference-server --list-defects | head -1`: a closed pipe ends the output, not in a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

// A run against a hostile target makes garbage fast. Only the commands that run checks are watched:
// the reference server, say, serves as long as it is left running and has its own rhythm.
const memory = ['run', 'replay'].includes(process.argv[2] ?? '') ? watchMemoryCeiling() : undefined;
const exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  untilStopped: async () => {
    await Promise.race([once(process, 'SIGINT'), once(process, 'SIGTERM')]);
  },
  watchInterrupts,
});
memory?.stop();
process.exitCode = exitCode;
