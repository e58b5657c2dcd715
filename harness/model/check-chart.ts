// What a check saw over time or across pages, kept as data so the reports can draw it for passing
// checks too (a passing check keeps no evidence): the deliveries a sink received, the receiver's
// acknowledgement times against the budget, the cost of cursor pages by depth. Small by
// construction: chartBounds caps every list, and the runner cuts to it.

/** How the sink's log says an attempt ended (the sink's DeliveryAnswer, by shape). */
export interface AttemptAnswer {
  readonly state: 'pending' | 'answered' | 'sender-closed' | 'destroyed';
  readonly status?: number;
  readonly isReset?: boolean;
}

/** The status the sink answered an attempt with, or how the attempt ended without one. Pure. */
export function outcomeOfAttempt(answer: AttemptAnswer): Pick<DeliveryAttempt, 'status' | 'ended'> {
  switch (answer.state) {
    case 'answered':
      return answer.status === undefined ? {} : { status: answer.status };
    case 'sender-closed':
      return { ended: 'timed-out' };
    case 'destroyed':
      return { ended: answer.isReset === true ? 'reset' : 'closed' };
    case 'pending':
      return { ended: 'held' };
  }
}

/** How an attempt without an answer ended, in words. */
export function describeEnd(ended: DeliveryAttempt['ended']): string {
  switch (ended) {
    case 'timed-out':
      return 'no answer in time: the sender gave up (time-out)';
    case 'closed':
      return 'no answer: the sink closed the connection';
    case 'reset':
      return 'no answer: the sink reset the connection';
    case 'held':
      return 'held by the sink on purpose until the check ended';
    default:
      return 'no answer';
  }
}

/** One attempt of a delivery the sink received. */
export interface DeliveryAttempt {
  /** Milliseconds after the chart's first delivery. */
  readonly atMs: number;
  /** The status the sink answered; absent when the connection ended without one (time-out, reset). */
  readonly status?: number;
  /**
   * How an attempt without a status ended: the sender gave up waiting (its time-out), or the sink cut
   * the connection as the check's script asked, closed or reset; `held` when the sink was still
   * holding its answer on purpose when the check ended (and answered 2xx as it closed the channel).
   */
  readonly ended?: 'timed-out' | 'closed' | 'reset' | 'held';
  /**
   * Where a backoff whose waits do not shrink puts this attempt at the earliest: the attempt before it
   * plus the wait before that one (set by webhooks-sender.retry-backoff from the third attempt on).
   */
  readonly backoffFromMs?: number;
  /**
   * The earliest this attempt counts as backing off, by the rule webhooks-sender.retry-backoff
   * judges (set by that check only, where the rule asks for more than any wait at all).
   */
  readonly notBeforeMs?: number;
}

/** The deliveries of a sender check: one row per event id, its attempts in order. */
export interface DeliveriesChart {
  readonly kind: 'deliveries';
  /** `moreAttempts`: attempts of the event past the ones kept. */
  readonly events: readonly {
    readonly id: string;
    readonly attempts: readonly DeliveryAttempt[];
    readonly moreAttempts?: number;
  }[];
  /** Events left out past chartBounds.events. */
  readonly omittedEvents: number;
}

/** The receiver's answers to the deliveries a receiver check sent, against webhooks.receiver.ackBudgetMs. */
export interface AcknowledgementsChart {
  readonly kind: 'acknowledgements';
  readonly budgetMs: number;
  readonly deliveries: readonly {
    /** What was sent, in the check's words ("valid signature", "stale timestamp"). */
    readonly label: string;
    readonly ms: number;
    /** Absent when no answer came (time-out, reset). */
    readonly status?: number;
  }[];
  readonly omitted: number;
}

/**
 * The time of pages of one list by how deep they start, against the first page: the cursor's, whose
 * cost the convention states (4.2/2), and the other styles the list offers, for comparison.
 */
export interface PageCostChart {
  readonly kind: 'page-cost';
  /** The list, e.g. "/customers". */
  readonly list: string;
  readonly pageSize: number;
  /**
   * Each page read: the items before it, how long it took, and by which style (cursor when absent).
   * The first page has depth 0.
   */
  readonly pages: readonly { readonly depth: number; readonly ms: number; readonly style?: 'offset' | 'page' }[];
  /** A deep page slower than this many times the first draws advice (pagination.deepPageRatioWarn). */
  readonly warnRatio: number;
  /** The deep page's time from which the check advises: the ratio, and at least a few ms more than the first. */
  readonly adviceFromMs: number;
}

/** A walk of one list, page by page: what it listed, and the writes the check made between pages. */
export interface WalkChart {
  readonly kind: 'walk';
  readonly list: string;
  readonly style: 'offset' | 'page' | 'cursor';
  /** The ids each page listed, in order; `more`: rows of the page past those kept. */
  readonly pages: readonly { readonly ids: readonly string[]; readonly more?: number }[];
  /** Pages of the walk past those kept. */
  readonly morePages?: number;
  /** Ids listed more than once, and ids present throughout that no page listed. */
  readonly repeated: readonly string[];
  readonly missing: readonly string[];
  /** Each write between pages, "after page N: what (→ id, result)". */
  readonly writes: readonly string[];
}

export type CheckChart = DeliveriesChart | AcknowledgementsChart | PageCostChart | WalkChart;

/** What a chart keeps at most; reports draw no more. */
export const chartBounds = {
  // A walk per list and style: four lists in three styles each.
  chartsPerCheck: 12,
  events: 8,
  attemptsPerEvent: 12,
  acknowledgements: 40,
  pages: 60,
  labelChars: 300,
  walkPages: 12,
  walkRows: 24,
  walkWrites: 12,
} as const;
