// `apicert replay REPORT.json`: runs again the failed and errored checks of an earlier report (or
// the one --check names) with the run's seed, so each check gets the seed it had, against the same
// base URL or another (a fixed build), and prints the old and the new verdict side by side.
import { findReportDirProblem, reportFormats, type ReportFormat } from '../reports/index.js';
import { allChecks, suites as registry } from '../suites/index.js';
import { ReportInvalidError, UsageError } from '../harness/errors.js';
import { ExitCode } from '../harness/exit-codes.js';
import type { BaselineCheck } from '../harness/model/baseline-report.js';
import { defaultRequirement } from '../harness/model/run-options.js';
import { toInertText } from '../harness/model/inert-text.js';
import { loadBaseline } from '../harness/runner/load-baseline.js';
import { runConformance } from '../harness/runner/run-conformance.js';
import type { CliIo } from './cli-io.js';
import { parseChoices } from './parse-flag-values.js';
import { parseReporters } from './parse-reporters.js';
import { createProgressLine } from './progress-line.js';
import { reportRun, reportRunOptionsFor } from './report-run.js';

export interface ReplayFlagValues {
  readonly report: string;
  readonly check?: string | undefined;
  readonly baseUrl?: string | undefined;
  readonly config?: string | undefined;
  readonly reportDir: string;
  readonly format: string;
  readonly reporter?: string | undefined;
}

export async function replayCommand(flags: ReplayFlagValues, io: CliIo): Promise<ExitCode> {
  const formats: ReportFormat[] = parseChoices('format', flags.format, reportFormats);
  const printed = parseReporters(flags.reporter, io.env);
  const before = await loadBaseline(flags.report, {
    label: 'replay',
    error: ReportInvalidError,
    readsRunOptions: true,
  });
  const chosen = chooseChecks(before.checks, flags.check, flags.report);
  if (chosen.length === 0) {
    io.stdout.write(`nothing to replay: ${flags.report} has no failed or errored check (name one with --check ID)\n`);
    return ExitCode.Conformant;
  }
  // The run's options, as its report recorded them. A shard's check judged only the shard's
  // collections: it is replayed on those again, split as the run was (the split follows --suite).
  // The run's pace is kept too: a target that needed --rate-limit, a lower --concurrency or a longer
  // --timeout-ms needs it again.
  const recorded = before.options;
  if (flags.config === undefined && recorded?.openapi !== undefined) {
    throw new UsageError(
      'the report is of a run made with --openapi, which replay cannot derive again: give the config with --config FILE (apicert init --openapi writes one)',
    );
  }
  const configPath = flags.config ?? recorded?.configPath;
  if (configPath === undefined) {
    throw new UsageError(
      recorded === undefined
        ? `${flags.report} does not record the options of its run (an earlier apicert wrote it): give the config with --config FILE`
        : `${flags.report} does not say which config its run used: give it with --config FILE`,
    );
  }
  // Each check's own seed, as the report gives it: in a merged report of shards run with different
  // seeds, a check's seed is its shard's, not the one the report's seed derives.
  const checkSeeds = new Map(
    chosen.flatMap((check) => (check.seed === undefined ? [] : [[check.id, check.seed] as const])),
  );
  const reportDirProblem = await findReportDirProblem(flags.reportDir);
  if (reportDirProblem !== undefined) throw new UsageError(reportDirProblem);
  const progress = createProgressLine(io.stderr);
  try {
    const baseUrl = flags.baseUrl ?? before.target.baseUrl;
    const { run } = await runConformance({
      registry,
      options: {
        configPath,
        suites: recorded?.suites,
        checks: chosen.map((check) => check.id),
        requirement: defaultRequirement,
        pace: recorded?.pace ?? {},
        // A report without options (an earlier apicert's) still says which shard it is of.
        shard: recorded === undefined ? before.shard : recorded.shard,
        replayOf: { report: flags.report, check: flags.check },
      },
      baseUrl,
      seed: before.seed,
      checkSeeds,
      env: io.env,
      onProgress: (index, total, label) => progress.update(index, total, label),
    });
    progress.clear();
    if (printed.includes('console')) io.stdout.write(renderSideBySide(chosen, run.checks, before.seed));
    const { exitCode } = await reportRun(
      run,
      undefined,
      reportRunOptionsFor(io, { reportDir: flags.reportDir, formats, printed, failOn: 'any' }),
    );
    return exitCode;
  } finally {
    progress.clear();
  }
}

function chooseChecks(checks: readonly BaselineCheck[], named: string | undefined, report: string): BaselineCheck[] {
  const known = new Set(allChecks.map((check) => check.id));
  if (named !== undefined) {
    const found = checks.find((check) => check.id === named);
    if (found === undefined)
      throw new UsageError(
        `--check ${named}: ${report} has no such check; name one of its checks, e.g. ${checks
          .slice(0, 3)
          .map((check) => check.id)
          .join(', ')}`,
      );
    if (!known.has(named))
      throw new UsageError(
        `--check ${named}: this apicert has no such check (the report is of another version); name one of its checks`,
      );
    return [found];
  }
  return checks.filter((check) => (check.status === 'failed' || check.status === 'errored') && known.has(check.id));
}

// "before → now" per check, in the report's order; ids and statuses are the kit's own words, but a
// report file is the user's to edit, so its text is printed inert.
function renderSideBySide(
  before: readonly BaselineCheck[],
  now: readonly { readonly id: string; readonly status: string }[],
  seed: number,
): string {
  const width = Math.max(...before.map((check) => check.id.length));
  const lines = before.map((check) => {
    const after = now.find((result) => result.id === check.id)?.status ?? 'not run';
    return `  ${toInertText(check.id, 200).padEnd(width)}  ${toInertText(check.status, 20).padEnd(7)} → ${after}`;
  });
  return [
    `Replayed ${before.length} check${before.length === 1 ? '' : 's'} with the seeds they had (run seed ${seed}): before → now`,
    ...lines,
    '',
  ].join('\n');
}
