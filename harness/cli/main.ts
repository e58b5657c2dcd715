// Process entry of the `apicert` binary.
import { once } from 'node:events';
import { runCli } from './cli.js';

const exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  untilStopped: async () => {
    await Promise.race([once(process, 'SIGINT'), once(process, 'SIGTERM')]);
  },
});
process.exitCode = exitCode;
