// The only door a check has to the world: HTTP to the target, fixtures, seed, clock, findings.
// The check API: what suites may use of the harness, besides harness/model. Types only; the runner
// implements it (create-check-context.ts).
import type { CheckChart } from '../model/check-chart.js';
import type { ApicertConfig } from '../config/config-types.js';
import type { CredentialMode, HttpResponse } from '../http/http-types.js';
import type { AnswerContract } from '../model/answer-contract.js';
import type { CheckOutcome } from '../model/check-outcome.js';
import type { ExchangeRecord, FailureDetails } from '../model/evidence.js';
import type { WebhookSink } from '../sink/sink-types.js';

export type { ApicertConfig, CollectionConfig, RelatedCollectionConfig } from '../config/config-types.js';
export type { CheckOutcome } from '../model/check-outcome.js';
export type { AspectReport, ContractAspect, ContractBreach, ContractReport } from '../model/answer-contract.js';
export type { CredentialFlaw, CredentialMode } from '../http/http-types.js';
export type { ExchangeRecord, FailureDetails } from '../model/evidence.js';
export type {
  AnswerScript,
  DeliveryAnswer,
  FailureKind,
  SinkChannel,
  SinkDelivery,
  WebhookSink,
} from '../sink/sink-types.js';

/** A request to the target; `path` is relative to the base URL (or absolute, for links the target returned). */
export interface TargetRequest {
  /** Default GET. */
  readonly method?: string;
  readonly path: string;
  /** Appended as a query string; undefined values are left out. */
  readonly query?: Readonly<Record<string, string | number | undefined>>;
  /** Sent as JSON with Content-Type application/json. */
  readonly json?: unknown;
  /** Sent as is (for malformed bodies); Content-Type from `headers`. */
  readonly body?: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** valid (default), or one of the ways a request can lack a valid credential (credentialFlaws). */
  readonly credential?: CredentialMode;
  readonly freshConnection?: boolean;
  /**
   * Requests of this check naming the same connection share one dedicated connection that nothing
   * else uses, so the check can see what a server keeps per connection (convention 5/1).
   */
  readonly connection?: string;
  /**
   * Default true: a 429 (or a 503 with Retry-After) is waited out and the request sent again. false
   * hands the check the answer as it came, for a webhook delivery whose first answer is judged (6/3).
   */
  readonly waitsOutThrottling?: boolean;
  /**
   * A webhook delivery to a receiver: a closed connection is then the receiver's refusal, for the
   * check to judge, and does not count towards "the target stopped answering" (a time-out does).
   */
  readonly isWebhookDelivery?: boolean;
  /**
   * A create whose record the check will track. When the check is stopped, the kit waits for such
   * a request to be answered (an interrupt), or warns that its record may remain (a time-out).
   */
  readonly creates?: boolean;
  /**
   * For a create (`creates`) whose answer was not read: lost on a kept connection the target closed
   * as it went out, cut off, or answered 503 with Retry-After. Looks for the record it may have
   * made: "found" when one is (the check tracks it, so it is deleted), "absent" when a complete
   * search finds none (the create is then sent once more, where the loss allows), "unknown" when it
   * cannot tell (the kit warns that a record may remain). Without it, such a create is "unknown".
   */
  readonly findLostCreate?: () => Promise<LostCreateSearch>;
  /** Why the request is made, shown in the evidence. */
  readonly note?: string;
}

/** What a search for the record of a create whose answer was not read found (TargetRequest.findLostCreate). */
export type LostCreateSearch = 'found' | 'absent' | 'unknown';

export interface TargetResponse extends HttpResponse {
  readonly record: ExchangeRecord;
  readonly durationMs: number;
}

/** Records the check created; the runner deletes what is still tracked when the check ends, pass or fail. */
export interface Fixtures {
  /** Registers a record (its member path) for deletion after the check. */
  track(memberPath: string): void;
  /** Forgets a record the check deleted itself. */
  untrack(memberPath: string): void;
}

/**
 * What the checks of one suite share within a run: values the first check that needs them makes,
 * and records kept until the suite's last check has run (then deleted, newest first). A check run
 * alone makes them itself. Sharing saves requests; it also means a check may judge records an
 * earlier check made (or, after an earlier check timed out, only some of them).
 */
export interface SuiteScope {
  /** The value stored under `key` by an earlier check of this suite, if any. One key, one type. */
  get<T>(key: string): T | undefined;
  set<T>(key: string, value: T): void;
  /** Records deleted after the suite's last check instead of after this one. */
  readonly fixtures: Fixtures;
}

export interface CheckContext {
  readonly config: ApicertConfig;
  readonly baseUrl: string;
  /** This check's seed: derived from the run seed and the check id, so a subset replays too. */
  readonly seed: number;
  /** Seeded uniform random in [0, 1). */
  readonly random: () => number;
  /**
   * Starts every {unique} token and generated id: the shard's tag (run --shard), so that shards run
   * at once against one target never make the same value; empty otherwise.
   */
  readonly dataNamespace: string;
  /** Aborted when the check's time budget runs out. */
  readonly signal: AbortSignal;
  /**
   * The check's time budget, in ms on now()'s clock (which starts with the check): it is stopped
   * then. budgets.checkTimeoutMs, or less when the run's own budget ends first.
   */
  readonly timeBudgetMs: number;
  readonly fixtures: Fixtures;
  readonly suiteScope: SuiteScope;
  /** The receiver's signing secret (webhooks.receiver.secretEnv), when set. Never put it in an output. */
  readonly receiverSecret: string | undefined;
  /** Every exchange this check made so far. */
  readonly exchanges: readonly ExchangeRecord[];
  /** The capturing webhook sink, when the webhooks-sender suite runs; undefined otherwise. */
  readonly sink: WebhookSink | undefined;
  /**
   * The API description as a contract, when the run was given one (run --openapi): what it found in
   * the answers of the checks that ran before. Read by the openapi-contract checks only.
   */
  readonly contract?: Pick<AnswerContract, 'report'> | undefined;

  /** Sends one request to the target and records it. Throws HttpError subclasses on transport failure. */
  request(request: TargetRequest): Promise<TargetResponse>;
  /** Milliseconds from a monotonic clock. */
  now(): number;
  /** Waits, bounded by the check's signal. */
  sleep(ms: number): Promise<void>;
  /** Shows detail on the progress line during long work. */
  progress(detail: string): void;

  /**
   * Adds an advisory finding: a breach of good practice the convention does not state, or of a
   * stated rule the kit cannot judge reliably. It never fails the check; the `advisory` class counts it.
   */
  advise(message: string): void;
  /** Adds a warning about the run itself, not the target's conformance (a record left behind). */
  warn(message: string): void;
  /** Adds an information finding. */
  info(message: string): void;
  /**
   * Keeps a chart of what the check measured (the cost of pages by depth), drawn in the HTML report
   * whatever the verdict. The deliveries a sink channel received and the receiver's answers to sent
   * deliveries are charted by the runner without asking.
   */
  chart(chart: CheckChart): void;

  /**
   * Records one surface item the rule was judged on ("PUT /customers/{id}", "limit=0 on /orders"):
   * reported in the result's coverage, so a pass says what it saw. Repeats are kept once.
   */
  cover(item: string): void;
  /** Records an item the rule governs that this check did not judge, and why (sampled, budget, config). */
  leaveOut(item: string, why: string): void;

  pass(): CheckOutcome;
  fail(message: string, details?: FailureDetails): CheckOutcome;
  /** The config says the check does not apply here (nothing to judge): reported skipped. */
  skip(reason: string): CheckOutcome;
  /**
   * The check applies but could not finish judging: a budget ran out, or a record it needed could not
   * be made. Reported errored (APICERT_CHECK_INCOMPLETE), so its class cannot pass on it; the reason
   * names what stopped it and which budget or setting to raise.
   */
  incomplete(reason: string): CheckOutcome;
  /**
   * What the verdict rests on did not hold, so judging would prove nothing (a receiver that refuses
   * even a valid delivery cannot show it refuses a bad one). Reported errored (APICERT_CHECK_BLOCKED);
   * the reason names the observation, and the check that judges it.
   */
  blocked(reason: string, blockedBy?: string): CheckOutcome;
}
