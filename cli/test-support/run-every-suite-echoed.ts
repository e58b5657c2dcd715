// Test support: the real CLI running every suite against a target that echoes each secret it sees
// (harness/http/test-support/echoing-target.ts), with one customers collection, both webhook roles
// and short budgets, as a GitHub Actions job (annotations and the job summary are outputs too).
// Returns the exit code and every output by name, for the secret-leak proofs to search.
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runCli } from '../cli.js';
import { captureIo } from './capture-io.js';

export interface EchoedRun {
  readonly exitCode: number;
  /** stdout, stderr, each report file by name, and the job summary. */
  readonly outputs: Readonly<Record<string, string>>;
  /** The report files written, sorted. */
  readonly files: readonly string[];
  readonly stdout: string;
}

export async function runEverySuiteEchoed({
  baseUrl,
  dir,
  env,
  auth,
}: {
  readonly baseUrl: string;
  /** A scratch folder: the config, the reports and the job summary go here. */
  readonly dir: string;
  readonly env: Readonly<Record<string, string>>;
  readonly auth?: Readonly<Record<string, unknown>>;
}): Promise<EchoedRun> {
  const config = {
    target: { baseUrl, followRedirects: true, ...(auth !== undefined ? { auth } : {}) },
    collections: [
      {
        name: 'customers',
        path: '/customers',
        sample: { name: 'Ada {unique}' },
        replace: { name: 'Bea {unique}' },
        patch: { name: 'Cy' },
      },
    ],
    webhooks: {
      sender: {
        register: { method: 'POST', path: '/webhooks', body: { url: '{sinkUrl}', secret: '{secret}' } },
        collection: 'customers',
        senderTimeoutMs: 50,
        retryWindowMs: 300,
      },
      receiver: {
        url: '/webhook-receiver',
        observe: { urlTemplate: '/webhook-receiver/events/{eventId}', pointer: '/processedCount' },
      },
    },
    budgets: { requestTimeoutMs: 1000, checkTimeoutMs: 3000, totalRunMs: 30_000 },
  };
  const configPath = join(dir, 'apicert.config.json');
  await writeFile(configPath, JSON.stringify(config));
  const reportDir = join(dir, 'report');
  const stepSummary = join(dir, 'step-summary.md');
  const io = captureIo({ ...env, GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: stepSummary });
  const exitCode = await runCli(['run', '--config', configPath, '--report-dir', reportDir, '--seed', '7'], io);
  const files = (await readdir(reportDir)).sort();
  const outputs: Record<string, string> = { stdout: io.out(), stderr: io.err() };
  for (const file of files) outputs[file] = await readFile(join(reportDir, file), 'utf8');
  outputs['job summary'] = await readFile(stepSummary, 'utf8');
  return { exitCode, outputs, files, stdout: io.out() };
}
