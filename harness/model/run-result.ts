// The one result model. Every reporter reads RunResult and nothing else.
import type { CheckChart } from './check-chart.js';
import type { ErrorInfo } from './error-info.js';
import type { ExchangeRecord } from './evidence.js';
import type { SharedCause } from './shared-cause.js';
import type { RunOptions } from './run-options.js';
import type { MergedShards, ShardMarker } from './shard.js';

/**
 * Every suite, in run order: the one list of suite names. The CLI's --suite, the registry in
 * suites/index.ts and report.schema.json are checked against it.
 */
export const suiteNames = [
  'resources',
  'pagination',
  'webhooks-sender',
  'webhooks-receiver',
  'openapi-contract',
] as const;
export type SuiteName = (typeof suiteNames)[number];

export type CheckStatus = 'passed' | 'failed' | 'skipped' | 'errored';
export type ClassVerdict = 'passed' | 'failed' | 'skipped';

/**
 * Whether a check judges a rule the convention states ('normative': a breach fails its class) or
 * good practice the convention does not state, or a stated rule the kit cannot judge reliably from
 * outside ('advisory': a breach is an advisory finding, counted only in the `advisory` class).
 */
export type CheckLevel = 'normative' | 'advisory';

/** The class that gathers advisory findings; no default --require includes it (--strict does). */
export const advisoryClassId = 'advisory';

/**
 * The class of the API description's contract (run --openapi): the document's own promises, beyond
 * the convention, so no default --require includes it; naming it adds it to the default.
 */
export const contractClassId = 'openapi-contract';

/** Classes a run requires only when asked: naming only these with --require keeps the default and adds them. */
export const optInClassIds: readonly string[] = [advisoryClassId, contractClassId];

/**
 * A note that does not decide the check's own verdict: advice (counted in the advisory class), a
 * warning about the run itself (a record the kit could not delete), or information.
 */
export interface Finding {
  readonly level: 'advisory' | 'warning' | 'info';
  readonly message: string;
}

/**
 * What part of the target's surface a check's rule was judged on: the requests it sent, the
 * surface items (a list, an operation, a kind of failure) it judged, and those it left out and why.
 * A check that samples says so here, so a pass never claims more than was seen.
 */
export interface CheckCoverage {
  /** Requests the check sent to the target (its own budget, whatever it judged). */
  readonly requests: number;
  /** Surface items judged, e.g. "PUT /customers/{id}" or "GET /customers?limit=0", in the order judged. */
  readonly covered: readonly string[];
  /** Items the rule governs that the check did not judge, each with why. */
  readonly leftOut: readonly { readonly item: string; readonly why: string }[];
}

/** What every check result carries, whatever its status. */
interface CheckResultBase {
  readonly id: string;
  readonly suite: SuiteName;
  readonly class: string;
  readonly title: string;
  /** The convention rule(s) the check enforces, e.g. "4.2/3". */
  readonly rule: string;
  readonly level: CheckLevel;
  readonly durationMs: number;
  /** The check's own seed, derived from the run seed and the check id. */
  readonly seed: number;
  /** Exchanges that back the verdict: the proof of a failure, the last requests of an errored check. */
  readonly evidence: readonly ExchangeRecord[];
  readonly findings: readonly Finding[];
  /** What the check judged; set on every check the runner ran (absent on a check it never started). */
  readonly coverage?: CheckCoverage;
  /** What it saw over time or across pages, for the reports to draw (check-chart.ts). */
  readonly charts?: readonly CheckChart[];
}

export interface PassedCheck extends CheckResultBase {
  readonly status: 'passed';
}

export interface FailedCheck extends CheckResultBase {
  readonly status: 'failed';
  /** One line: what was expected, what was seen. */
  readonly message: string;
  readonly expected?: string;
  readonly actual?: string;
  /** The shrunk failing case of a property check. */
  readonly counterexample?: unknown;
  /** fast-check replay path, used with the check's seed. */
  readonly replayPath?: string;
  /** The observation behind the failure when it fails other checks too (reports group under it). */
  readonly cause?: SharedCause;
}

export interface SkippedCheck extends CheckResultBase {
  readonly status: 'skipped';
  /** Why the check did not run or could not judge. */
  readonly message: string;
}

export interface ErroredCheck extends CheckResultBase {
  readonly status: 'errored';
  /** `CODE: message` of the error, so the one line names its code. */
  readonly message: string;
  readonly error: ErrorInfo;
  /** For a blocked check: the check whose verdict is the root cause (reports group under it). */
  readonly blockedBy?: string;
  /** The observation that stopped it, when it stops other checks too. */
  readonly cause?: SharedCause;
}

/** The result of one check, as the JSON report stores it: one variant per status. */
export type CheckResult = PassedCheck | FailedCheck | SkippedCheck | ErroredCheck;

/**
 * Something about the run as a whole rather than one check: records left on the target after a
 * suite's clean-up, an interruption. Never decides a verdict.
 */
export interface RunNote {
  readonly level: 'warning' | 'info';
  /** The suite the note concerns, when it concerns one. */
  readonly suite?: SuiteName;
  readonly message: string;
}

export interface ClassResult {
  readonly id: string;
  readonly verdict: ClassVerdict;
  /**
   * Set on a skipped class: why nothing in it was judged (each check skipped, with its reason, or
   * passed with everything it governs left out, with what and why). Never passed on what it did not judge.
   */
  readonly reason?: string;
  /** Whether this run's --require (or its default) names the class. */
  readonly required: boolean;
  readonly checks: {
    readonly passed: number;
    readonly failed: number;
    readonly skipped: number;
    readonly errored: number;
  };
}

export interface RunSummary {
  readonly passed: number;
  readonly failed: number;
  readonly skipped: number;
  readonly errored: number;
}

/** Where the config came from when `apicert run --openapi` derived it from an API description. */
export interface ConfigDerivation {
  /** The document's path or URL. */
  readonly source: string;
  /** "OpenAPI 3.1.0", "Swagger 2.0"… */
  readonly specification: string;
  /** Each key derived from the document, and each it could not fill; the --config file's keys lie over them. */
  readonly keys: readonly { readonly kind: 'derived' | 'missing'; readonly pointer: string; readonly text: string }[];
  /** Keys left out past the report's bound. */
  readonly omitted?: number;
}

export interface RunResult {
  readonly tool: { readonly name: 'apicert'; readonly version: string };
  readonly target: { readonly baseUrl: string };
  readonly startedAt: string;
  readonly durationMs: number;
  readonly seed: number;
  readonly summary: RunSummary;
  /** Overall verdict: passed only when every required class passed. */
  readonly verdict: 'passed' | 'failed';
  readonly classes: readonly ClassResult[];
  readonly checks: readonly CheckResult[];
  /** The options the run was made with (no secrets in them): replay and merge-reports read them. */
  readonly options: RunOptions;
  /** The command that replays this run with the same seed, derived from `options` (no secrets in it). */
  readonly replayCommand: string;
  /** Set when the run stopped early (total budget, Ctrl-C, a target that stopped answering), saying why. */
  readonly interrupted?: string;
  /** Run-level notes, in the order they arose. */
  readonly notes: readonly RunNote[];
  /** Set when the config was derived from an API description (run --openapi). */
  readonly configDerivation?: ConfigDerivation;
  /** Set on the report of one shard of a split run (run --shard i/n). */
  readonly shard?: ShardMarker;
  /** Set on a report merged from the shards' reports (apicert merge-reports). */
  readonly merged?: MergedShards;
}
