// `npm run demo`: the README's main command. Starts the bundled reference server, runs every suite
// against it with the shipped example config, writes apicert-report/, stops the server.
// `npm run demo -- --defects NAME,NAME` switches defects on, to see how failures are reported.
import { fileURLToPath } from 'node:url';
import { startReferenceServerInWorker } from '../reference-server/start-in-worker.js';
import { UsageError } from '../harness/errors.js';
import { exitCodeForError, formatErrorLine } from './exit-code-for-error.js';
import { runFlags } from './flags.js';
import { parseDefects } from './parse-defects.js';

const exampleConfig = fileURLToPath(new URL('../../apicert.config.example.json', import.meta.url));
const reportDir = 'apicert-report';

// On its own thread, so the run and the server each get a core; and it starts while this thread
// loads the runner, rather than after.
const loadingRunner = import('./run-command.js');
const defects = (() => {
  try {
    return parseDefects(readDefectsFlag(process.argv.slice(2)));
  } catch (error) {
    process.stderr.write(`${formatErrorLine(error)}\n`);
    process.exit(exitCodeForError(error));
  }
})();
const server = await startReferenceServerInWorker({ port: 0, defects }).catch((error: unknown) => {
  process.stderr.write(`${formatErrorLine(error)}\n`);
  process.exit(exitCodeForError(error));
});
const { runCommand } = await loadingRunner;
process.stderr.write(
  `reference server listening on ${server.url}${defects.length > 0 ? ` with the defects ${defects.join(', ')}` : ''}\n`,
);
try {
  // `apicert run --base-url URL --config apicert.config.example.json`, called without yargs: its
  // arguments are fixed, and loading the parser would add a tenth of a second to the demo's start.
  const flags = { baseUrl: server.url, config: exampleConfig, reportDir, format: runFlags.format.default };
  process.exitCode = await runCommand(flags, {
    stdout: process.stdout,
    stderr: process.stderr,
    // The reference server's demo credentials, handed over the way a user would: environment variables.
    env: { ...process.env, APICERT_TOKEN: server.token, APICERT_WEBHOOK_SECRET: server.webhookSecret },
    untilStopped: () => Promise.resolve(),
  }).catch((error: unknown) => {
    process.stderr.write(`${formatErrorLine(error)}\n`);
    return exitCodeForError(error);
  });
  process.stdout.write(`open ${reportDir}/index.html to read the report\n`);
} finally {
  await server.close();
}

// The demo takes one flag; anything else is a usage error (a mistyped flag must not run a clean demo).
function readDefectsFlag(args: readonly string[]): string | undefined {
  if (args.length === 0) return undefined;
  const [first, second] = args;
  if (args.length === 1 && first!.startsWith('--defects=')) return first!.slice('--defects='.length);
  if (args.length === 2 && first === '--defects') return second;
  throw new UsageError(
    `npm run demo takes only --defects NAME,NAME (got ${JSON.stringify(args.join(' ').slice(0, 80))}); see apicert reference-server --list-defects`,
  );
}
