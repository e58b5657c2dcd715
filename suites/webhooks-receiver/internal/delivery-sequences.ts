// The delivery sequences of webhooks-receiver.model-consistency: what a sender (or an attacker who
// knows the URL) may send a receiver, in any order and with any pause between: new events about new
// or known records, an event again (the same bytes or re-serialized), two copies at once, deliveries
// whose signature does not verify (on a new event, or on one already sent), the genuine delivery of
// an event first seen forged, pauses from none to seconds, and readings of an event's processed
// count. Fixed sequences first, one per way a receiver is known to break where deliveries meet;
// fast-check generates the rest and shrinks a failure. Pure: the runner does the I/O.
import fc from 'fast-check';
import type { BodyVariantName } from './body-variants.js';

/** How many new events a burst sends at once: a few, or more than a small dedupe memory keeps. */
export const burstSizes = [3, 60] as const;

/** The pauses a sequence draws, in ms: none, a blink, a retry's quick backoff, a retry seconds later. */
export const pauses = [0, 20, 300, 1500] as const;

/** How an event is sent again: the same bytes, or the same JSON written another way. */
export type AgainForm = 'same-bytes' | Extract<BodyVariantName, 'keys-reordered' | 'pretty-printed'>;

export type DeliveryStep =
  /** A new event (its own id), about a new record or one an earlier event was about. */
  | { readonly kind: 'send'; readonly event: 'create' | 'update'; readonly sameRecord: boolean; readonly pick: number }
  /** An event already sent validly, sent again. */
  | { readonly kind: 'again'; readonly pick: number; readonly form: AgainForm }
  /** A new event, two copies at once on two connections. */
  | { readonly kind: 'copies' }
  /** Many new events at once, as a sender catching up after an outage sends them. */
  | { readonly kind: 'burst'; readonly count: (typeof burstSizes)[number] }
  /** A delivery whose signature does not verify: of a new event, or of one already sent. */
  | { readonly kind: 'forged'; readonly forgery: number; readonly known: boolean; readonly pick: number }
  /** The genuine delivery of an event so far only sent forged. */
  | { readonly kind: 'genuine'; readonly pick: number }
  | { readonly kind: 'pause'; readonly ms: (typeof pauses)[number] }
  /** Reads an event's processed count and compares it with the model. */
  | { readonly kind: 'observe'; readonly pick: number };

/** Generated sequences of up to `maxSteps` steps. */
export function deliverySequenceArbitrary(maxSteps: number): fc.Arbitrary<DeliveryStep[]> {
  const pick = fc.nat({ max: 15 });
  const step = fc.oneof(
    {
      arbitrary: fc
        .record({ event: fc.constantFrom('create' as const, 'update' as const), sameRecord: fc.boolean(), pick })
        .map((fields): DeliveryStep => ({ kind: 'send', ...fields })),
      weight: 4,
    },
    {
      arbitrary: fc
        .record({ pick, form: fc.constantFrom<AgainForm>('same-bytes', 'keys-reordered', 'pretty-printed') })
        .map((fields): DeliveryStep => ({ kind: 'again', ...fields })),
      weight: 3,
    },
    { arbitrary: fc.constant<DeliveryStep>({ kind: 'copies' }), weight: 1 },
    {
      arbitrary: fc.constantFrom(...burstSizes).map((count): DeliveryStep => ({ kind: 'burst', count })),
      weight: 1,
    },
    {
      arbitrary: fc
        .record({ forgery: fc.nat({ max: 31 }), known: fc.boolean(), pick })
        .map((fields): DeliveryStep => ({ kind: 'forged', ...fields })),
      weight: 2,
    },
    { arbitrary: pick.map((n): DeliveryStep => ({ kind: 'genuine', pick: n })), weight: 1 },
    { arbitrary: fc.constantFrom(...pauses).map((ms): DeliveryStep => ({ kind: 'pause', ms })), weight: 1 },
    { arbitrary: pick.map((n): DeliveryStep => ({ kind: 'observe', pick: n })), weight: 2 },
  );
  return fc.array(step, { maxLength: maxSteps, size: 'max' });
}

/**
 * The fixed sequences, run side by side:
 * 1. an event, then a burst of sixty others, then the first again (a dedupe memory that keeps only
 *    the last few ids);
 * 2. a delivery signed with another secret, then the genuine delivery of the same event, then it
 *    again re-serialized (a receiver that marks an id seen before it verifies the signature);
 * 3. an update before the create of its record, two copies of a third event at once, a forged
 *    delivery of an event already processed and one of an event never sent genuinely (a receiver
 *    that dedupes by record, one whose dedupe races, one that does not verify);
 * 4. an event, and again, pretty-printed, after a pause longer than a second (a dedupe memory that
 *    forgets).
 */
export function fixedDeliverySequences(wrongSecretForgery: number): DeliveryStep[][] {
  const send = (event: 'create' | 'update', sameRecord = false, pick = 0): DeliveryStep => ({
    kind: 'send',
    event,
    sameRecord,
    pick,
  });
  return [
    [
      send('create'),
      { kind: 'burst', count: 60 },
      { kind: 'again', pick: 0, form: 'same-bytes' },
      { kind: 'observe', pick: 0 },
    ],
    [
      { kind: 'forged', forgery: wrongSecretForgery, known: false, pick: 0 },
      { kind: 'genuine', pick: 0 },
      // A later event processed shows the genuine one was dropped, not queued behind.
      send('create'),
      { kind: 'observe', pick: 0 },
      { kind: 'again', pick: 0, form: 'keys-reordered' },
    ],
    [
      send('update'),
      send('create', true, 0),
      { kind: 'copies' },
      { kind: 'forged', forgery: wrongSecretForgery, known: true, pick: 1 },
      { kind: 'forged', forgery: wrongSecretForgery, known: false, pick: 0 },
      { kind: 'observe', pick: 1 },
    ],
    [send('create'), { kind: 'pause', ms: 1500 }, { kind: 'again', pick: 0, form: 'pretty-printed' }],
  ];
}
