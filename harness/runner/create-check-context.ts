// Builds the context one check runs with: requests go through the bounded client and are recorded.
import { setTimeout as delay } from 'node:timers/promises';
import type { ApicertConfig } from '../config/config-types.js';
import {
  HttpBodyTooLargeError,
  HttpConnectionError,
  HttpError,
  HttpHeadersTooLargeError,
  HttpRedirectBlockedError,
  HttpThrottledError,
  HttpTimeoutError,
} from '../errors.js';
import type { SecretValues } from '../http/growing-secrets.js';
import type { HttpClient } from '../http/http-types.js';
import type { AnswerContract } from '../model/answer-contract.js';
import type { CheckOutcome } from '../model/check-outcome.js';
import type { ExchangeRecord, FailureDetails } from '../model/evidence.js';
import type { CheckCoverage, Finding } from '../model/run-result.js';
import { chartBounds, type CheckChart } from '../model/check-chart.js';
import type { SinkChannel, SinkDelivery, SinkRefusals, WebhookSink } from '../sink/sink-types.js';
import { acknowledgementsChart, boundChartLists, deliveriesChart, inDrawingOrder } from './check-charts.js';
import type {
  CheckContext,
  LostCreateSearch,
  SuiteScope,
  TargetRequest,
  TargetResponse,
} from '../check-api/check-context.js';
import { createRandom } from './seeded-random.js';
import { createTracker } from './record-tracker.js';
import { resolveTargetUrl } from './target-url.js';
import { stringifyExactJson, withIntegersAsNumbers } from '../model/exact-json.js';

// A refused credential is one cause however many requests show it: a few name it well enough.
const maxRefusedShown = 3;

/** What every check of a run shares. */
export interface CheckEnvironment {
  readonly config: ApicertConfig;
  readonly baseUrl: string;
  readonly client: HttpClient;
  /** The webhook receiver's signing secret, read from the environment once per run. */
  readonly receiverSecret?: string;
  /**
   * Values no result may contain (token, signing secrets): removed from messages and findings too.
   * Read at each use: the run's list can grow (a refreshed token).
   */
  readonly secrets?: SecretValues;
  /** The capturing webhook sink, started only when the webhooks-sender suite runs. */
  readonly sink?: WebhookSink | undefined;
  readonly onProgress?: (detail: string) => void;
  /** The API description as a contract: shown every answer from the base URL's origin. */
  readonly contract?: AnswerContract | undefined;
  /** Starts every {unique} token (CheckContext.dataNamespace): the shard's tag under run --shard. */
  readonly dataNamespace?: string;
  /** The check this environment is for, as the contract names it. */
  readonly checkId?: string;
  /**
   * Integers beyond 2^53 the target wrote in its answers this run, kept as digit strings (exact-json.ts):
   * a request body holding one (a parent's id) writes it as a number again. At most maxExactIntegers.
   */
  readonly exactIntegers?: Set<string>;
}

// Ids remembered for writing back as numbers; past this, a new one is written back as a string.
const maxExactIntegers = 10_000;
const noIntegers: ReadonlySet<string> = new Set();

/** The context plus the state the runner reads back when the check ends. */
export interface CheckContextHandle {
  readonly ctx: CheckContext;
  readonly findings: Finding[];
  readonly exchanges: ExchangeRecord[];
  /** Member paths still to delete, in creation order. */
  readonly tracked: string[];
  /** Requests that carried the configured credential and were answered 401 ("GET /customers"), a few at most. */
  readonly refusedCredential: string[];
  /** Creates (TargetRequest.creates) sent and not yet answered. */
  pendingCreates(): number;
  /** What the check judged so far: its requests, the items it covered and left out. */
  coverage(): CheckCoverage;
  /** The charts of what it saw: those it drew, its sink channels' deliveries, the receiver's answers. */
  charts(): CheckChart[];
  /** From now on every request throws `error`; resolves once no create is left unanswered. */
  refuseNewRequests(error: Error): Promise<void>;
}

export function createCheckContext(
  environment: CheckEnvironment,
  seed: number,
  signal: AbortSignal,
  suiteScope: SuiteScope,
  timeBudgetMs = Number.POSITIVE_INFINITY,
): CheckContextHandle {
  const findings: Finding[] = [];
  const exchanges: ExchangeRecord[] = [];
  const tracked: string[] = [];
  const refusedCredential: string[] = [];
  const covered = new Set<string>();
  const leftOut = new Map<string, string>();
  const started = performance.now();
  const drawn: CheckChart[] = [];
  const deliveriesSent: ExchangeRecord[] = [];
  // What the sink had refused when this check opened its first channel, and how many of its waits
  // for deliveries ran out: a failure after both may be the sink's doing, not the target's.
  let refusedBefore: SinkRefusals | undefined;
  let waitsCameShort = 0;
  // Each channel's deliveries, read when it closes (a closed channel keeps none) or when the check ends.
  const channels: { channel: SinkChannel; closedWith?: readonly SinkDelivery[] }[] = [];
  const sink: WebhookSink | undefined =
    environment.sink === undefined
      ? undefined
      : {
          ...environment.sink,
          url: environment.sink.url,
          isHttps: environment.sink.isHttps,
          secret: environment.sink.secret,
          keptBytes: () => environment.sink!.keptBytes(),
          close: () => environment.sink!.close(),
          openChannel: (script) => {
            refusedBefore ??= environment.sink!.refusals();
            const channel = environment.sink!.openChannel(script);
            const entry: { channel: SinkChannel; closedWith?: readonly SinkDelivery[] } = { channel };
            channels.push(entry);
            return {
              ...channel,
              url: channel.url,
              setScript: (next) => channel.setScript(next),
              deliveries: () => channel.deliveries(),
              waitFor: async (predicate, timeoutMs, waitSignal) => {
                const isMet = await channel.waitFor(predicate, timeoutMs, waitSignal);
                if (!isMet) waitsCameShort += 1;
                return isMet;
              },
              records: () => channel.records(),
              keptBytes: () => channel.keptBytes(),
              close: () => {
                entry.closedWith ??= [...channel.deliveries()];
                channel.close();
              },
            };
          },
        };
  const baseOrigin = new URL(environment.baseUrl).origin;
  const contract = environment.contract;

  let pendingCreates = 0;
  let refusal: Error | undefined;
  let onCreatesAnswered: (() => void) | undefined;

  async function request(target: TargetRequest): Promise<TargetResponse> {
    signal.throwIfAborted();
    if (refusal !== undefined) throw refusal;
    const isCreate = target.creates === true;
    const headers: Record<string, string> = { accept: 'application/json', ...target.headers };
    let body: string | undefined = target.body;
    if (target.json !== undefined) {
      body = stringifyExactJson(target.json, environment.exactIntegers ?? noIntegers);
      headers['content-type'] ??= 'application/json';
    }
    const url = resolveTargetUrl(environment.baseUrl, target.path, target.query);
    // The credential belongs to the base URL's origin: a link the target returned must not carry it elsewhere.
    const isForeignOrigin = new URL(url).origin !== baseOrigin;
    if (isCreate) pendingCreates += 1;
    try {
      const exchange = await environment.client.send({
        method: target.method ?? 'GET',
        url,
        headers,
        ...(body !== undefined ? { body } : {}),
        credential: isForeignOrigin ? 'none' : (target.credential ?? 'valid'),
        freshConnection: target.freshConnection ?? false,
        // Keyed by check too: two checks naming "a" never share a connection.
        ...(target.connection !== undefined ? { connectionKey: `${seed}:${target.connection}` } : {}),
        ...(target.waitsOutThrottling === false ? { waitsOutThrottling: false } : {}),
        ...(target.isWebhookDelivery === true ? { isWebhookDelivery: true } : {}),
        signal,
        ...(target.note !== undefined ? { note: target.note } : {}),
        ...(environment.checkId !== undefined ? { lane: environment.checkId } : {}),
      });
      exchanges.push(exchange.record);
      if (target.isWebhookDelivery === true) deliveriesSent.push(exchange.record);
      const exactIntegers = exchange.response.exactIntegers ?? [];
      for (const digits of exactIntegers) {
        if ((environment.exactIntegers?.size ?? maxExactIntegers) >= maxExactIntegers) break;
        environment.exactIntegers?.add(digits);
      }
      // Deliveries go to the receiver, not to the API the document describes.
      if (contract !== undefined && !isForeignOrigin && target.isWebhookDelivery !== true) {
        contract.observe({
          checkId: environment.checkId ?? '',
          method: target.method ?? 'GET',
          url,
          status: exchange.response.status,
          headers: exchange.response.headers,
          // Typed as JSON.parse reads it: a schema's `integer` holds an id kept as its digits.
          json:
            exactIntegers.length === 0
              ? exchange.response.json
              : withIntegersAsNumbers(exchange.response.json, new Set(exactIntegers)),
          ...(exchange.response.jsonError !== undefined ? { jsonError: exchange.response.jsonError } : {}),
          bodyBytes: exchange.response.body.length,
          record: exchange.record,
        });
      }
      const sentCredential = !isForeignOrigin && (target.credential ?? 'valid') === 'valid';
      if (sentCredential && exchange.response.status === 401 && refusedCredential.length < maxRefusedShown) {
        refusedCredential.push(`${target.method ?? 'GET'} ${new URL(url).pathname}`);
      }
      return { ...exchange.response, record: exchange.record, durationMs: exchange.durationMs };
    } catch (error) {
      if (error instanceof HttpError && error.record) {
        exchanges.push(error.record);
        if (target.isWebhookDelivery === true) deliveriesSent.push(error.record);
      }
      if (isCreate && !signal.aborted && mayHaveBeenApplied(error)) {
        const search = await searchForLostCreate(target);
        if (search === 'absent' && mayBeSentAgain(error)) {
          const again = `sent again${error instanceof HttpThrottledError ? '' : ' on a new connection'}: the first attempt ${describeLoss(error)}, and was not applied`;
          return request({
            ...target,
            freshConnection: true,
            findLostCreate: undefined,
            note: target.note === undefined ? again : `${target.note}; ${again}`,
          });
        }
        if (search === 'unknown') {
          findings.push({
            level: 'warning',
            message: `${target.method ?? 'POST'} ${new URL(url).pathname}: its answer was not read (${error.code}), and apicert could not tell whether it made a record, so one may remain on the target`,
          });
        }
      }
      throw error;
    } finally {
      if (isCreate && --pendingCreates === 0) onCreatesAnswered?.();
    }
  }

  const ctx: CheckContext = {
    config: environment.config,
    baseUrl: environment.baseUrl,
    seed,
    random: createRandom(seed),
    dataNamespace: environment.dataNamespace ?? '',
    signal,
    receiverSecret: environment.receiverSecret,
    sink,
    ...(contract !== undefined ? { contract: { report: () => contract.report() } } : {}),
    exchanges,
    fixtures: createTracker(tracked),
    suiteScope,
    request,
    now: () => performance.now() - started,
    timeBudgetMs,
    sleep: (ms) => delay(ms, undefined, { signal }),
    progress: (detail) => environment.onProgress?.(detail),
    advise: (message) => void findings.push({ level: 'advisory', message }),
    warn: (message) => void findings.push({ level: 'warning', message }),
    info: (message) => void findings.push({ level: 'info', message }),
    chart: (chart) => void drawn.push(chart),
    cover: (item) => void covered.add(item),
    leaveOut: (item, why) => void leftOut.set(item, why),
    pass: (): CheckOutcome => ({ status: 'passed', findings }),
    fail: (message: string, details: FailureDetails = {}): CheckOutcome => {
      const sinkRefusal = describeSinkRefusal(refusedBefore, environment.sink?.refusals(), waitsCameShort);
      if (sinkRefusal !== undefined)
        return { status: 'incomplete', reason: `${sinkRefusal} (unjudged: ${message})`, findings };
      return { status: 'failed', message, details, findings };
    },
    skip: (reason: string): CheckOutcome => ({ status: 'skipped', reason, findings }),
    incomplete: (reason: string): CheckOutcome => ({ status: 'incomplete', reason, findings }),
    blocked: (reason: string, blockedBy?: string): CheckOutcome => ({
      status: 'blocked',
      reason,
      ...(blockedBy !== undefined ? { blockedBy } : {}),
      findings,
    }),
  };
  return {
    ctx,
    findings,
    exchanges,
    tracked,
    refusedCredential,
    pendingCreates: () => pendingCreates,
    coverage: () => ({
      requests: exchanges.length,
      covered: [...covered],
      leftOut: [...leftOut].map(([item, why]) => ({ item, why })),
    }),
    charts: () => {
      // A check that drew its deliveries itself (with its rule's thresholds) replaces the plain chart.
      const drewDeliveries = drawn.some((chart) => chart.kind === 'deliveries');
      const received = drewDeliveries
        ? []
        : channels.flatMap(({ channel, closedWith }) => {
            const chart = deliveriesChart(closedWith ?? channel.deliveries());
            return chart === undefined ? [] : [chart];
          });
      // Only a check that sent deliveries reads the receiver's budget (a check's config need have none).
      const budgetMs = deliveriesSent.length === 0 ? undefined : environment.config.webhooks.receiver?.ackBudgetMs;
      const answered = budgetMs === undefined ? undefined : acknowledgementsChart(deliveriesSent, budgetMs);
      return [
        ...inDrawingOrder(drawn).map(boundChartLists),
        ...received,
        ...(answered === undefined ? [] : [answered]),
      ].slice(0, chartBounds.chartsPerCheck);
    },
    refuseNewRequests(error) {
      refusal = error;
      if (pendingCreates === 0) return Promise.resolve();
      return new Promise<void>((resolve) => (onCreatesAnswered = resolve));
    },
  };
}

// The answer to a create was not read, but the request went out: the target may have made its record.
function mayHaveBeenApplied(error: unknown): error is HttpError {
  if (error instanceof HttpThrottledError) return error.mayHaveBeenApplied;
  return (
    error instanceof HttpConnectionError ||
    error instanceof HttpTimeoutError ||
    error instanceof HttpBodyTooLargeError ||
    error instanceof HttpHeadersTooLargeError ||
    error instanceof HttpRedirectBlockedError
  );
}

// Sent again only where the loss says nothing of the target: a kept connection it closed as the
// request went out, or a "not now" whose wait is within apicert's (the throttled client holds every
// request until it is over).
function mayBeSentAgain(error: HttpError): boolean {
  if (error instanceof HttpThrottledError) return error.resendAfterMs !== undefined;
  return error instanceof HttpConnectionError && error.onReusedConnection;
}

function describeLoss(error: HttpError): string {
  return error instanceof HttpThrottledError
    ? 'was answered 503 with Retry-After'
    : 'was lost on a kept connection the target closed before answering';
}

async function searchForLostCreate(target: TargetRequest): Promise<LostCreateSearch> {
  if (target.findLostCreate === undefined) return 'unknown';
  try {
    return await target.findLostCreate();
  } catch {
    // The search itself was throttled, cut off or stopped: the record may be there.
    return 'unknown';
  }
}

// The kit's own sink refusing deliveries while a check waited in vain for one: the delivery may be
// among those it refused, so the check cannot blame the target (issue 36, item 4).
function describeSinkRefusal(
  before: SinkRefusals | undefined,
  now: SinkRefusals | undefined,
  waitsCameShort: number,
): string | undefined {
  if (before === undefined || now === undefined || waitsCameShort === 0) return undefined;
  const parts = [
    [now.overConnectionCap - before.overConnectionCap, 'over its connection cap (webhooks.sender.sink.maxConnections)'],
    [now.unreadable - before.unreadable, 'unreadable (malformed, or headers over 16 KiB or too slow)'],
    [now.cutOff - before.cutOff, 'cut off before the end of their body'],
    [now.channelFull - before.channelFull, 'to a channel already holding its most deliveries'],
  ] as const;
  const refused = parts.filter(([count]) => count > 0).map(([count, why]) => `${count} ${why}`);
  if (refused.length === 0) return undefined;
  return `the kit's own sink refused requests while this check waited for a delivery (${refused.join('; ')}), so the delivery it missed may be one the sink refused, not one the target did not send; run it again with less other traffic to the sink`;
}
