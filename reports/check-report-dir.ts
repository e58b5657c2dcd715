// Whether a report directory can receive the reports, asked before a run starts, so a run is never
// spent on a target only to find its reports have nowhere to go. Nothing is left behind: a missing
// directory is not created here, only its nearest existing parent is probed.
import { randomBytes } from 'node:crypto';
import { mkdir, rm, rmdir, stat, statfs, writeFile } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { specialFileSystemName } from './special-file-systems.js';

/** One line saying why `dir` cannot take the reports and what to pass instead, or undefined when it can. */
export async function findReportDirProblem(dir: string): Promise<string | undefined> {
  const fix = 'pass --report-dir with a folder you can write to, on a disk (e.g. --report-dir apicert-report)';
  const path = resolve(dir);
  // The directory itself, or the nearest parent that exists (bounded by the path's depth).
  let existing = path;
  let info: Stats | undefined;
  for (;;) {
    try {
      info = await stat(existing);
      break;
    } catch (thrown) {
      const code = (thrown as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR')
        return `--report-dir ${dir} cannot be used (${describeCode(code)}); ${fix}`;
      const parent = dirname(existing);
      if (parent === existing) return `--report-dir ${dir} cannot be created; ${fix}`;
      existing = parent;
    }
  }
  if (!info.isDirectory()) {
    return existing === path
      ? `--report-dir ${dir} is ${describeKind(info)}, not a directory; ${fix}`
      : `--report-dir ${dir} cannot be created: ${existing} is ${describeKind(info)}, not a directory; ${fix}`;
  }
  const special = await findSpecialFileSystem(existing);
  if (special !== undefined)
    return `--report-dir ${dir} is on ${special} (${existing}), a special file system that cannot hold files; ${fix}`;
  const probeProblem = await probeWrite(existing, existing === path);
  if (probeProblem !== undefined)
    return `--report-dir ${dir} cannot be written: ${probeProblem} in ${existing}; ${fix}`;
  return undefined;
}

async function findSpecialFileSystem(path: string): Promise<string | undefined> {
  try {
    return specialFileSystemName((await statfs(path)).type);
  } catch {
    // No statfs here (or it failed): the write probe still judges.
    return undefined;
  }
}

// What the run will do there, done once and undone: a file in the report directory, or, when it does
// not exist yet, a folder in its nearest parent.
async function probeWrite(directory: string, isReportDir: boolean): Promise<string | undefined> {
  const probe = resolve(directory, `.apicert-write-probe-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    if (isReportDir) {
      await writeFile(probe, 'apicert', { flag: 'wx' });
      await rm(probe, { force: true });
    } else {
      await mkdir(probe);
      await rmdir(probe);
    }
    return undefined;
  } catch (thrown) {
    await rm(probe, { force: true, recursive: true }).catch(() => undefined);
    return describeCode((thrown as NodeJS.ErrnoException).code);
  }
}

function describeKind(info: Stats): string {
  if (info.isFile()) return 'a file';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  if (info.isFIFO()) return 'a FIFO (named pipe)';
  if (info.isSocket()) return 'a socket';
  return 'not a directory';
}

function describeCode(code: string | undefined): string {
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EROFS':
      return 'the file system is read-only';
    case 'ENOSPC':
      return 'no space left on the device';
    case 'EDQUOT':
      return 'the disk quota is used up';
    default:
      return code ?? 'unknown error';
  }
}
