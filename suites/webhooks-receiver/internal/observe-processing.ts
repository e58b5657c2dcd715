// Reads how often the receiver processed an event, through webhooks.receiver.observe: a GET of the
// URL template with the event id, and a JSON pointer to the processed count. Convention 4.3 lets
// the receiver process after it answers, so readings are polled within a bounded window.
import type { CheckContext, CheckOutcome, ExchangeRecord } from '../../../harness/check-api/check-context.js';
import { isSuccess } from '../../internal/answer-shape.js';
import { readJsonPointer } from '../../internal/fixtures/json-pointer.js';
import type { ReceiverConfig } from './receiver-setup.js';
import { fillObserveTemplate } from './receiver-url.js';

export type ObserveConfig = NonNullable<ReceiverConfig['observe']>;

/** One reading: a count, or why none could be read. */
export type ProcessedReading =
  | { readonly kind: 'count'; readonly count: number; readonly record: ExchangeRecord }
  | { readonly kind: 'unreadable'; readonly reason: string; readonly record: ExchangeRecord };

/** How long a receiver may take to process an event after acknowledging it. */
export const processingWindowMs = 5000;
/** How long to keep watching for processing that should not happen (a second run of a duplicate). */
export const settleMs = 300;
const pollEveryMs = 100;

/** Reads the processed count of `eventId` once; a 404 means the receiver has not seen the event (count 0). */
export async function readProcessedCount(
  ctx: CheckContext,
  observe: ObserveConfig,
  eventId: string,
): Promise<ProcessedReading> {
  const path = fillObserveTemplate(observe.urlTemplate, eventId);
  const response = await ctx.request({ path, note: `observe how often event ${eventId} was processed` });
  if (response.status === 404) return { kind: 'count', count: 0, record: response.record };
  if (!isSuccess(response.status)) {
    return { kind: 'unreadable', reason: `GET ${path} answered ${response.status}`, record: response.record };
  }
  const count = readJsonPointer(response.json, observe.pointer);
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) {
    return {
      kind: 'unreadable',
      reason: `GET ${path} has no whole number at ${observe.pointer} (got ${showValue(count)})`,
      record: response.record,
    };
  }
  return { kind: 'count', count, record: response.record };
}

/** Polls until the count reaches `minimum`, the reading fails, or `windowMs` passes; returns the last reading. */
export async function waitForProcessing(
  ctx: CheckContext,
  observe: ObserveConfig,
  eventId: string,
  minimum: number,
  windowMs = processingWindowMs,
): Promise<ProcessedReading> {
  const deadline = ctx.now() + windowMs;
  for (;;) {
    const reading = await readProcessedCount(ctx, observe, eventId);
    if (reading.kind === 'unreadable' || reading.count >= minimum || ctx.now() >= deadline) return reading;
    await ctx.sleep(pollEveryMs);
  }
}

/** Waits settleMs, then reads once: what the receiver did with an event by then. */
export async function readAfterSettling(
  ctx: CheckContext,
  observe: ObserveConfig,
  eventId: string,
): Promise<ProcessedReading> {
  await ctx.sleep(settleMs);
  return readProcessedCount(ctx, observe, eventId);
}

/** A message naming the config to fix when observation does not work. */
export function describeUnreadable(reading: Extract<ProcessedReading, { kind: 'unreadable' }>): string {
  return `could not observe processing: ${reading.reason}; check webhooks.receiver.observe (urlTemplate and pointer)`;
}

function showValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** How the receiver's processing is read, or why a check that judges it is skipped: never passed on trust. */
export function observeOrSkip(
  ctx: CheckContext,
  observe: ObserveConfig | undefined,
  judges: string,
): ObserveConfig | CheckOutcome {
  return (
    observe ??
    ctx.skip(`processing is not observable: set webhooks.receiver.observe (urlTemplate and pointer) to ${judges}`)
  );
}
