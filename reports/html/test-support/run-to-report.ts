// Test support for the browser tests: real reports, written by the real CLI or writer, and the
// file:// URL a browser opens them at.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runCli } from '../../../cli/cli.js';
import { captureIo } from '../../../cli/test-support/capture-io.js';
import type { RunResult } from '../../../harness/model/run-result.js';
import { renderHtmlReport, type HtmlReportOptions } from '../render-html.js';

/** The example config shipped for the reference server. */
export const exampleConfig = fileURLToPath(new URL('../../../apicert.config.example.json', import.meta.url));

export interface CliRun {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly reportDir: string;
  /** file:// URL of the run's index.html. */
  readonly pageUrl: string;
}

/** Runs `apicert run --suite resources` in-process against `baseUrl`, writing reports into `reportDir`. */
export async function runResourcesSuite(
  baseUrl: string,
  token: string,
  reportDir: string,
  extraArgs: readonly string[] = [],
): Promise<CliRun> {
  const io = captureIo({ APICERT_TOKEN: token });
  const args = [
    'run',
    '--base-url',
    baseUrl,
    '--config',
    exampleConfig,
    '--suite',
    'resources',
    '--report-dir',
    reportDir,
    ...extraArgs,
  ];
  const exitCode = await runCli(args, io);
  return {
    exitCode,
    stdout: io.out(),
    stderr: io.err(),
    reportDir,
    pageUrl: pathToFileURL(join(reportDir, 'index.html')).href,
  };
}

/** Writes the HTML report of `run` to `dir/index.html` and returns its file:// URL. */
export async function writeHtmlPage(run: RunResult, dir: string, options: HtmlReportOptions = {}): Promise<string> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, 'index.html');
  await writeFile(path, renderHtmlReport(run, options), 'utf8');
  return pathToFileURL(path).href;
}
