// What the receiver remembers: per event id, how often it arrived and how often it was processed
// (convention 6.1: deduplicate by id), and per record, the latest state the events described
// (convention 6.2: an update may arrive before its create, and must not be lost).
import { createHash } from 'node:crypto';

/** A delivery body that passed verification and shape checks. */
export interface ReceivedEvent {
  readonly event: string;
  readonly id: string;
  readonly data: Readonly<Record<string, unknown>>;
}

export interface EventTally {
  readonly id: string;
  readonly receivedCount: number;
  readonly processedCount: number;
}

/** The receiver's view of one record, built from the events about it. */
export interface MirroredRecord {
  readonly id: string;
  readonly data: Readonly<Record<string, unknown>>;
  /** False while only later events (an update) have arrived. */
  readonly hasSeenCreate: boolean;
  readonly isDeleted: boolean;
}

/**
 * What a repeat is known by: the event id (clean), or a defect's slip: nothing at all, a hash of the
 * body bytes (a re-serialized redelivery looks new), only the last id processed (A, B, A looks new),
 * only the last few ids (an event again after fifty others looks new), the event id for a second
 * (a retry that comes seconds later looks new), or the record the event
 * is about (a second event about one record looks like a repeat).
 */
export type DedupeKey =
  'event-id' | 'none' | 'body-hash' | 'last-id-only' | 'last-few-ids' | 'event-id-for-a-second' | 'record-id';

// last-few-ids: how many of the last event ids processed a small dedupe memory keeps.
const fewIds = 50;

// How long the receiver-dedupe-forgets-quickly defect remembers an event id: a cache's short TTL.
const briefMemoryMs = 1000;

/** How the receiver treats repeats and early updates; the clean receiver dedupes and tolerates both. */
export interface LedgerPolicy {
  readonly dedupeBy: DedupeKey;
  readonly rejectsDuplicates: boolean;
  readonly rejectsOutOfOrder: boolean;
}

const cleanLedgerPolicy: LedgerPolicy = { dedupeBy: 'event-id', rejectsDuplicates: false, rejectsOutOfOrder: false };

export type ReceiveOutcome = 'processed' | 'duplicate' | 'rejected-duplicate' | 'rejected-out-of-order';

export class ReceiverLedger {
  private readonly tallies = new Map<string, { receivedCount: number; processedCount: number }>();
  private readonly processedAt = new Map<string, number>();
  private readonly processedRecords = new Set<string>();
  private readonly records = new Map<string, MirroredRecord>();
  private readonly bodyHashes = new Set<string>();
  private lastProcessedId: string | undefined;
  private readonly recentIds: string[] = [];
  /** Ids marked seen before their delivery was verified (receiver-marks-seen-before-verifying). */
  private readonly markedSeen = new Set<string>();
  private readonly policy: LedgerPolicy;

  constructor(policy: LedgerPolicy = cleanLedgerPolicy) {
    this.policy = policy;
  }

  /** True when the policy takes `event` (arrived as `rawBody`) for a repeat of one already processed. */
  isRepeat(event: ReceivedEvent, rawBody: Uint8Array): boolean {
    if (this.markedSeen.has(event.id)) return true;
    switch (this.policy.dedupeBy) {
      case 'event-id':
        return (this.tallies.get(event.id)?.processedCount ?? 0) > 0;
      case 'body-hash':
        return this.bodyHashes.has(hashOf(rawBody));
      case 'last-id-only':
        return this.lastProcessedId === event.id;
      case 'last-few-ids':
        return this.recentIds.includes(event.id);
      case 'record-id':
        return typeof event.data.id === 'string' && this.processedRecords.has(event.data.id);
      case 'event-id-for-a-second':
        return performance.now() - (this.processedAt.get(event.id) ?? -Infinity) < briefMemoryMs;
      case 'none':
        return false;
    }
  }

  /**
   * Records one arrival of `event` and processes it unless it is a repeat. `isRepeat` is decided
   * now by default; the receiver-dedupe-not-atomic defect passes what it decided before an await.
   */
  receive(
    event: ReceivedEvent,
    rawBody: Uint8Array = Buffer.from(JSON.stringify(event)),
    isRepeat = this.isRepeat(event, rawBody),
  ): ReceiveOutcome {
    const tally = this.tallies.get(event.id) ?? { receivedCount: 0, processedCount: 0 };
    this.tallies.set(event.id, tally);
    tally.receivedCount += 1;
    if (isRepeat) return this.policy.rejectsDuplicates ? 'rejected-duplicate' : 'duplicate';
    const recordId = typeof event.data.id === 'string' ? event.data.id : undefined;
    if (recordId !== undefined && !this.apply(event, recordId)) return 'rejected-out-of-order';
    tally.processedCount += 1;
    this.processedAt.set(event.id, performance.now());
    if (recordId !== undefined) this.processedRecords.add(recordId);
    this.bodyHashes.add(hashOf(rawBody));
    this.lastProcessedId = event.id;
    this.recentIds.push(event.id);
    if (this.recentIds.length > fewIds) this.recentIds.shift();
    return 'processed';
  }

  /**
   * receiver-marks-seen-before-verifying: the id of a delivery not yet verified is marked seen, so
   * its genuine delivery later looks like a repeat. Bounded, as a real cache would be.
   */
  markSeen(eventId: string): void {
    if (this.markedSeen.size >= 10_000) this.markedSeen.clear();
    this.markedSeen.add(eventId);
  }

  tally(eventId: string): EventTally | undefined {
    const tally = this.tallies.get(eventId);
    return tally === undefined ? undefined : { id: eventId, ...tally };
  }

  mirrored(recordId: string): MirroredRecord | undefined {
    return this.records.get(recordId);
  }

  // Returns false only when the policy refuses an update that came before its create.
  private apply(event: ReceivedEvent, recordId: string): boolean {
    const kind = event.event.slice(event.event.lastIndexOf('.') + 1);
    const known = this.records.get(recordId);
    if (kind === 'created') {
      // An update that came first already holds newer data: keep it, only note the create.
      this.records.set(
        recordId,
        known
          ? { ...known, hasSeenCreate: true }
          : { id: recordId, data: event.data, hasSeenCreate: true, isDeleted: false },
      );
      return true;
    }
    if (kind === 'deleted') {
      this.records.set(recordId, {
        id: recordId,
        data: known?.data ?? event.data,
        hasSeenCreate: known?.hasSeenCreate ?? false,
        isDeleted: true,
      });
      return true;
    }
    if (known === undefined && this.policy.rejectsOutOfOrder) return false;
    if (known?.isDeleted) return true;
    if (known !== undefined && isOlder(event.data, known.data)) return true;
    this.records.set(recordId, {
      id: recordId,
      data: event.data,
      hasSeenCreate: known?.hasSeenCreate ?? false,
      isDeleted: false,
    });
    return true;
  }
}

// Events may arrive in any order; a payload with an older updatedAt must not overwrite a newer one.
function isOlder(incoming: Readonly<Record<string, unknown>>, current: Readonly<Record<string, unknown>>): boolean {
  const incomingAt = incoming.updatedAt;
  const currentAt = current.updatedAt;
  return typeof incomingAt === 'string' && typeof currentAt === 'string' && incomingAt < currentAt;
}

function hashOf(rawBody: Uint8Array): string {
  return createHash('sha256').update(rawBody).digest('hex');
}
