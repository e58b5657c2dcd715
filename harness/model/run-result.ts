// The one result model. Every reporter reads RunResult and nothing else.
import type { ErrorInfo } from './error-info.js';
import type { ExchangeRecord } from './evidence.js';

export type SuiteName = 'resources' | 'pagination' | 'webhooks-sender' | 'webhooks-receiver';
export const suiteNames: readonly SuiteName[] = ['resources', 'pagination', 'webhooks-sender', 'webhooks-receiver'];

export type CheckStatus = 'passed' | 'failed' | 'skipped' | 'errored';
export type ClassVerdict = 'passed' | 'failed' | 'skipped';

/** A note that does not decide the verdict: a warning-level finding or information. */
export interface Finding {
  readonly level: 'warning' | 'info';
  readonly message: string;
}

/** The result of one check, as the JSON report stores it. */
export interface CheckResult {
  readonly id: string;
  readonly suite: SuiteName;
  readonly class: string;
  readonly title: string;
  /** The convention rule(s) the check enforces, e.g. "4.2/3". */
  readonly rule: string;
  readonly status: CheckStatus;
  readonly durationMs: number;
  /** One line: what was expected, what was seen (failed); the reason (skipped); the error (errored). */
  readonly message?: string;
  readonly expected?: string;
  readonly actual?: string;
  readonly evidence: readonly ExchangeRecord[];
  /** The check's own seed, derived from the run seed and the check id. */
  readonly seed: number;
  readonly counterexample?: unknown;
  readonly replayPath?: string;
  readonly findings: readonly Finding[];
  readonly error?: ErrorInfo;
}

export interface ClassResult {
  readonly id: string;
  readonly verdict: ClassVerdict;
  /** Whether this run's --require (or its default) names the class. */
  readonly required: boolean;
  readonly checks: { readonly passed: number; readonly failed: number; readonly skipped: number; readonly errored: number };
}

export interface RunSummary {
  readonly passed: number;
  readonly failed: number;
  readonly skipped: number;
  readonly errored: number;
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
  /** The command that replays this run with the same seed (no secrets in it). */
  readonly replayCommand: string;
  /** Set when the run stopped early (total budget), saying why. */
  readonly interrupted?: string;
}
