// The thin writer: renders each requested format and writes its file. One reporter failing (a
// throw while rendering, a full disk) is collected as an error and never stops the others, as
// Playwright's reporter multiplexer does.
//
// A run replaces the whole set an earlier run left in the directory: every file is first written
// beside its final name, then the earlier run's files are removed (each known name, and only when
// apicert wrote it: see kit-report-files.ts), then the new files are renamed into place. A reader sees
// the old set, then for an instant part of it or none, then the new set; never files of two runs
// side by side (a junit.xml that passed beside a report.json that failed), never a half-written file.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { open, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ReportWriteError } from '../harness/errors.js';
import type { RunResult } from '../harness/model/run-result.js';
import { MARK_SEARCH_BYTES, kitReportFiles } from './kit-report-files.js';
import { makeDirectory } from './make-directory.js';
import type { ReportContext, Reporter } from './reporter.js';

/** The reporters to write with, by name; only file reporters are written, and a format may be absent. */
export type ReportersMap = { readonly [name: string]: Reporter | undefined };

/** A format that was asked for but is not available in this build. */
export interface SkippedReport {
  readonly format: string;
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
 * of the format beside it, and removes the files of an earlier run that this one does not replace.
 * Never throws for a reporter's fault: the caller decides what a missing report means.
 */
export async function writeReportFiles(
  run: RunResult,
  dir: string,
  formats: readonly string[],
  registry: ReportersMap,
  context: ReportContext = {},
): Promise<WrittenReports> {
  const paths: string[] = [];
  const errors: ReportWriteError[] = [];
  const skipped: SkippedReport[] = [];
  try {
    await makeDirectory(dir);
  } catch (thrown) {
    const reason = describeThrown(thrown);
    return {
      paths,
      skipped,
      errors: [new ReportWriteError(`cannot create report directory ${dir}: ${reason}; pass a writable --report-dir`)],
    };
  }
  // Staging names start with a dot and carry this write's own tag, so they clash with nothing.
  const tag = `.apicert-${process.pid}-${randomBytes(4).toString('hex')}-`;
  const staged: StagedFormat[] = [];
  for (const format of new Set(formats)) {
    const reporter = registry[format];
    if (reporter?.output !== 'file') {
      skipped.push({ format, reason: `the ${format} report is not available in this version of apicert` });
      continue;
    }
    const path = resolve(join(dir, reporter.fileName));
    const files: StagedFile[] = [];
    try {
      // Everything is rendered before anything is written, so a throwing renderer leaves no half format.
      const rendering = await reporter.load();
      const rendered = [
        { fileName: reporter.fileName, content: rendering.render(run, context) },
        ...(rendering.renderExtraFiles?.(run) ?? []),
      ];
      for (const file of rendered) {
        const final = resolve(join(dir, file.fileName));
        const temporary = resolve(join(dir, `${tag}${file.fileName.replace(/[/\\]/g, '_')}`));
        files.push({ final, temporary });
        await writeFile(temporary, file.content, { encoding: 'utf8', flag: 'wx' });
      }
      staged.push({ format, path, files });
    } catch (thrown) {
      for (const file of files) await rm(file.temporary, { force: true }).catch(() => undefined);
      errors.push(new ReportWriteError(`${format} report ${path} not written: ${describeThrown(thrown)}`));
    }
  }
  // The earlier run's files go first, the ones about to be replaced too: see the header.
  for (const known of kitReportFiles) {
    const path = resolve(join(dir, known.fileName));
    if (await isWrittenByApicert(path, known.mark)) await rm(path, { force: true }).catch(() => undefined);
  }
  for (const format of staged) {
    try {
      for (const file of format.files) await rename(file.temporary, file.final);
      paths.push(...format.files.map((file) => file.final));
    } catch (thrown) {
      // Half a format is no format: what was moved in and what was not are both removed.
      for (const file of format.files) {
        await rm(file.temporary, { force: true }).catch(() => undefined);
        await rm(file.final, { force: true }).catch(() => undefined);
      }
      errors.push(
        new ReportWriteError(`${format.format} report ${format.path} not written: ${describeThrown(thrown)}`),
      );
    }
  }
  return { paths, errors, skipped };
}

interface StagedFile {
  readonly final: string;
  readonly temporary: string;
}

interface StagedFormat {
  readonly format: string;
  /** The format's main file, named in errors. */
  readonly path: string;
  readonly files: readonly StagedFile[];
}

// Only a regular file is opened (a FIFO of that name would block the open), and only its start is read.
async function isWrittenByApicert(path: string, mark: RegExp): Promise<boolean> {
  try {
    if (!(await stat(path)).isFile()) return false;
    const handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
    try {
      const head = Buffer.alloc(MARK_SEARCH_BYTES);
      const { bytesRead } = await handle.read(head, 0, head.length, 0);
      return mark.test(head.subarray(0, bytesRead).toString('utf8'));
    } finally {
      await handle.close();
    }
  } catch {
    return false;
  }
}
