// Test support: runs the built CLI (bin/apicert.js) in a child process, as a user would, and
// measures what the hostile-target matrix asserts: exit code, wall time, peak RSS (the child reports
// its own through a preloaded exit hook), everything it printed, and every file it wrote.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));

// Written by the child on exit: its peak resident set size, in KiB.
const peakRssHook = `data:text/javascript,${encodeURIComponent(
  'import { writeFileSync } from "node:fs"; process.on("exit", () => { if (process.env.APICERT_TEST_RSS_FILE) writeFileSync(process.env.APICERT_TEST_RSS_FILE, String(process.resourceUsage().maxRSS)); });',
)}`;

export interface ChildRun {
  readonly exitCode: number | null;
  readonly elapsedMs: number;
  readonly peakRssMiB: number;
  readonly stdout: string;
  readonly stderr: string;
  /** Each file the run wrote to its report directory, by name, with its text. */
  readonly reports: ReadonlyMap<string, string>;
  /** Bytes of every report file together. */
  readonly reportBytes: number;
}

/** Runs `apicert <args>` with `env` (plus PATH), giving it `killAfterMs` before SIGKILL. */
export async function runCliChild(
  args: readonly string[],
  env: Readonly<Record<string, string>>,
  killAfterMs: number,
  reportDir?: string,
): Promise<ChildRun> {
  const scratch = await mkdtemp(join(tmpdir(), 'apicert-child-'));
  const rssFile = join(scratch, 'rss');
  const started = performance.now();
  try {
    const child = spawn(process.execPath, ['--import', peakRssHook, join(repositoryRoot, 'bin/apicert.js'), ...args], {
      cwd: scratch,
      env: { PATH: process.env['PATH'] ?? '', ...env, APICERT_TEST_RSS_FILE: rssFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const killer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    const exitCode = await new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    clearTimeout(killer);
    const elapsedMs = performance.now() - started;
    const peakRssKiB = Number(await readFile(rssFile, 'utf8').catch(() => 'NaN'));
    const reports = new Map<string, string>();
    let reportBytes = 0;
    if (reportDir !== undefined) {
      for (const name of await readdir(reportDir).catch(() => [] as string[])) {
        const path = join(reportDir, name);
        if (!(await stat(path)).isFile()) continue;
        const text = await readFile(path, 'utf8');
        reports.set(name, text);
        reportBytes += Buffer.byteLength(text);
      }
    }
    return { exitCode, elapsedMs, peakRssMiB: peakRssKiB / 1024, stdout, stderr, reports, reportBytes };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
