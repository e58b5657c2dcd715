// `npm run demo`: the README's main command. Starts the bundled reference server, runs every suite
// against it with the shipped example config, writes apicert-report/, stops the server.
import { fileURLToPath } from 'node:url';
import { startReferenceServer } from '../../reference-server/start.js';
import { runCli } from './cli.js';

const exampleConfig = fileURLToPath(new URL('../../../apicert.config.example.json', import.meta.url));
const reportDir = 'apicert-report';

const server = await startReferenceServer({ port: 0 });
process.stderr.write(`reference server listening on ${server.url}\n`);
try {
  const exitCode = await runCli(['run', '--base-url', server.url, '--config', exampleConfig, '--report-dir', reportDir], {
    stdout: process.stdout,
    stderr: process.stderr,
    // The reference server's demo credentials, handed over the way a user would: environment variables.
    env: { ...process.env, APICERT_TOKEN: server.token, APICERT_WEBHOOK_SECRET: server.webhookSecret },
    untilStopped: () => Promise.resolve(),
  });
  process.stdout.write(`open ${reportDir}/index.html to read the report\n`);
  process.exitCode = exitCode;
} finally {
  await server.close();
}
