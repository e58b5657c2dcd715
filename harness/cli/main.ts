// Process entry of the `apicert` binary.
import { once } from 'node:events';
import { runCli } from './cli.js';

// `apicert reference-server --list-defects | head -1`: a closed pipe ends the output, not in a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

const exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  untilStopped: async () => {
    await Promise.race([once(process, 'SIGINT'), once(process, 'SIGTERM')]);
  },
});
process.exitCode = exitCode;
