// How the sink answers each delivery, as a check scripts it. Attempts are counted per event id, so
// "fail the first N" means N failures of every event, whatever order the sender interleaves them in.
// Pure: the sink asks chooseAnswer and carries the answer out.

/**
 * One way to fail an attempt at once (no wait, so every script stays bounded): a status that is not
 * 2xx (a 3xx points its Location back at the URL the sender called), or the connection ended with
 * no answer at all, closed (FIN) or reset (RST).
 */
export type FailureKind =
  { readonly kind: 'status'; readonly status: number } | { readonly kind: 'close' } | { readonly kind: 'reset' };

/** A check's instruction for how the sink answers deliveries. */
export type AnswerScript =
  /** 2xx at once. */
  | { readonly kind: 'accept' }
  /** The first `failures` deliveries of each event id get `status` (default 503), later ones 2xx. */
  | { readonly kind: 'fail-first'; readonly failures: number; readonly status?: number }
  /**
   * The first delivery of the n-th event to arrive (n from 1, counted by id) fails as
   * `failures[(n - 1) % failures.length]`; every later delivery of it gets 2xx. Several events in
   * flight at once so fail in different ways, and one retry interval proves every kind.
   */
  | { readonly kind: 'fail-first-each'; readonly failures: readonly FailureKind[] }
  /**
   * The first `holds` deliveries of each event id get no answer for `holdMs` (past the sender's
   * time-out); then the sink answers 2xx late or cuts the connection. Later ones get 2xx at once.
   */
  | {
      readonly kind: 'hold-first';
      readonly holds: number;
      readonly holdMs: number;
      readonly afterHold: 'answer' | 'destroy';
    };

/** What the sink does with one delivery. */
export type ChosenAnswer =
  | { readonly kind: 'respond'; readonly status: number }
  /** End the connection without an answer: closed, or reset. */
  | { readonly kind: 'cut'; readonly how: 'close' | 'reset' }
  | { readonly kind: 'hold'; readonly holdMs: number; readonly afterHold: 'answer' | 'destroy' };

/** The status of every 2xx the sink sends. */
export const ACCEPT_STATUS = 200;

const DEFAULT_FAILURE_STATUS = 503;

const accept: ChosenAnswer = { kind: 'respond', status: ACCEPT_STATUS };

/**
 * The answer to attempt `attemptOfEvent` (from 1) of the `eventOrdinal`-th distinct event (from 1,
 * in order of first arrival) under `script`.
 */
export function chooseAnswer(script: AnswerScript, attemptOfEvent: number, eventOrdinal = 1): ChosenAnswer {
  switch (script.kind) {
    case 'accept':
      return accept;
    case 'fail-first':
      return attemptOfEvent <= script.failures
        ? { kind: 'respond', status: script.status ?? DEFAULT_FAILURE_STATUS }
        : accept;
    case 'fail-first-each': {
      const { failures } = script;
      if (attemptOfEvent > 1 || failures.length === 0) return accept;
      const failure = failures[(Math.max(1, eventOrdinal) - 1) % failures.length]!;
      return failure.kind === 'status'
        ? { kind: 'respond', status: failure.status }
        : { kind: 'cut', how: failure.kind };
    }
    case 'hold-first':
      return attemptOfEvent <= script.holds
        ? { kind: 'hold', holdMs: script.holdMs, afterHold: script.afterHold }
        : accept;
  }
}
