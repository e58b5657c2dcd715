// The thin writer: renders each requested format and writes its file. One reporter failing (a
// throw while rendering, a full disk) is collected as an error and never stops the others, as
// Playwright's reporter multiplexer does.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ReportWriteError } from '../harness/errors.js';
import type { RunResult } from '../harness/model/run-result.js';
import type { ReportContext, ReportFormat, ReportersMap } from './reporter.js';

/** A format that was asked for but is not available in this build. */
export interface SkippedReport {
  readonly format: ReportFormat;
  readonly reason: string;
}

/** What writeReports did: absolute paths written, errors per format (each names its format), skips. */
export interface WrittenReports {
  readonly paths: readonly string[];
  readonly errors: readonly ReportWriteError[];
  readonly skipped: readonly SkippedReport[];
}

function describeThrown(thrown: unknown): string {
  const message = thrown instanceof Error ? thrown.message : String(thrown);
  return message.split('\n')[0] ?? 'unknown error';
}

/**
 * Writes each format in `formats` (duplicates ignored) into `dir`, creating it, with any extra files
 * of the format beside it. Never throws for a reporter's fault: the caller decides what a missing
 * report means.
 */
export async function writeReportFiles(
  run: RunResult,
  dir: string,
  formats: readonly ReportFormat[],
  registry: ReportersMap,
  context: ReportContext = {},
): Promise<WrittenReports> {
  const paths: string[] = [];
  const errors: ReportWriteError[] = [];
  const skipped: SkippedReport[] = [];
  try {
    await mkdir(dir, { recursive: true });
  } catch (thrown) {
    const reason = describeThrown(thrown);
    return {
      paths,
      skipped,
      errors: [new ReportWriteError(`cannot create report directory ${dir}: ${reason}; pass a writable --report-dir`)],
    };
  }
  for (const format of new Set(formats)) {
    const reporter = registry[format];
    if (reporter === undefined) {
      skipped.push({ format, reason: `the ${format} report is not available in this version of apicert` });
      continue;
    }
    const path = resolve(join(dir, reporter.fileName));
    let formatPaths = [path];
    try {
      // Everything is rendered before anything is written, so a throwing renderer leaves no half format.
      const files = [{ path, content: reporter.render(run, context) }];
      for (const extra of reporter.renderExtraFiles?.(run) ?? []) files.push({ path: resolve(join(dir, extra.fileName)), content: extra.content });
      formatPaths = files.map((file) => file.path);
      for (const file of files) await writeFile(file.path, file.content, 'utf8');
      paths.push(...formatPaths);
    } catch (thrown) {
      // A file left over from an earlier run would be read by CI as this run's result: remove it.
      for (const stale of formatPaths) await rm(stale, { force: true }).catch(() => undefined);
      errors.push(new ReportWriteError(`${format} report ${path} not written: ${describeThrown(thrown)}`));
    }
  }
  return { paths, errors, skipped };
}
