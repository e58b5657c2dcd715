import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACCEPT_STATUS, chooseAnswer } from './answer-script.js';

describe('chooseAnswer', () => {
  it('accepts every attempt at once under "accept"', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), (attempt) => {
        expect(chooseAnswer({ kind: 'accept' }, attempt)).toEqual({ kind: 'respond', status: ACCEPT_STATUS });
      }),
    );
  });

  it('fails exactly the first N attempts of an event, with 503 unless told otherwise', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 1, max: 20 }), (failures, attempt) => {
        const answer = chooseAnswer({ kind: 'fail-first', failures }, attempt);
        expect(answer).toEqual({ kind: 'respond', status: attempt <= failures ? 503 : ACCEPT_STATUS });
      }),
    );
    expect(chooseAnswer({ kind: 'fail-first', failures: 1, status: 500 }, 1)).toEqual({ kind: 'respond', status: 500 });
  });

  it('fails the first attempt of the n-th event with the n-th failure kind, cycling, and accepts every later attempt', () => {
    const failures = [{ kind: 'status', status: 404 }, { kind: 'close' }, { kind: 'reset' }] as const;
    const script = { kind: 'fail-first-each', failures } as const;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 20 }), (ordinal, attempt) => {
        const answer = chooseAnswer(script, attempt, ordinal);
        if (attempt > 1) return void expect(answer).toEqual({ kind: 'respond', status: ACCEPT_STATUS });
        const failure = failures[(ordinal - 1) % failures.length]!;
        expect(answer).toEqual(
          failure.kind === 'status' ? { kind: 'respond', status: 404 } : { kind: 'cut', how: failure.kind },
        );
      }),
    );
    expect(chooseAnswer({ kind: 'fail-first-each', failures: [] }, 1, 1)).toEqual({
      kind: 'respond',
      status: ACCEPT_STATUS,
    });
  });

  it('holds the first N attempts and answers later ones at once', () => {
    const script = { kind: 'hold-first', holds: 2, holdMs: 300, afterHold: 'destroy' } as const;
    expect(chooseAnswer(script, 1)).toEqual({ kind: 'hold', holdMs: 300, afterHold: 'destroy' });
    expect(chooseAnswer(script, 2)).toEqual({ kind: 'hold', holdMs: 300, afterHold: 'destroy' });
    expect(chooseAnswer(script, 3)).toEqual({ kind: 'respond', status: ACCEPT_STATUS });
  });
});
