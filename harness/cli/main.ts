// Process entry of the `apicert` binary.
import { once } from 'node:events';
import { runCli } from './cli.js';

// `apicert reference-server --list-defects | head -1`: a closed pipe ends the output, not in a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

// The first Ctrl-C (or a CI runner's SIGTERM) lets `run` stop its checks and clean up; the second
// quits at once, as a user pressing it twice means.
const interrupt = new AbortController();
const onStopSignal = (): void => {
  if (interrupt.signal.aborted) process.exit(130);
  interrupt.abort();
};
process.on('SIGINT', onStopSignal);
process.on('SIGTERM', onStopSignal);

const exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  untilStopped: async () => {
    await Promise.race([once(process, 'SIGINT'), once(process, 'SIGTERM')]);
  },
  interrupt: interrupt.signal,
});
process.exitCode = exitCode;
