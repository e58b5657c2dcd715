// One channel's record of deliveries: numbering, attempts per event, answers, and bounded waits on
// what has arrived. Each body is read once, on arrival (delivery-content.ts); what the log keeps of
// bodies and headers is drawn from a byte budget, and all of it is given back on close. No sockets:
// the sink's request handler feeds it.
import { createHash } from 'node:crypto';
import { MAX_TIMER_MS } from '../config/timer-limit.js';
import { ACCEPT_STATUS, chooseAnswer, type AnswerScript, type ChosenAnswer } from './answer-script.js';
import { ByteBudget } from './byte-budget.js';
import { contentChars, readDeliveryContent, type DeliveryContent, type JsonParser } from './delivery-content.js';
import type { DeliveryAnswer, SinkDelivery } from './sink-types.js';

/** A request as the sink read it, before the log reads its body, numbers it, counts its attempt and answers it. */
export type CapturedRequest = Omit<
  SinkDelivery,
  'sequence' | 'eventId' | 'eventName' | 'dataValues' | 'bodyDigest' | 'isBodyDropped' | 'attemptOfEvent' | 'answer'
>;

export interface DeliveryLogOptions {
  /** Default: 2xx at once. */
  readonly script?: AnswerScript;
  /** Deliveries kept (see maxDeliveriesPerChannel); default 1000. */
  readonly maxEntries?: number;
  /** What bodies and headers may take; default unbounded. */
  readonly budget?: ByteBudget;
  /** Bytes of a dropped body still kept for evidence; default 4096. */
  readonly evidencePrefixBytes?: number;
  readonly parse?: JsonParser;
  /** Headers kept, besides Content-Type, for a delivery whose body was dropped: the signature profile's; default X-Signature. */
  readonly signatureHeaders?: readonly string[];
}

interface Waiter {
  readonly predicate: (deliveries: readonly SinkDelivery[]) => boolean;
  readonly finish: (isMet: boolean) => void;
}

// The headers the checks judge, kept for a delivery whose body was dropped (a value too long,
// replaced): Content-Type and the signature profile's (DeliveryLogOptions.signatureHeaders).
const maxEssentialHeaderChars = 256;
/** Deliveries about no watched record a channel keeps; later ones are acknowledged, not kept. */
export const maxUnwatchedKept = 200;
/** Deliveries about no named record answered as scripted after a record is named; later ones get 2xx at once. */
export const maxUnwatchedScripted = 8;
// Deliveries not kept that watch() looks at again: the newest few, within a small byte budget.
const asideMaxEntries = 32;
const asideMaxBytes = 256 * 1024;
const noBody = Buffer.alloc(0);

export class DeliveryLog {
  private readonly entries: SinkDelivery[] = [];
  private readonly attemptsByKey = new Map<string, number>();
  private readonly waiters = new Set<Waiter>();
  private readonly maxEntries: number;
  private readonly budget: ByteBudget;
  private readonly evidencePrefixBytes: number;
  private readonly parse: JsonParser | undefined;
  private readonly essentialHeaders: readonly string[];
  private script: AnswerScript;
  private closed = false;
  private readonly watched = new Set<string>();
  private unwatchedKept = 0;
  private scriptedSinceWatch = 0;
  private readonly aside: { readonly request: CapturedRequest; readonly content: DeliveryContent }[] = [];
  private asideBytes = 0;
  private ignoredCount = 0;

  constructor(options: DeliveryLogOptions = {}) {
    this.script = options.script ?? { kind: 'accept' };
    this.maxEntries = options.maxEntries ?? 1000;
    this.budget = options.budget ?? new ByteBudget(Number.POSITIVE_INFINITY);
    this.evidencePrefixBytes = options.evidencePrefixBytes ?? 4096;
    this.parse = options.parse;
    this.essentialHeaders = ['content-type', ...(options.signatureHeaders ?? ['x-signature'])];
  }

  get isClosed(): boolean {
    return this.closed;
  }

  setScript(script: AnswerScript): void {
    this.script = script;
  }

  /** Whether the channel holds its maximum of deliveries (see maxDeliveriesPerChannel). */
  get isFull(): boolean {
    return this.entries.length >= this.maxEntries;
  }

  /** Bytes of bodies and headers (and the fields read from them) the log keeps now. */
  get keptBytes(): number {
    return this.budget.used;
  }

  /**
   * Names records the check waits on. Once any is named, deliveries about none of them (no id among
   * their data's values) are answered as scripted only for the first maxUnwatchedScripted after each
   * naming, 2xx at once after that, and once the log holds maxUnwatchedKept such, acknowledged and
   * not kept: on a target others write to, their records' events would fill the channel, take the
   * sink's holds and failures and push the kit's own out. The last few set aside are looked at
   * again here: the event of a record just created can arrive before the check names it.
   */
  watch(recordIds: Iterable<string>): void {
    for (const id of recordIds) this.watched.add(id);
    this.scriptedSinceWatch = 0;
    const named = this.aside.filter(({ content }) => this.isWatched(content));
    for (const entry of named) {
      this.aside.splice(this.aside.indexOf(entry), 1);
      this.asideBytes -= entry.request.body.length;
    }
    for (const { request, content } of named) {
      this.ignoredCount -= 1;
      // It was acknowledged when it came: so it is settled, whatever the script would say now.
      const { sequence } = this.record(request, content, true);
      this.settle(sequence, { state: 'answered', status: ACCEPT_STATUS, afterMs: 0, late: false });
    }
  }

  /** Deliveries about none of the watched records acknowledged and not kept. */
  get ignored(): number {
    return this.ignoredCount;
  }

  /**
   * Reads the body once, numbers the delivery, counts its attempt and returns how the script says to
   * answer it; `ignored` (answer 2xx) for one about none of the watched records once enough such are kept.
   */
  add(
    request: CapturedRequest,
  ):
    { readonly kind: 'kept'; readonly sequence: number; readonly answer: ChosenAnswer } | { readonly kind: 'ignored' } {
    const content = readDeliveryContent(request.body, request.isBodyTruncated, this.parse);
    if (this.watched.size === 0 || this.isWatched(content)) {
      if (this.watched.size === 0) this.unwatchedKept += 1;
      return this.record(request, content, true);
    }
    // About none of the named records: kept while few (the event of a record the check has not
    // named yet can come before the create's answer), and answered as scripted only for the first
    // few since a record was named, so others' events never take the sink's holds and failures.
    if (this.unwatchedKept >= maxUnwatchedKept) {
      this.ignoredCount += 1;
      this.setAside(request, content);
      return { kind: 'ignored' };
    }
    this.unwatchedKept += 1;
    this.scriptedSinceWatch += 1;
    return this.record(request, content, this.scriptedSinceWatch <= maxUnwatchedScripted);
  }

  // `isScripted` false: answered 2xx at once, and given no turn in the script.
  private record(
    request: CapturedRequest,
    content: DeliveryContent,
    isScripted: boolean,
  ): { readonly kind: 'kept'; readonly sequence: number; readonly answer: ChosenAnswer } {
    const bodyDigest = createHash('sha256').update(request.body).digest('hex');
    // Without an id, identical bytes are the best sign of "the same event again".
    const key = content.eventId !== undefined ? `id:${content.eventId}` : `body:${bodyDigest}`;
    const attemptOfEvent = isScripted ? (this.attemptsByKey.get(key) ?? 0) + 1 : 1;
    if (isScripted) this.attemptsByKey.set(key, attemptOfEvent);
    const sequence = this.entries.length + 1;
    this.entries.push({
      sequence,
      ...request,
      ...this.keep(request, content),
      bodyDigest,
      ...(content.eventId !== undefined ? { eventId: content.eventId } : {}),
      ...(content.eventName !== undefined ? { eventName: content.eventName } : {}),
      dataValues: content.dataValues,
      attemptOfEvent,
      answer: { state: 'pending' },
    });
    this.notify();
    if (!isScripted) return { kind: 'kept', sequence, answer: { kind: 'respond', status: ACCEPT_STATUS } };
    // A first attempt is the newest key, so the map's size is its event's ordinal.
    return { kind: 'kept', sequence, answer: chooseAnswer(this.script, attemptOfEvent, this.attemptsByKey.size) };
  }

  // The newest deliveries not kept, within asideMaxBytes, for watch() to look at again.
  private setAside(request: CapturedRequest, content: DeliveryContent): void {
    if (request.body.length > asideMaxBytes) return;
    this.aside.push({ request, content });
    this.asideBytes += request.body.length;
    while (this.aside.length > asideMaxEntries || this.asideBytes > asideMaxBytes)
      this.asideBytes -= this.aside.shift()!.request.body.length;
  }

  private isWatched(content: DeliveryContent): boolean {
    if (this.watched.size === 0) return false;
    for (const value of content.dataValues) if (this.watched.has(value)) return true;
    return false;
  }

  /** Records how delivery `sequence` ended; only its first ending counts. */
  settle(sequence: number, answer: DeliveryAnswer): void {
    const index = sequence - 1;
    const entry = this.entries[index];
    if (entry === undefined || entry.answer.state !== 'pending') return;
    this.entries[index] = { ...entry, answer };
    this.notify();
  }

  /** Every delivery so far (none once closed); the objects are snapshots and never change. */
  deliveries(): readonly SinkDelivery[] {
    return [...this.entries];
  }

  /** See SinkChannel.waitFor. Rejects only when `predicate` itself throws. */
  waitFor(
    predicate: (deliveries: readonly SinkDelivery[]) => boolean,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<boolean> {
    if (predicate(this.entries)) return Promise.resolve(true);
    if (this.closed || signal?.aborted === true) return Promise.resolve(false);
    return new Promise<boolean>((resolve, reject) => {
      const finish = (isMet: boolean): void => {
        this.waiters.delete(waiter);
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        resolve(isMet);
      };
      const waiter: Waiter = {
        predicate: (deliveries) => {
          try {
            return predicate(deliveries);
          } catch (error) {
            this.waiters.delete(waiter);
            clearTimeout(timer);
            signal?.removeEventListener('abort', onAbort);
            reject(error);
            return false;
          }
        },
        finish,
      };
      const onAbort = (): void => finish(false);
      const timer = setTimeout(() => finish(false), Math.min(Math.max(0, timeoutMs), MAX_TIMER_MS));
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.add(waiter);
    });
  }

  /**
   * Stops the log: every waiter resolves false now, no delivery is added after, and every delivery
   * is released, its bytes given back to the budget.
   */
  close(): void {
    this.closed = true;
    for (const waiter of [...this.waiters]) waiter.finish(false);
    this.entries.length = 0;
    this.aside.length = 0;
    this.attemptsByKey.clear();
    this.budget.give(this.budget.used);
  }

  // The waiters see the log's own list, not a copy: a copy per arrival would make a flood quadratic.
  private notify(): void {
    for (const waiter of [...this.waiters]) if (waiter.predicate(this.entries)) waiter.finish(true);
  }

  // The whole delivery when it fits the budget; else an evidence prefix and the headers the checks
  // judge; else nothing of either. The fields read from the body are kept in every case, so the
  // delivery is still matched; they are bounded (delivery-content.ts) and counted when they fit.
  private keep(
    request: CapturedRequest,
    content: DeliveryContent,
  ): Pick<SinkDelivery, 'body' | 'headers' | 'isBodyDropped'> {
    const fields = contentChars(content);
    if (this.budget.tryTake(request.body.length + headerChars(request.headers) + fields)) {
      return { body: request.body, headers: request.headers, isBodyDropped: false };
    }
    // A copy: a view into the received body would keep all of it alive.
    const prefix = Buffer.from(request.body.subarray(0, this.evidencePrefixBytes));
    const headers = pickHeaders(request.headers, this.essentialHeaders);
    if (this.budget.tryTake(prefix.length + headerChars(headers) + fields))
      return { body: prefix, headers, isBodyDropped: true };
    return { body: noBody, headers: {}, isBodyDropped: true };
  }
}

function headerChars(headers: Readonly<Record<string, string>>): number {
  let chars = 0;
  for (const name in headers) chars += name.length + headers[name]!.length;
  return chars;
}

function pickHeaders(headers: Readonly<Record<string, string>>, names: readonly string[]): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of names) {
    const value = headers[name];
    // Not cut: a cut through a secret would leave its first part, past the reach of redaction. A
    // value this long is no signature or media type anyway, and is judged as the marker.
    if (value !== undefined)
      kept[name] = value.length <= maxEssentialHeaderChars ? value : `[${value.length} characters, too long to keep]`;
  }
  return kept;
}
