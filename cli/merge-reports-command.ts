// `apicert merge-reports DIR...`: joins the reports of the shards of one split run (run --shard i/n)
// into one verdict and one set of reports, and exits as the whole run would have.
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { findReportDirProblem, reportFormats, reportSchema, type ReportFormat } from '../reports/index.js';
import { allChecks } from '../suites/index.js';
import { readBoundedFile } from '../harness/config/read-bounded-file.js';
import { ReportInvalidError, UsageError } from '../harness/errors.js';
import type { ExitCode } from '../harness/exit-codes.js';
import type { RunResult } from '../harness/model/run-result.js';
import { toInertText } from '../harness/model/inert-text.js';
import { compareRuns } from '../harness/model/compare-runs.js';
import { MAX_BASELINE_BYTES, loadBaseline } from '../harness/runner/load-baseline.js';
import { mergeShardReports, type ShardReport } from '../harness/runner/merge-shard-reports.js';
import type { CliIo } from './cli-io.js';
import { parseChoices, parseFailOn } from './parse-flag-values.js';
import { parseReporters } from './parse-reporters.js';
import { reportRun, reportRunOptionsFor } from './report-run.js';

export interface MergeReportsFlagValues {
  /** Each shard's report folder, or its report.json. */
  readonly reports: readonly string[];
  readonly reportDir: string;
  readonly format: string;
  readonly reporter?: string | undefined;
  /** An earlier report.json (a whole run's, or an earlier merge's) to compare the merged run with. */
  readonly baseline?: string | undefined;
  readonly failOn?: string | undefined;
}

export async function mergeReportsCommand(flags: MergeReportsFlagValues, io: CliIo): Promise<ExitCode> {
  const formats: ReportFormat[] = parseChoices('format', flags.format, reportFormats);
  const printed = parseReporters(flags.reporter, io.env);
  const failOn = parseFailOn(flags.failOn ?? 'any', flags.baseline);
  if (flags.reports.length === 0)
    throw new UsageError(
      "merge-reports needs the shards' reports: give each shard's report folder (or its report.json)",
    );
  const reportDirProblem = await findReportDirProblem(flags.reportDir);
  if (reportDirProblem !== undefined) throw new UsageError(reportDirProblem);
  const validate = new Ajv({ allErrors: false, strict: false }).compile(reportSchema);
  const reports: ShardReport[] = [];
  for (const given of flags.reports) reports.push(await readShardReport(given, validate));
  const known = allChecks.map(({ id, suite, conformanceClass, title, rule, level }) => ({
    id,
    suite,
    conformanceClass,
    title,
    rule,
    level,
  }));
  // Read before merging, as run reads it before contacting the target: a bad one is exit 2.
  const baseline = flags.baseline === undefined ? undefined : await loadBaseline(flags.baseline);
  const run = mergeShardReports(reports, known);
  const merged = run.merged!;
  io.stdout.write(
    `merged ${reports.length} report${reports.length === 1 ? '' : 's'} of ${merged.count} shard${merged.count === 1 ? '' : 's'}` +
      `${merged.missing.length > 0 ? `; missing: ${merged.missing.join(', ')}` : ''}${merged.duplicated.length > 0 ? `; given twice: ${merged.duplicated.join(', ')}` : ''}\n`,
  );
  const comparison = baseline === undefined ? undefined : compareRuns(run, baseline);
  const { exitCode } = await reportRun(
    run,
    comparison,
    reportRunOptionsFor(io, { reportDir: flags.reportDir, formats, printed, failOn }),
  );
  return exitCode;
}

// A folder stands for the report.json in it, as the shards' --report-dir wrote it.
async function readShardReport(given: string, validate: ValidateFunction): Promise<ShardReport> {
  const fail = (problem: string): never => {
    throw new ReportInvalidError(
      `merge-reports ${toInertText(given, 200)}: ${problem}; give the report folder (or report.json) a shard's apicert run --shard i/n wrote`,
    );
  };
  let source = given;
  let read = await readBoundedFile(source, MAX_BASELINE_BYTES);
  if (!read.ok && read.kind === 'directory') {
    source = join(given, 'report.json');
    read = await readBoundedFile(source, MAX_BASELINE_BYTES);
  }
  if (!read.ok) return fail(read.kind === 'missing' ? 'no such file or folder, or no report.json in it' : read.reason);
  let parsed: unknown;
  try {
    parsed = JSON.parse(read.bytes.toString('utf8'));
  } catch {
    return fail('is not JSON');
  }
  if (!validate(parsed)) {
    const first = validate.errors?.[0];
    return fail(
      `is not a report.json of this apicert version (${first === undefined ? 'invalid' : `${first.instancePath || '(document)'} ${first.message ?? 'is invalid'}`})`,
    );
  }
  return { source, run: parsed as RunResult };
}
