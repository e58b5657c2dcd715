// Bounded waits for deliveries about one record: never longer than the configured retry window,
// and cut short when the check's budget runs out.
import type {
  CheckContext,
  CheckOutcome,
  SinkChannel,
  SinkDelivery,
} from '../../../harness/check-api/check-context.js';
import { eventNameOf, mentionsRecord, repetitionOf } from './delivery-body.js';

export interface AwaitOptions {
  /** Only deliveries that arrived after this one count; default 0 (all). */
  readonly afterSequence?: number;
  /** How many to wait for; default 1. */
  readonly count?: number;
  /** Default webhooks.sender.retryWindowMs. */
  readonly timeoutMs?: number;
  /**
   * Count only deliveries of the first one's event kind: attempts of one event, not a second event
   * about the same record (a create that also emits "activated" is no retry).
   */
  readonly sameEventAsFirst?: boolean;
  /**
   * Repeats of these are not counted (repetitionOf): the same bytes never; the same event about the
   * same data under a new id, a retry or a new event that shares both, only when no other delivery
   * about the record came within the wait.
   */
  readonly unlike?: readonly SinkDelivery[];
  /**
   * The wait is for the first event about a record just created, which a sender seen silent on an
   * earlier create is given only briefly (see blockedBySilence). Default: true when neither
   * afterSequence nor unlike is given.
   */
  readonly isFirstOfCreate?: boolean;
}

// A sender that sent no event for a create within the whole window has been seen not to: later
// checks of the suite wait this long for theirs, and are blocked on that silence when none comes,
// instead of each waiting the whole window again (a run of six such waits took three minutes).
// Never longer than the window itself: a sender given a shorter window was asked to be quicker.
const afterSilenceWaitMs = 2000;
const shortWaitMs = (ctx: CheckContext): number =>
  Math.min(afterSilenceWaitMs, ctx.config.webhooks.sender?.retryWindowMs ?? afterSilenceWaitMs);
const silenceKey = 'webhooks-sender:a create sent no event';

interface Silence {
  /** The seed of the check that waited the whole window (a check's seed is its own). */
  readonly seenBy: number;
  readonly waitedMs: number;
}

/** Waits until `count` deliveries about the record have arrived, or the time is up; returns those that did. */
export async function awaitDeliveriesAbout(
  ctx: CheckContext,
  channel: SinkChannel,
  recordId: string | number,
  options: AwaitOptions = {},
): Promise<SinkDelivery[]> {
  const count = options.count ?? 1;
  const windowMs = options.timeoutMs ?? ctx.config.webhooks.sender?.retryWindowMs ?? 0;
  // Only the first event of a fresh record: a wait after earlier deliveries asks something else.
  const isFirstEvent = options.isFirstOfCreate ?? (options.afterSequence === undefined && options.unlike === undefined);
  const silence = isFirstEvent ? ctx.suiteScope.get<Silence>(silenceKey) : undefined;
  ctx.progress(`waiting up to ${Math.round(windowMs)} ms for ${count === 1 ? 'a delivery' : `${count} deliveries`}`);
  // Others' events on a shared target are acknowledged, not kept, once the channel holds enough.
  channel.watch([recordId]);
  const matcher = new DeliveryMatcher(String(recordId), options);
  // After a silence, only the first delivery's wait is short: once one comes, the rest get the window.
  const isFirstSeen =
    silence === undefined ||
    (await channel.waitFor((deliveries) => matcher.advance(deliveries) >= 1, shortWaitMs(ctx), ctx.signal));
  if (isFirstSeen) await channel.waitFor((deliveries) => matcher.advance(deliveries) >= count, windowMs, ctx.signal);
  // The latest snapshots of the matched deliveries: their answers may have settled since.
  const latest = channel.deliveries();
  matcher.advance(latest);
  const counted = matcher.matched.length > 0 ? matcher.matched : matcher.maybeRepeated;
  if (counted.length === 0 && isFirstEvent && silence === undefined && !ctx.signal.aborted)
    ctx.suiteScope.set<Silence>(silenceKey, { seenBy: ctx.seed, waitedMs: windowMs });
  return counted.slice(0, count).flatMap((sequence) => latest[sequence - 1] ?? []);
}

/**
 * For a check whose wait for a create's first event came up empty: blocked, when an earlier check
 * of the suite already waited the whole window for one in vain (this one waited only briefly);
 * undefined when this check is the one that waited it, and judges the silence itself.
 */
export function blockedBySilence(ctx: CheckContext): CheckOutcome | undefined {
  const silence = ctx.suiteScope.get<Silence>(silenceKey);
  if (silence === undefined || silence.seenBy === ctx.seed) return undefined;
  return ctx.blocked(
    `an earlier check of this suite waited ${silence.waitedMs} ms (webhooks.sender.retryWindowMs) for the event a create sends and none came, and this one waited ${shortWaitMs(ctx)} ms more for its own in vain; the earlier check judges the missing event`,
  );
}

/**
 * For a check that judges whichever deliveries arrive, not one record's (retry-after-failure): after
 * a silence, whether any event about one of its fresh records comes within the short wait. False
 * means it is blocked on that silence (blockedBySilence) rather than waiting the whole window for
 * retries of events that, a flood aside, never came.
 */
export async function heardAfterSilence(
  ctx: CheckContext,
  channel: SinkChannel,
  recordIds: readonly string[],
): Promise<boolean> {
  const silence = ctx.suiteScope.get<Silence>(silenceKey);
  if (silence === undefined || silence.seenBy === ctx.seed) return true;
  let seen = 0;
  return channel.waitFor(
    (deliveries) => {
      for (; seen < deliveries.length; seen += 1)
        if (recordIds.some((id) => mentionsRecord(deliveries[seen]!, id))) return true;
      return false;
    },
    shortWaitMs(ctx),
    ctx.signal,
  );
}

// Looks at each delivery once, however often the channel wakes it: a flood of deliveries costs
// constant work per delivery, not work that grows with every one that came before.
class DeliveryMatcher {
  /** Sequence numbers of the deliveries that count, in arrival order. */
  readonly matched: number[] = [];
  /** Those that may repeat one of `unlike` (the same event and data, another id): counted only when nothing else came. */
  readonly maybeRepeated: number[] = [];
  private seen = 0;
  private readonly afterSequence: number;
  private readonly unlike: readonly SinkDelivery[];
  private firstEvent: string | undefined;

  constructor(
    private readonly recordId: string,
    private readonly options: AwaitOptions,
  ) {
    this.afterSequence = options.afterSequence ?? 0;
    this.unlike = options.unlike ?? [];
  }

  /** Looks at the deliveries not seen yet; returns how many count so far. */
  advance(deliveries: readonly SinkDelivery[]): number {
    for (; this.seen < deliveries.length; this.seen += 1) {
      const delivery = deliveries[this.seen]!;
      if (delivery.sequence <= this.afterSequence || !mentionsRecord(delivery, this.recordId)) continue;
      const repetitions = this.unlike.map((earlier) => repetitionOf(delivery, earlier));
      if (repetitions.includes('same-bytes')) continue;
      if (repetitions.includes('same-event-and-data')) {
        this.maybeRepeated.push(delivery.sequence);
        continue;
      }
      if (this.options.sameEventAsFirst === true) {
        if (this.matched.length === 0) this.firstEvent = eventNameOf(delivery);
        else if (eventNameOf(delivery) !== this.firstEvent) continue;
      }
      this.matched.push(delivery.sequence);
    }
    return this.matched.length;
  }
}

/** The sequence number of the newest delivery so far (0 when none): the mark "after now". */
export function lastSequence(channel: SinkChannel): number {
  return channel.deliveries().at(-1)?.sequence ?? 0;
}

/** "no delivery about record X within N ms", plus what did arrive, for a failure message. */
export function describeMissing(
  channel: SinkChannel,
  recordId: string | number,
  timeoutMs: number,
  afterSequence = 0,
): string {
  const others = channel.deliveries().filter((delivery) => delivery.sequence > afterSequence).length;
  const arrived =
    others === 0
      ? 'nothing arrived'
      : `${others} ${others === 1 ? 'delivery' : 'deliveries'} arrived, none with ${JSON.stringify(String(recordId))} in its data`;
  const ignored = channel.ignored();
  const unkept = ignored === 0 ? '' : `; ${ignored} more about other records were acknowledged and not kept`;
  return `no delivery about record ${String(recordId)} within ${timeoutMs} ms (${arrived}${unkept})`;
}
