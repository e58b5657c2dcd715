// `apicert run`: flags to options, the runner with the suite registry, then the reports; returns the exit code.
import { findReportDirProblem, reportFormats, type ReportFormat } from '../reports/index.js';
import { advisoryClassId, contractClassId, optInClassIds } from '../harness/model/run-result.js';
import { allChecks, suites as registry } from '../suites/index.js';
import { hasUrlUserInfo } from '../harness/config/url-user-info.js';
import { UsageError } from '../harness/errors.js';
import type { ExitCode } from '../harness/exit-codes.js';
import { runConformance, type RunConformanceOptions } from '../harness/runner/run-conformance.js';
import type { CliIo } from './cli-io.js';
import {
  parseChoices,
  parseFailOn,
  parseInteger,
  parseList,
  parseReporters,
  parseShard,
  parseSuites,
} from './parse-flag-values.js';
import { parseRunPace } from './run-pace.js';
import { createProgressLine } from './progress-line.js';
import { reportRun, reportRunOptionsFor } from './report-run.js';

export interface RunFlagValues {
  readonly baseUrl?: string | undefined;
  readonly config?: string | undefined;
  readonly openapi?: string | undefined;
  readonly suite?: string | undefined;
  readonly reportDir: string;
  readonly format: string;
  readonly reporter?: string | undefined;
  readonly seed?: string | undefined;
  readonly require?: string | undefined;
  readonly strict?: boolean | undefined;
  readonly timeoutMs?: string | undefined;
  readonly rateLimit?: string | undefined;
  readonly concurrency?: string | undefined;
  readonly baseline?: string | undefined;
  readonly failOn?: string | undefined;
  readonly shard?: string | undefined;
}

// A class no check belongs to can never pass: almost surely a typo, so it is a usage error.
function parseRequiredClasses(raw: string | undefined): string[] | undefined {
  const names = parseList(raw);
  if (names === undefined) return undefined;
  const known = [...new Set(allChecks.map((check) => check.conformanceClass)), advisoryClassId];
  for (const name of names) {
    if (!known.includes(name))
      throw new UsageError(`--require: unknown conformance class "${name}"; choose from ${known.join(', ')}`);
  }
  if (names.length === 0) throw new UsageError(`--require needs at least one of ${known.join(', ')}`);
  return names;
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
  const suites = parseSuites(flags.suite);
  const formats: ReportFormat[] = parseChoices('format', flags.format, reportFormats);
  const reporters = parseReporters(flags.reporter, io.env);
  // Seeds are 31-bit: each check's seed is derived from the run seed within that range.
  const seed = parseInteger('seed', flags.seed, 0, 0x7fffffff);
  const pace = parseRunPace(flags);
  const shard = parseShard(flags.shard);
  const named = parseRequiredClasses(flags.require);
  // Advice is gated on in addition to the conformance classes, never instead of them: naming only
  // "advisory" keeps the default (every class that ran) and adds it, as --strict does.
  // The same holds for every opt-in class (the document's contract too): naming only those adds them.
  const isOptInOnly = named !== undefined && named.every((name) => optInClassIds.includes(name));
  const required = isOptInOnly ? undefined : named;
  const strict = flags.strict === true || (isOptInOnly && named.includes(advisoryClassId));
  const alsoRequire = isOptInOnly ? named.filter((name) => name !== advisoryClassId) : [];
  if (flags.openapi === undefined && [...(named ?? [])].includes(contractClassId)) {
    throw new UsageError(
      `--require ${contractClassId} judges the answers against an API description: give it with --openapi FILE|URL`,
    );
  }
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
      ...(flags.baseUrl !== undefined ? { baseUrl: flags.baseUrl } : {}),
      ...(flags.config !== undefined ? { configPath: flags.config } : {}),
      ...(derived !== undefined
        ? { derived: { config: derived.config, derivation: derived.derivation }, contract: derived.contract }
        : {}),
      ...(alsoRequire.length > 0 ? { alsoRequire } : {}),
      ...(suites !== undefined ? { suites } : {}),
      ...(seed !== undefined ? { seed } : {}),
      ...pace,
      ...(shard !== undefined ? { shard } : {}),
      ...(required !== undefined ? { require: required } : {}),
      ...(strict ? { strict: true } : {}),
      ...(flags.baseline !== undefined ? { baselinePath: flags.baseline } : {}),
      env: io.env,
      onProgress: (index, total, label) => progress.update(index, total, label),
      ...(interrupts !== undefined ? { interrupt: interrupts.signal } : {}),
    });
    progress.clear();
    const { exitCode } = await reportRun(
      run,
      comparison,
      reportRunOptionsFor(io, reporters, { reportDir: flags.reportDir, formats, failOn }),
    );
    return exitCode;
  } finally {
    interrupts?.signal.removeEventListener('abort', onInterrupt);
    interrupts?.dispose();
    progress.clear();
  }
}
