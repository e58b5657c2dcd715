// `apicert run`: flags to options, the runner with the suite registry, then the reports; returns the exit code.
import { findReportDirProblem, reportFormats, type ReportFormat } from '../reports/index.js';
import { allChecks, suites as registry } from '../suites/index.js';
import { hasUrlUserInfo } from '../harness/config/url-user-info.js';
import { UsageError } from '../harness/errors.js';
import type { ExitCode } from '../harness/exit-codes.js';
import { runConformance, type RunConformanceOptions } from '../harness/runner/run-conformance.js';
import type { CliIo } from './cli-io.js';
import { parseChoices, parseFailOn, parseInteger } from './parse-flag-values.js';
import { parseReporters } from './parse-reporters.js';
import { parseRunOptions, type RunOptionFlags } from './run-options-of-flags.js';
import { createProgressLine } from './progress-line.js';
import { reportRun, reportRunOptionsFor } from './report-run.js';

export interface RunFlagValues extends RunOptionFlags {
  readonly baseUrl?: string | undefined;
  readonly reportDir: string;
  readonly format: string;
  readonly reporter?: string | undefined;
  readonly seed?: string | undefined;
  readonly baseline?: string | undefined;
  readonly failOn?: string | undefined;
}

/**
 * The config `run --openapi` starts from, as `apicert init` would write it, how it was derived, and
 * the document as a contract for the answers (the openapi-contract class).
 */
async function deriveForRun(
  source: string,
  baseUrl: string | undefined,
  io: CliIo,
): Promise<
  NonNullable<RunConformanceOptions['derived']> & { contract: NonNullable<RunConformanceOptions['contract']> }
> {
  // Loaded only for --openapi: the parser, the faker and the validators cost a run without a
  // document about a third of a second of start-up.
  const [{ readDescription, specificationOf }, { deriveConfig }, { createAnswerContract }] = await Promise.all([
    import('./read-description.js'),
    import('../harness/openapi/derive-config.js'),
    import('../harness/openapi/response-contract.js'),
  ]);
  const loaded = await readDescription(
    { openapi: source, baseUrl: baseUrl === undefined ? undefined : originOf(baseUrl) },
    io,
  );
  const derivation = deriveConfig(loaded.model, {
    ...(baseUrl !== undefined ? { baseUrl } : {}),
    ...(loaded.url !== undefined ? { documentUrl: loaded.url } : {}),
    seed: 1,
  });
  const toFill = derivation.lines.filter((line) => line.kind === 'missing').length;
  io.stdout.write(
    `config derived from ${source} (${specificationOf(loaded.model)}): ${derivation.lines.length - toFill} keys derived, ${toFill} it could not fill (apicert init --openapi prints each); --config keys win\n`,
  );
  return {
    config: derivation.config,
    derivation: { source, specification: specificationOf(loaded.model), keys: derivation.lines },
    contract: (runBaseUrl, secrets) => createAnswerContract(loaded.model, { source, baseUrl: runBaseUrl, secrets }),
  };
}

// The token goes only to the base URL's origin; a malformed --base-url is the runner's to refuse.
function originOf(baseUrl: string): string | undefined {
  try {
    return new URL(baseUrl).origin;
  } catch {
    return undefined;
  }
}

export async function runCommand(flags: RunFlagValues, io: CliIo): Promise<ExitCode> {
  const formats: ReportFormat[] = parseChoices('format', flags.format, reportFormats);
  const printed = parseReporters(flags.reporter, io.env);
  // Seeds are 31-bit: each check's seed is derived from the run seed within that range.
  const seed = parseInteger('seed', flags.seed, 0, 0x7fffffff);
  const options = parseRunOptions(
    flags,
    allChecks.map((check) => check.conformanceClass),
  );
  const failOn = parseFailOn(flags.failOn ?? 'any', flags.baseline);
  // Before the target is contacted: a run is not spent only to find its reports have nowhere to go.
  const reportDirProblem = await findReportDirProblem(flags.reportDir);
  if (reportDirProblem !== undefined) throw new UsageError(reportDirProblem);
  // Before the document is read (it may be fetched from the base URL's origin), as the runner would.
  if (flags.openapi !== undefined && flags.baseUrl !== undefined && hasUrlUserInfo(flags.baseUrl)) {
    throw new UsageError(
      '--base-url must not carry user:password@; put the credential in the environment variable named by target.auth.tokenEnv (APICERT_TOKEN by default)',
    );
  }
  const derived = flags.openapi === undefined ? undefined : await deriveForRun(flags.openapi, flags.baseUrl, io);
  const progress = createProgressLine(io.stderr);
  const interrupts = io.watchInterrupts?.();
  const onInterrupt = (): void => {
    progress.clear();
    io.stderr.write(
      'apicert: interrupted; stopping the running checks, deleting the records made so far, writing the reports (Ctrl-C again quits at once)\n',
    );
  };
  interrupts?.signal.addEventListener('abort', onInterrupt, { once: true });
  try {
    const { run, comparison } = await runConformance({
      registry,
      options,
      baseUrl: flags.baseUrl,
      seed,
      derived: derived === undefined ? undefined : { config: derived.config, derivation: derived.derivation },
      contract: derived?.contract,
      baselinePath: flags.baseline,
      env: io.env,
      onProgress: (index, total, label) => progress.update(index, total, label),
      interrupt: interrupts?.signal,
    });
    progress.clear();
    const { exitCode } = await reportRun(
      run,
      comparison,
      reportRunOptionsFor(io, { reportDir: flags.reportDir, formats, printed, failOn }),
    );
    return exitCode;
  } finally {
    interrupts?.signal.removeEventListener('abort', onInterrupt);
    interrupts?.dispose();
    progress.clear();
  }
}
