// yargs wiring only: every command's work lives in its own file, loaded when that command runs, so
// a command pays only for the modules it uses (the reference server's Express, the runner's undici).
import { UsageError } from '../harness/errors.js';
import { ExitCode } from '../harness/exit-codes.js';
import { toolVersion } from '../harness/tool-version.js';
import type { CliIo } from './cli-io.js';
import { exitCodeForError, formatErrorLine } from './exit-code-for-error.js';
import { findRepeatedFlag } from './parse-flag-values.js';
import { findQuickAnswer } from './quick-answer.js';

/** Runs a command's work with the process's io; the parser calls it from the command's handler. */
type CommandRunner = (work: (io: CliIo) => Promise<number>) => Promise<void>;

/** Runs the CLI with `argv` (without node and script) and returns the exit code; never throws. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const quickAnswer = findQuickAnswer(argv, io);
  if (quickAnswer !== undefined) {
    io.stdout.write(quickAnswer);
    return ExitCode.Conformant;
  }
  let exitCode: number = ExitCode.Conformant;
  const run: CommandRunner = async (work) => {
    try {
      exitCode = await work(io);
    } catch (error) {
      io.stderr.write(`${formatErrorLine(error)}\n`);
      exitCode = exitCodeForError(error);
    }
  };

  const repeated = findRepeatedFlag(argv);
  if (repeated !== undefined) {
    const error = new UsageError(
      `--${repeated} is given more than once; give it once (comma lists take several values)`,
    );
    io.stderr.write(`${formatErrorLine(error)}\n`);
    return exitCodeForError(error);
  }
  try {
    const parser = await createParser(argv, Math.min(100, io.stdout.columns ?? 100), run);
    await parser.parseAsync();
  } catch (error) {
    io.stderr.write(`${formatErrorLine(error)}\n`);
    return exitCodeForError(error);
  }
  return exitCode;
}

/** `apicert --help` as yargs prints it in English at 100 columns: the text top-level-help.ts keeps. */
export async function renderTopLevelHelp(): Promise<string> {
  const parser = await createParser([], 100, () => Promise.resolve());
  return parser.locale('en').getHelp();
}

// Loaded by the builder of the command being run: the flag tables list the reporters, which
// --version and --help, answered without them, need not load.
const flagTables = () => import('./flags.js');

async function createParser(argv: readonly string[], width: number, run: CommandRunner) {
  const { default: yargs } = await import('yargs');
  return yargs([...argv])
    .scriptName('apicert')
    .usage('$0 <command> [options]\n\nConformance test kit for resource-style HTTP JSON APIs.')
    .command(
      'run',
      'Run the conformance suites against a target and write reports',
      async (y) => y.options((await flagTables()).runFlags),
      async (args) => {
        await run(async (io) =>
          // yargs gives every flag in camelCase too: the command reads the names it declares.
          (await import('./run-command.js')).runCommand(args, io),
        );
      },
    )
    .command(
      'reference-server',
      'Start the bundled reference implementation (prints one JSON line with its URL and token)',
      async (y) => y.options((await flagTables()).referenceServerFlags),
      async (args) => {
        await run(async (io) => (await import('./reference-server-command.js')).referenceServerCommand(args, io));
      },
    )
    .command(
      'init',
      'Write a starting config from an OpenAPI document (a file or URL, or found under --base-url)',
      async (y) => y.options((await flagTables()).initFlags),
      async (args) => {
        await run(async (io) => (await import('./init-command.js')).initCommand(args, io));
      },
    )
    .command(
      'replay <report>',
      'Run again the failed and errored checks of an earlier report.json, with its seed',
      async (y) =>
        y
          .positional('report', { type: 'string', demandOption: true, describe: 'report.json of an earlier run' })
          .options((await flagTables()).replayFlags),
      async (args) => {
        await run(async (io) => (await import('./replay-command.js')).replayCommand(args, io));
      },
    )
    .command(
      'merge-reports <reports..>',
      'Join the reports of the shards of a run (run --shard i/n) into one verdict and one set of reports',
      async (y) =>
        y
          .positional('reports', {
            type: 'string',
            array: true,
            demandOption: true,
            describe: "Each shard's report folder, or its report.json",
          })
          .options((await flagTables()).mergeReportsFlags),
      async (args) => {
        await run(async (io) =>
          (await import('./merge-reports-command.js')).mergeReportsCommand(
            { ...args, reports: (args.reports ?? []).map(String) },
            io,
          ),
        );
      },
    )
    .command(
      'vectors',
      'Print the webhook signature test vectors of a profile, as JSON',
      async (y) => y.options((await flagTables()).vectorsFlags),
      async (args) => {
        await run(async (io) => (await import('./vectors-command.js')).vectorsCommand(args.profile, io));
      },
    )
    .command(
      'validate-config <file>',
      'Check a config file: prints ok, or one line per problem',
      (y) => y.positional('file', { type: 'string', demandOption: true, describe: 'Path to the config file' }),
      async (args) => {
        await run(async (io) => (await import('./validate-config-command.js')).validateConfigCommand(args.file, io));
      },
    )
    .demandCommand(1, 'name a command: run, replay, merge-reports, init, reference-server, vectors or validate-config')
    .strict()
    .version(toolVersion())
    .help()
    .wrap(width)
    .exitProcess(false)
    .fail((message, error) => {
      // Usage problems found by yargs itself (unknown flag, missing command): one line, exit 2.
      throw error ?? new UsageError(`${message.split('\n')[0]}; see apicert --help`);
    });
}
