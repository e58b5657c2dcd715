// What the stateful checks (resources.model-consistency, pagination.model-consistency) share: the
// breach a command sequence meets, and the failure that shows it as numbered steps, the breaking
// step last, with the model's expectation beside the answer.
import type { CheckContext, CheckOutcome, ExchangeRecord } from '../../harness/check-api/check-context.js';

/** An answer the model did not allow: the rule it breaks, what was expected and what came. */
export class ModelBreach extends Error {
  constructor(
    readonly rule: string,
    message: string,
    readonly expected: string,
    readonly actual: string,
    readonly exchange?: ExchangeRecord,
  ) {
    super(message);
  }
}

/** A sequence as it ran: its steps in words, the breach that ended it, and the exchanges it made. */
export interface BrokenSequence {
  readonly breach: ModelBreach;
  readonly steps: readonly string[];
  readonly exchanges: readonly ExchangeRecord[];
}

/** How the failing sequence was found and shrunk, for the message. */
export interface SequenceFinding {
  readonly foundAfter: string;
  readonly shrinks: number;
  readonly replayPath?: string;
}

/** Fails the check on `run`: its numbered steps, the last of which broke `breach.rule`. */
export function failOnSequence(ctx: CheckContext, run: BrokenSequence, how: SequenceFinding): CheckOutcome {
  const { breach } = run;
  const steps = run.steps.map((step, index) => `${index + 1}. ${step}`);
  const broke = steps.length;
  return ctx.fail(
    `${breach.message} (step ${broke} breaks ${breach.rule}; found by ${how.foundAfter}, shrunk over ${how.shrinks} run(s))`,
    {
      expected: breach.expected,
      actual: breach.actual,
      // The reading or answer that broke the rule comes last, whatever else the sequence sent.
      exchanges:
        breach.exchange === undefined
          ? run.exchanges
          : [...run.exchanges.filter((exchange) => exchange !== breach.exchange), breach.exchange],
      counterexample: { steps, breaks: `step ${broke}: ${breach.rule} (${breach.expected})`, checkSeed: ctx.seed },
      ...(how.replayPath === undefined ? {} : { replayPath: how.replayPath }),
    },
  );
}

/**
 * The check's context for one sequence, keeping the exchanges that sequence makes: sequences run
 * side by side share the check's log, and a failure shows its own sequence's requests only.
 */
export function sequenceContext(ctx: CheckContext): {
  readonly ctx: CheckContext;
  readonly exchanges: ExchangeRecord[];
} {
  const exchanges: ExchangeRecord[] = [];
  const own: CheckContext = {
    ...ctx,
    request: async (request) => {
      const answer = await ctx.request(request);
      exchanges.push(answer.record);
      return answer;
    },
  };
  return { ctx: own, exchanges };
}
