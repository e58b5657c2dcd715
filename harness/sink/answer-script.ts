// How the sink answers each delivery, as a check scripts it. Attempts are counted per event id, so
// "fail the first N" means N failures of every event, whatever order the sender interleaves them in.
// Pure: the sink asks chooseAnswer and carries the answer out.

/** A check's instruction for how the sink answers deliveries. */
export type AnswerScript =
  /** 2xx at once. */
  | { readonly kind: 'accept' }
  /** The first `failures` deliveries of each event id get `status` (default 503), later ones 2xx. */
  | { readonly kind: 'fail-first'; readonly failures: number; readonly status?: number }
  /**
   * The first `holds` deliveries of each event id get no answer for `holdMs` (past the sender's
   * time-out); then the sink answers 2xx late or cuts the connection. Later ones get 2xx at once.
   */
  | { readonly kind: 'hold-first'; readonly holds: number; readonly holdMs: number; readonly afterHold: 'answer' | 'destroy' };

/** What the sink does with one delivery. */
export type ChosenAnswer =
  | { readonly kind: 'respond'; readonly status: number }
  | { readonly kind: 'hold'; readonly holdMs: number; readonly afterHold: 'answer' | 'destroy' };

/** The status of every 2xx the sink sends. */
export const ACCEPT_STATUS = 200;

const DEFAULT_FAILURE_STATUS = 503;

/** The answer to attempt `attemptOfEvent` (from 1) of an event under `script`. */
export function chooseAnswer(script: AnswerScript, attemptOfEvent: number): ChosenAnswer {
  switch (script.kind) {
    case 'accept':
      return { kind: 'respond', status: ACCEPT_STATUS };
    case 'fail-first':
      return attemptOfEvent <= script.failures
        ? { kind: 'respond', status: script.status ?? DEFAULT_FAILURE_STATUS }
        : { kind: 'respond', status: ACCEPT_STATUS };
    case 'hold-first':
      return attemptOfEvent <= script.holds
        ? { kind: 'hold', holdMs: script.holdMs, afterHold: script.afterHold }
        : { kind: 'respond', status: ACCEPT_STATUS };
  }
}
