// One channel's record of deliveries: numbering, attempts per event, answers, and bounded waits on
// what has arrived. No sockets: the sink's request handler feeds it.
import { createHash } from 'node:crypto';
import { MAX_TIMER_MS } from '../config/timer-limit.js';
import { chooseAnswer, type AnswerScript, type ChosenAnswer } from './answer-script.js';
import type { DeliveryAnswer, SinkDelivery } from './sink-types.js';

/** A request as the sink read it, before the log numbers it, counts its attempt and answers it. */
export type CapturedRequest = Omit<SinkDelivery, 'sequence' | 'eventId' | 'attemptOfEvent' | 'answer'>;

interface Waiter {
  readonly predicate: (deliveries: readonly SinkDelivery[]) => boolean;
  readonly finish: (isMet: boolean) => void;
}

export class DeliveryLog {
  private readonly entries: SinkDelivery[] = [];
  private readonly attemptsByKey = new Map<string, number>();
  private readonly waiters = new Set<Waiter>();
  private script: AnswerScript;
  private closed = false;

  constructor(
    script: AnswerScript = { kind: 'accept' },
    private readonly maxEntries = 1000,
  ) {
    this.script = script;
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

  /** Numbers a new delivery, counts its attempt and returns how the script says to answer it. */
  add(request: CapturedRequest): { readonly sequence: number; readonly answer: ChosenAnswer } {
    const eventId = readEventId(request.body, request.isBodyTruncated);
    // Without an id, identical bytes are the best sign of "the same event again".
    const key = eventId !== undefined ? `id:${eventId}` : `body:${createHash('sha256').update(request.body).digest('hex')}`;
    const attemptOfEvent = (this.attemptsByKey.get(key) ?? 0) + 1;
    this.attemptsByKey.set(key, attemptOfEvent);
    const sequence = this.entries.length + 1;
    this.entries.push({
      sequence,
      ...request,
      ...(eventId !== undefined ? { eventId } : {}),
      attemptOfEvent,
      answer: { state: 'pending' },
    });
    this.notify();
    return { sequence, answer: chooseAnswer(this.script, attemptOfEvent) };
  }

  /** Records how delivery `sequence` ended; only its first ending counts. */
  settle(sequence: number, answer: DeliveryAnswer): void {
    const index = sequence - 1;
    const entry = this.entries[index];
    if (entry === undefined || entry.answer.state !== 'pending') return;
    this.entries[index] = { ...entry, answer };
    this.notify();
  }

  /** Every delivery so far; the objects are snapshots and never change. */
  deliveries(): readonly SinkDelivery[] {
    return [...this.entries];
  }

  /** See SinkChannel.waitFor. Rejects only when `predicate` itself throws. */
  waitFor(predicate: (deliveries: readonly SinkDelivery[]) => boolean, timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
    if (predicate(this.deliveries())) return Promise.resolve(true);
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

  /** Stops the log: every waiter resolves false now, and no delivery is added after. */
  close(): void {
    this.closed = true;
    for (const waiter of [...this.waiters]) waiter.finish(false);
  }

  private notify(): void {
    if (this.waiters.size === 0) return;
    const snapshot = this.deliveries();
    for (const waiter of [...this.waiters]) if (waiter.predicate(snapshot)) waiter.finish(true);
  }
}

// The id the convention puts in every body (section 2); a cut body is not parsed, its id unknown.
function readEventId(body: Buffer, isTruncated: boolean): string | undefined {
  if (isTruncated) return undefined;
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
      const id = (parsed as Record<string, unknown>).id;
      return typeof id === 'string' ? id : undefined;
    }
  } catch {
    // Not JSON: the attempt is counted by its bytes instead.
  }
  return undefined;
}
