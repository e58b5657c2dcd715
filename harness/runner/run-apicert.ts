// The `run` command end to end: config, credential, reachability, checks, reports, exit code.
// Throws ApicertError for usage/config/reachability problems; the CLI maps them to exit codes.
import { suites as registeredSuites } from '../../suites/index.js';
import type { SuiteDefinition } from '../model/suite-definition.js';
import { renderConsoleReport } from '../../reports/console/render-console.js';
import { compareRuns, findRequiredNewFailures, renderComparisonConsole, writeReports, type FailOn, type ReportFormat } from '../../reports/index.js';
import type { ApicertConfig } from '../config/config-types.js';
import { loadConfig } from '../config/load-config.js';
import { RunInterruptedError, SecretMissingError, UsageError } from '../errors.js';
import { ExitCode } from '../exit-codes.js';
import { createHttpClient } from '../http/client.js';
import { quoteForShell } from '../http/curl.js';
import type { Credential } from '../http/http-types.js';
import type { RunResult, SuiteName } from '../model/run-result.js';
import { newSinkSecret } from '../sink/sink-secret.js';
import type { WebhookSink } from '../sink/sink-types.js';
import { startWebhookSink } from '../sink/webhook-sink.js';
import { toolVersion } from '../tool-version.js';
import { buildRunResult } from './build-run-result.js';
import { assertTargetReachable } from './assert-target-reachable.js';
import { loadBaseline } from './load-baseline.js';
import { planChecks } from './plan-checks.js';
import { runChecks } from './run-checks.js';
import { pickRunSeed } from './seeded-random.js';

export interface RunApicertOptions {
  readonly baseUrl?: string;
  readonly configPath?: string;
  readonly suites?: readonly SuiteName[];
  readonly reportDir: string;
  readonly formats: readonly ReportFormat[];
  readonly seed?: number;
  readonly require?: readonly string[];
  /** An earlier report.json to compare with (--baseline). */
  readonly baselinePath?: string;
  /** 'new': exit 1 only for new failures in required classes; applies only with baselinePath. Default 'any'. */
  readonly failOn?: FailOn;
  readonly timeoutMs?: number;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Where the console report goes. */
  readonly write: (text: string) => void;
  /** Where problems that are not the report go (a report that could not be written); default `write`. */
  readonly warn?: (text: string) => void;
  /** Progress line sink; called with n, m and the current check id. */
  readonly onProgress?: (index: number, total: number, label: string) => void;
  readonly color?: boolean;
  /** Aborted when the user stops the run: checks stop, records are deleted, reports still written. */
  readonly interrupt?: AbortSignal;
  /** For tests: a different suite registry. */
  readonly suiteRegistry?: readonly SuiteDefinition[];
}

export interface RunApicertOutcome {
  readonly exitCode: ExitCode;
  readonly run: RunResult;
  readonly reportPaths: readonly string[];
}

export async function runApicert(options: RunApicertOptions): Promise<RunApicertOutcome> {
  const config = await loadConfig(options.configPath);
  const baseline = options.baselinePath === undefined ? undefined : await loadBaseline(options.baselinePath);
  const baseUrl = resolveBaseUrl(options.baseUrl, config);
  const credential = resolveCredential(config, options.env);
  const requestTimeoutMs = options.timeoutMs ?? config.budgets.requestTimeoutMs;
  const seed = options.seed ?? pickRunSeed();
  // Registered with the target by the webhooks-sender checks; redacted from every record like the token.
  const sinkSecret = newSinkSecret();
  const configuredSecrets = secretsOf(config, options.env);
  const secrets = [...configuredSecrets, sinkSecret];

  const client = createHttpClient({
    connectTimeoutMs: requestTimeoutMs,
    headersTimeoutMs: requestTimeoutMs,
    bodyTimeoutMs: requestTimeoutMs,
    maxResponseBytes: config.budgets.maxResponseBytes,
    evidenceBodyBytes: config.budgets.evidenceBodyBytes,
    followRedirects: config.target.followRedirects,
    maxRedirects: 5,
    credential,
    secrets,
  });
  let sink: WebhookSink | undefined;

  try {
    await assertTargetReachable(client, baseUrl, options.interrupt);
    // Stopped before any check: nothing to report, and the last reports are left as they were.
    if (options.interrupt?.aborted === true) throw new RunInterruptedError('the run was interrupted before any check ran; no report was written');
    const startedAt = new Date();
    const started = performance.now();
    const receiverSecret = readReceiverSecret(config, options.env);
    const planned = planChecks(options.suiteRegistry ?? registeredSuites, config, options.suites, {
      ...(config.webhooks.receiver !== undefined && receiverSecret === undefined
        ? { 'webhooks-receiver': `environment variable ${config.webhooks.receiver.secretEnv} (the receiver's signing secret) is not set` }
        : {}),
    });
    // The sink opens a port only when a webhooks-sender check will run.
    const sender = config.webhooks.sender;
    if (sender !== undefined && planned.some((p) => p.check.suite === 'webhooks-sender' && p.skipReason === undefined)) {
      sink = await startWebhookSink({ ...sender.sink, secret: sinkSecret, evidenceBodyBytes: config.budgets.evidenceBodyBytes, secrets: configuredSecrets });
    }
    const { results, interrupted } = await runChecks({
      planned,
      runSeed: seed,
      ...(options.interrupt !== undefined ? { interrupt: options.interrupt } : {}),
      checkTimeoutMs: config.budgets.checkTimeoutMs,
      totalRunMs: config.budgets.totalRunMs,
      environment: {
        config,
        baseUrl,
        client,
        ...(receiverSecret !== undefined ? { receiverSecret } : {}),
        secrets,
        sink,
        onProgress: (detail) => options.onProgress?.(-1, planned.length, detail),
      },
      onCheckStart: (started, total, check) => options.onProgress?.(started, total, check.id),
    });
    const run = buildRunResult(
      {
        version: toolVersion(),
        baseUrl,
        startedAt: startedAt.toISOString(),
        durationMs: Math.round(performance.now() - started),
        seed,
        required: options.require,
        replayCommand: replayCommand(options, baseUrl, seed),
        ...(interrupted !== undefined ? { interrupted } : {}),
      },
      results,
    );
    const comparison = baseline === undefined ? undefined : compareRuns(run, baseline);
    const failOn = options.failOn ?? 'any';
    const written = await writeReports(run, options.reportDir, options.formats, comparison === undefined ? {} : { comparison });
    options.write(renderConsoleReport(run, { color: options.color ?? false }));
    if (comparison !== undefined) options.write(renderComparisonConsole(comparison, { color: options.color ?? false, failOn }));
    for (const failure of written.errors) (options.warn ?? options.write)(`${failure.code}: ${failure.message}\n`);
    for (const skipped of written.skipped) options.write(`note: ${skipped.format} report skipped: ${skipped.reason}\n`);
    if (written.paths.length > 0) options.write(`reports: ${written.paths.join(', ')}\n`);
    // --fail-on new gates only on failures the baseline did not have; the reports keep the real verdict.
    const isGatePassed =
      failOn === 'new' && comparison !== undefined ? findRequiredNewFailures(comparison).length === 0 : run.verdict === 'passed';
    return {
      exitCode: isGatePassed ? ExitCode.Conformant : ExitCode.NotConformant,
      run,
      reportPaths: written.paths,
    };
  } finally {
    await sink?.close();
    await client.close();
  }
}

function resolveBaseUrl(flag: string | undefined, config: ApicertConfig): string {
  const baseUrl = flag ?? config.target.baseUrl;
  if (baseUrl === undefined) {
    throw new UsageError('no base URL: pass --base-url URL or set target.baseUrl in the config');
  }
  let parsed: URL;
  try {
    parsed = new URL(baseUrl);
  } catch {
    throw new UsageError(`--base-url "${baseUrl.slice(0, 80)}" is not a URL; use e.g. http://127.0.0.1:8080`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new UsageError(`--base-url must be http:// or https:// (got ${parsed.protocol}//)`);
  }
  return baseUrl.replace(/\/+$/, '');
}

function resolveCredential(config: ApicertConfig, env: RunApicertOptions['env']): Credential {
  const { header, scheme, tokenEnv } = config.target.auth;
  const token = env[tokenEnv];
  if (token === undefined || token === '') {
    throw new SecretMissingError(
      `environment variable ${tokenEnv} is not set; export the API token in it (or name another variable in target.auth.tokenEnv)`,
    );
  }
  const prefix = scheme === '' ? '' : `${scheme} `;
  return { header, value: `${prefix}${token}`, curlValue: `${prefix}$${tokenEnv}` };
}

function readReceiverSecret(config: ApicertConfig, env: RunApicertOptions['env']): string | undefined {
  const name = config.webhooks.receiver?.secretEnv;
  const value = name === undefined ? undefined : env[name];
  return value === '' ? undefined : value;
}

// Every value that must never reach an output: the token and any webhook secret the config names.
function secretsOf(config: ApicertConfig, env: RunApicertOptions['env']): string[] {
  const names = [config.target.auth.tokenEnv, config.webhooks.receiver?.secretEnv].filter((n): n is string => n !== undefined);
  return names.map((name) => env[name]).filter((value): value is string => value !== undefined && value !== '');
}

function replayCommand(options: RunApicertOptions, baseUrl: string, seed: number): string {
  const parts = ['npx apicert run', `--base-url ${quoteForShell(baseUrl)}`];
  if (options.configPath !== undefined) parts.push(`--config ${quoteForShell(options.configPath)}`);
  if (options.suites !== undefined) parts.push(`--suite ${options.suites.join(',')}`);
  if (options.require !== undefined) parts.push(`--require ${options.require.join(',')}`);
  parts.push(`--seed ${seed}`);
  return parts.join(' ');
}
