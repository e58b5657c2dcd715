// A conformance run end to end, up to its result: config, credential, reachability, the suites'
// checks, the comparison with a baseline. Writing reports and choosing the exit code is the CLI's.
// Throws ApicertError for usage/config/reachability problems; the CLI maps them to exit codes.
import { dirname, resolve } from 'node:path';
import type { AnswerContract } from '../model/answer-contract.js';
import type { ApicertConfig } from '../config/config-types.js';
import { layRunPace } from '../config/lay-run-pace.js';
import { loadConfig } from '../config/load-config.js';
import { hasUrlUserInfo, maskUrlUserInfo } from '../config/url-user-info.js';
import { RunInterruptedError, TargetStoppedAnsweringError, UsageError } from '../errors.js';
import { withConcurrencyLimit } from '../http/concurrency-limit.js';
import { createHttpClient } from '../http/client.js';
import { GrowingSecrets, type SecretValues } from '../http/growing-secrets.js';
import { prepareCredential } from '../http/credential.js';
import { withUnansweredBreaker } from '../http/unanswered-breaker.js';
import { withCredentialWatch } from '../http/credential-watch.js';
import { withRequestBudget } from '../http/request-budget.js';
import { withThrottling, type ThrottleStats } from '../http/throttled-client.js';
import { compareRuns, type RunComparison } from '../model/compare-runs.js';
import type { RunOptions } from '../model/run-options.js';
import type { ConfigDerivation, RunNote, RunResult } from '../model/run-result.js';
import type { SuiteDefinition } from '../check-api/suite-definition.js';
import { newSinkSigning } from '../sink/sink-signing.js';
import type { WebhookSink } from '../sink/sink-types.js';
import { startWebhookSink } from '../sink/webhook-sink.js';
import { toolVersion } from '../tool-version.js';
import { buildRunResult } from './build-run-result.js';
import { toReportedDerivation } from './redact-result.js';
import { assertCredentialAccepted, probeCredential } from './assert-credential-accepted.js';
import { describedWrites } from './described-writes.js';
import { assertTargetReachable } from './assert-target-reachable.js';
import { loadBaseline } from './load-baseline.js';
import { planChecks } from './plan-checks.js';
import { runChecks, type PlannedCheck } from './run-checks.js';
import { pickRunSeed } from './seeded-random.js';
import { resolveCredential } from './resolve-credential.js';
import { createTokenRefresher } from './token-refresher.js';
import { useRefreshedTokens, type RunRefresh } from './use-refreshed-tokens.js';
import { describeShortSecrets, secretsOf } from './config-secrets.js';
import { gatesNothingNote, requiredInShard, splitForShard } from './run-shard.js';

export interface RunConformanceOptions {
  /** The suites and their checks (suites/index.ts): handed in, so the runner never imports them. */
  readonly registry: readonly SuiteDefinition[];
  /**
   * What to run and how, as the user gave it (apicert run's flags, or a report's for apicert replay):
   * the pace is laid over the config where it is loaded, and the result records all of it.
   */
  readonly options: RunOptions;
  /** --base-url; default target.baseUrl. */
  readonly baseUrl?: string | undefined;
  /** The run's seed; default a new one. */
  readonly seed?: number | undefined;
  /**
   * Each check's own seed, by id, where it is not the one the run seed derives (apicert replay of a
   * merged report whose shards ran with different seeds).
   */
  readonly checkSeeds?: ReadonlyMap<string, number>;
  /**
   * The API description as a contract for every answer (run --openapi), made once the base URL is
   * known: the openapi-contract checks judge what it saw. Without it they are skipped.
   */
  readonly contract?: ((baseUrl: string, secrets: SecretValues) => AnswerContract) | undefined;
  /** An earlier report.json to compare with (--baseline). */
  readonly baselinePath?: string | undefined;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Progress line sink; called with n, m and the current check id. */
  readonly onProgress?: (index: number, total: number, label: string) => void;
  /** Aborted when the user stops the run: checks stop, records are deleted, the result still comes back. */
  readonly interrupt?: AbortSignal | undefined;
  /**
   * A config derived from an API description (run --openapi), laid under the --config file, and how
   * it was derived, for the reports.
   */
  readonly derived?:
    { readonly config: Readonly<Record<string, unknown>>; readonly derivation: ConfigDerivation } | undefined;
}

export interface RunConformanceOutcome {
  readonly run: RunResult;
  /** This run against the baseline, when one was given. */
  readonly comparison?: RunComparison;
}

export async function runConformance(request: RunConformanceOptions): Promise<RunConformanceOutcome> {
  const { options } = request;
  const loaded = await loadConfig(options.configPath, request.derived?.config);
  const baseline = request.baselinePath === undefined ? undefined : await loadBaseline(request.baselinePath);
  const baseUrl = resolveBaseUrl(request.baseUrl, loaded);
  // Split before the pace is laid over: the pace decides how fast a shard goes, not which run it
  // belongs to, so shards run at different paces still merge.
  const sharding = options.shard === undefined ? undefined : splitForShard(loaded, options.shard, baseUrl, options);
  // The one config the run reads from here on: the file over the derived config, the pace flags over both.
  const config = layRunPace(sharding?.config ?? loaded, options.pace);
  const receiverSecret = readReceiverSecret(config, request.env);
  const planned = planChecks(
    request.registry,
    config,
    sharding?.suites ?? options.suites,
    {
      ...(config.webhooks.receiver !== undefined && receiverSecret === undefined
        ? {
            'webhooks-receiver': `environment variable ${config.webhooks.receiver.secretEnv} (the receiver's signing secret) is not set`,
          }
        : {}),
      ...(request.contract === undefined
        ? {
            'openapi-contract':
              'no API description was given (run with --openapi FILE|URL to check the answers against it)',
          }
        : {}),
    },
    options.checks === undefined ? undefined : new Set(options.checks),
  );
  const shardRequired = sharding === undefined ? undefined : requiredInShard(options.requirement.required, planned);
  // The token is needed only by checks that call the API: the receiver suite calls it only to read
  // webhooks.receiver.observe, so a run of that suite alone without observe needs none.
  const runs = (p: PlannedCheck): boolean => p.skipReason === undefined;
  const callsTheApi = planned.some(
    (p) => runs(p) && p.check.suite !== 'webhooks-receiver' && p.check.suite !== 'openapi-contract',
  );
  const readsObserve =
    config.webhooks.receiver?.observe !== undefined &&
    planned.some((p) => runs(p) && p.check.suite === 'webhooks-receiver');
  const needsCredential = callsTheApi || readsObserve;
  // Made before anything is sent: a missing client secret stops the run now, not when the token expires.
  const refresher = needsCredential
    ? createTokenRefresher(
        config,
        request.env,
        options.configPath === undefined ? undefined : dirname(resolve(options.configPath)),
      )
    : undefined;
  const credential = needsCredential ? await resolveCredential(config, request.env, refresher) : undefined;
  const { requestTimeoutMs } = config.budgets;
  const seed = request.seed ?? pickRunSeed();
  // Registered with the target by the webhooks-sender checks, in the form the sender's signature
  // profile reads (whsec_ and base64 for Standard Webhooks); redacted from every record like the token.
  const sinkSigning = newSinkSigning(config.webhooks.sender);
  // The token, the wrong token sent to test refusal, the receiver's secret and the sink's: the client,
  // the sink and the runner (messages, findings, notes) redact the same list, since a target can
  // echo any of them into any of those.
  const otherSecrets = [
    ...(credential === undefined ? [] : prepareCredential(credential).secrets),
    ...(refresher?.secrets ?? []),
    ...secretsOf(config, request.env),
  ];
  // A whsec_ secret's key is also echoed without its prefix, or as bytes in hex: each form is redacted.
  // The list grows when the credential is refreshed: everything that redacts reads it at each use.
  const runSecrets = new GrowingSecrets([...otherSecrets, ...sinkSigning.secretForms]);
  const secrets = runSecrets.current;

  const { rateLimit, concurrency } = config.target;
  // Inside the throttling, so each exchange on the wire counts, and a throttled answer is an answer.
  const base = createHttpClient({
    connectTimeoutMs: requestTimeoutMs,
    headersTimeoutMs: requestTimeoutMs,
    bodyTimeoutMs: requestTimeoutMs,
    exchangeTimeoutMs: requestTimeoutMs,
    maxResponseBytes: config.budgets.maxResponseBytes,
    evidenceBodyBytes: config.budgets.evidenceBodyBytes,
    followRedirects: config.target.followRedirects,
    maxRedirects: 5,
    credential,
    secrets,
    refusesWrite: describedWrites(config, baseUrl),
  });
  const breaker = withUnansweredBreaker(base, {
    targetOrigin: new URL(baseUrl).origin,
    limit: config.budgets.unansweredInARow,
    requestTimeoutMs,
  });
  // Used when the token in use is refused: by the watch below, and by the start-of-run probe.
  const refresh =
    refresher === undefined || credential === undefined
      ? undefined
      : useRefreshedTokens(refresher, config, base, runSecrets, (describe) =>
          request.onProgress?.(-1, 0, `the target refused the token: getting a new one (${describe})`),
        );
  const throttled = withThrottling(breaker, {
    ...config.target.throttle,
    ...(rateLimit !== undefined ? { rateLimit } : {}),
    // Only long waits: a second or more is what a user would otherwise read as a hang. No URL: a
    // link the target returned could carry anything, and the progress line is not redacted.
    onWait: (waitMs, throttledRequest) => {
      if (waitMs >= 1000)
        request.onProgress?.(
          -1,
          0,
          `the target throttled a ${throttledRequest.method}; waiting ${Math.ceil(waitMs / 1000)} s before sending it again`,
        );
    },
  });
  // Outside the throttling, so a refusal it judges is an answer; its probe takes no slot of the limit.
  const watched =
    credential === undefined
      ? undefined
      : withCredentialWatch(throttled, {
          targetOrigin: new URL(baseUrl).origin,
          probe: () => probeCredential(throttled, baseUrl, config),
          probeLine: `GET ${config.collections[0]?.path ?? '/'}`,
          credentialSource: `the token in ${config.target.auth.tokenEnv}`,
          refresh,
        });
  const budgeted = withRequestBudget(watched ?? throttled, config.budgets.maxRequests);
  // Outermost: a request waiting out the target's Retry-After keeps its place, so a throttled target
  // never sees more than the limit in flight.
  const client = withConcurrencyLimit(budgeted, concurrency);
  let sink: WebhookSink | undefined;
  // Only when its checks will read it: judging every answer costs time a run without them need not spend.
  const judgesContract = planned.some((p) => p.check.suite === 'openapi-contract' && p.skipReason === undefined);
  const contract = judgesContract ? request.contract?.(baseUrl, secrets) : undefined;
  // A run that could judge nothing would only report skips, and its gate could never pass: say so
  // before anything is sent to the target.
  if (planned.every((p) => p.skipReason !== undefined))
    throw new UsageError(describeNothingToCheck(planned, options.configPath));

  try {
    // The probe is part of the run: its time counts against budgets.totalRunMs, and its exchange
    // towards budgets.unansweredInARow.
    const startedAt = new Date();
    const started = performance.now();
    const isAnswering = await assertTargetReachable(client, baseUrl, request.interrupt);
    // Stopped before any check: nothing to report, and the last reports are left as they were.
    if (request.interrupt?.aborted === true)
      throw new RunInterruptedError('the run was interrupted before any check ran; no report was written');
    // Only budgets.unansweredInARow 1 can stop the run on the probe alone: a target that took no
    // request is as good as unreachable (exit 3).
    if (breaker.stopped.aborted) {
      throw new TargetStoppedAnsweringError(
        `the target stopped answering: the reachability probe (GET ${baseUrl}) timed out or was reset and budgets.unansweredInARow is 1, ` +
          `so no check ran and no report was written; if the target is only slow, raise budgets.requestTimeoutMs (${requestTimeoutMs} ms) or budgets.unansweredInARow`,
      );
    }
    // Only suites that call the API with the credential need it accepted; a target that did not answer
    // the probe is left to the checks (and the unanswered breaker), not asked again.
    if (callsTheApi && isAnswering) {
      const tokenEnvSet = (request.env[config.target.auth.tokenEnv] ?? '') !== '';
      await assertCredentialAccepted(
        client,
        baseUrl,
        config,
        request.interrupt,
        refresh === undefined ? undefined : { ...refresh, gaveFirstToken: !tokenEnvSet },
      );
    }
    watched?.arm();
    // The sink opens a port only when a webhooks-sender check will run.
    const sender = config.webhooks.sender;
    if (
      sender !== undefined &&
      planned.some((p) => p.check.suite === 'webhooks-sender' && p.skipReason === undefined)
    ) {
      sink = await startWebhookSink({
        ...sender.sink,
        secret: sinkSigning.secret,
        evidenceBodyBytes: config.budgets.evidenceBodyBytes,
        secrets,
        signatureHeaders: sinkSigning.signatureHeaders,
      });
    }
    const { results, notes, interrupted } = await runChecks({
      planned,
      runSeed: seed,
      checkSeeds: request.checkSeeds,
      interrupt: request.interrupt,
      checkTimeoutMs: config.budgets.checkTimeoutMs,
      totalRunMs: config.budgets.totalRunMs,
      budgetStartedAt: started,
      targetStopped: AbortSignal.any([
        breaker.stopped,
        budgeted.exhausted,
        ...(watched === undefined ? [] : [watched.credentialStopped]),
      ]),
      environment: {
        config,
        baseUrl,
        client,
        receiverSecret,
        secrets,
        sink,
        contract,
        exactIntegers: new Set(),
        ...(sharding !== undefined ? { dataNamespace: `s${sharding.marker.index}` } : {}),
        onProgress: (detail) => request.onProgress?.(-1, planned.length, detail),
      },
      onCheckStart: (started, total, check) => request.onProgress?.(started, total, check.id),
    });
    const built = buildRunResult(
      {
        version: toolVersion(),
        baseUrl,
        startedAt: startedAt.toISOString(),
        durationMs: Math.round(performance.now() - started),
        seed,
        options,
        gateRequired: shardRequired,
        ...(interrupted !== undefined ? { interrupted } : {}),
        ...(request.derived !== undefined
          ? { configDerivation: toReportedDerivation(request.derived.derivation, secrets()) }
          : {}),
        ...(sharding !== undefined ? { shard: sharding.marker } : {}),
      },
      results,
      [
        ...describeShortSecrets(config, request.env),
        ...notes,
        ...describeThrottling(throttled.stats(), rateLimit),
        ...describeRefreshes(refresh),
      ],
    );
    // A shard none of whose classes the run requires has nothing to gate: the merge is the verdict.
    const run =
      shardRequired?.length === 0
        ? {
            ...built,
            verdict: 'passed' as const,
            notes: [...built.notes, { level: 'info' as const, message: gatesNothingNote }],
          }
        : built;
    return baseline === undefined ? { run } : { run, comparison: compareRuns(run, baseline) };
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
  // The base URL is printed in every report and the replay command, so a password in it would be too.
  let parsed: URL | undefined;
  try {
    parsed = new URL(baseUrl);
  } catch {
    parsed = undefined;
  }
  const isMaskable = hasUrlUserInfo(baseUrl);
  if (isMaskable || (parsed !== undefined && (parsed.username !== '' || parsed.password !== ''))) {
    // Shown only when the mask is sure to cover what the parser reads as user info.
    const shown = isMaskable ? ` (got ${JSON.stringify(maskUrlUserInfo(baseUrl).slice(0, 80))})` : '';
    throw new UsageError(
      `--base-url must not carry a user name or password${shown}; ` +
        `remove "user:password@" and put the credential in the environment variable named by target.auth.tokenEnv (${config.target.auth.tokenEnv})`,
    );
  }
  if (parsed === undefined)
    throw new UsageError(`--base-url "${baseUrl.slice(0, 80)}" is not a URL; use e.g. http://127.0.0.1:8080`);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new UsageError(`--base-url must be http:// or https:// (got ${parsed.protocol}//)`);
  }
  return baseUrl.replace(/\/+$/, '');
}

function readReceiverSecret(config: ApicertConfig, env: RunConformanceOptions['env']): string | undefined {
  const name = config.webhooks.receiver?.secretEnv;
  const value = name === undefined ? undefined : env[name];
  return value === '' ? undefined : value;
}

// How much the target's throttling (and the kit's own rate limit) cost, so a slow run explains itself.
function describeThrottling(stats: ThrottleStats, rateLimit: number | undefined): RunNote[] {
  const notes: RunNote[] = [];
  if (stats.throttledAnswers > 0) {
    const answers = `${stats.throttledAnswers} answer${stats.throttledAnswers === 1 ? '' : 's'}`;
    notes.push({
      level: 'info',
      message: `the target throttled ${answers} (429, or 503 with Retry-After); apicert waited ${formatSeconds(stats.waitedMs)} s in all and sent each request again`,
    });
  }
  if (rateLimit !== undefined && stats.pacedMs > 0) {
    notes.push({
      level: 'info',
      message: `the rate limit of ${rateLimit} requests per second held requests back ${formatSeconds(stats.pacedMs)} s in all`,
    });
  }
  return notes;
}

// A refreshed token is not a finding, but a run that needed several should say so.
function describeRefreshes(refresh: RunRefresh | undefined): RunNote[] {
  const tokens = refresh?.tokensGiven() ?? 0;
  if (refresh === undefined || tokens === 0) return [];
  return [
    {
      level: 'info',
      message: `the target refused the token in use ${tokens === 1 ? 'once' : `${tokens} times`}, and target.auth.refresh (${refresh.describe}) gave a new one each time; the requests refused with the old token were sent again with the new one`,
    },
  ];
}

function formatSeconds(ms: number): string {
  return (ms / 1000).toFixed(1);
}

function describeNothingToCheck(planned: readonly PlannedCheck[], configPath: string | undefined): string {
  const reasons = [...new Set(planned.map((p) => `${p.check.suite}: ${p.skipReason ?? ''}`))];
  const start =
    configPath === undefined
      ? 'pass --config FILE describing your API (start from apicert.config.example.json; see docs/configuration.md)'
      : `describe your API's collections or webhook roles in ${configPath} (see docs/configuration.md)`;
  return `nothing to check (${reasons.join('; ')}); ${start}`;
}
