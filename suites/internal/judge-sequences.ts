// How a stateful check runs its command sequences (pagination.model-consistency,
// webhooks-receiver.model-consistency): the fixed sequences first, side by side; a failing one is
// run again alone and shrunk chunk by chunk when it fails alone too (one that fails only beside the
// others is shown as it ran: the rule broke all the same). Then the generated ones, side by side,
// each a fast-check property of one run with a seed of its own, a failure shrunk by fast-check.
// Shrinking makes 25 runs at most in all, so a failing target costs a bounded number of sequences.
import fc from 'fast-check';
import type { CheckContext, CheckOutcome, ExchangeRecord } from '../../harness/check-api/check-context.js';
import { failOnSequence, type ModelBreach } from './sequence-breach.js';
import { shrinkSequence } from './shrink-sequence.js';

/** What a run of one sequence returns: its steps in words, and the breach that ended it, if any. */
export interface SequenceOutcome {
  readonly breach?: ModelBreach;
  readonly steps: readonly string[];
  readonly exchanges: readonly ExchangeRecord[];
}

export interface SequenceJudging<S, T> {
  /** Where the sequences run, for messages and progress ("on /customers"); empty for none. */
  readonly where: string;
  readonly fixed: readonly S[];
  /** The steps of a sequence that shrinking may drop, and the sequence with only some of them. */
  readonly stepsOf: (sequence: S) => readonly T[];
  readonly withSteps: (sequence: S, steps: readonly T[]) => S;
  readonly arbitrary: fc.Arbitrary<S>;
  /** How many generated sequences run, side by side. */
  readonly runs: number;
  /** Runs one sequence. A harness error (time-out, lost connection) is thrown. */
  readonly run: (sequence: S) => Promise<SequenceOutcome>;
  /** Made before a sequence runs again alone (a re-run or a shrink): tops up what the runs use up. */
  readonly beforeAlone?: () => Promise<void>;
}

const shrinkRuns = 25;

/** The failure of the first broken sequence, or undefined when every sequence kept the model. */
export async function judgeSequences<S, T>(
  ctx: CheckContext,
  judging: SequenceJudging<S, T>,
): Promise<CheckOutcome | undefined> {
  const { where, fixed, run } = judging;
  const at = where === '' ? '' : ` ${where}`;
  const alone = async (sequence: S): Promise<SequenceOutcome> => {
    await judging.beforeAlone?.();
    return run(sequence);
  };

  ctx.progress(`the fixed sequences${at}`);
  const firstRuns = await Promise.all(fixed.map(run));
  for (const [index, first] of firstRuns.entries()) {
    if (first.breach === undefined) continue;
    const sequence = fixed[index]!;
    let tries = 0;
    const stillFails = async (steps: readonly T[]): Promise<boolean> => {
      ctx.progress(`shrink ${(tries += 1)}${at}`);
      return (await alone(judging.withSteps(sequence, steps))).breach !== undefined;
    };
    if (!(await stillFails(judging.stepsOf(sequence)))) continue;
    const shrunk = await shrinkSequence(judging.stepsOf(sequence), stillFails, shrinkRuns);
    const last = await alone(judging.withSteps(sequence, shrunk.items));
    const shown = last.breach === undefined ? first : last;
    return failOnSequence(
      ctx,
      { ...shown, breach: shown.breach! },
      { foundAfter: `fixed sequence ${index + 1}${at}`, shrinks: shrunk.runs },
    );
  }
  const together = firstRuns.find((first) => first.breach !== undefined);
  if (together !== undefined)
    return failOnSequence(
      ctx,
      { ...together, breach: together.breach! },
      { foundAfter: `the fixed sequences${at}, run side by side (not alone)`, shrinks: 0 },
    );

  await judging.beforeAlone?.();
  const budget = { shrinkRuns };
  // A harness error inside a property is kept aside, not shrunk as a failure, and thrown after.
  let harnessError: { readonly error: unknown } | undefined;
  const generate = async (index: number) => {
    const failures = new Map<string, SequenceOutcome>();
    const property = fc.asyncProperty(judging.arbitrary, async (sequence) => {
      if (harnessError !== undefined || (failures.size > 0 && (budget.shrinkRuns -= 1) < 0)) return true;
      const shrinking = failures.size > 0;
      ctx.progress(`${shrinking ? `shrink (sequence ${index + 1})` : `sequence ${index + 1} of ${judging.runs}`}${at}`);
      let outcome: SequenceOutcome;
      try {
        outcome = shrinking ? await alone(sequence) : await run(sequence);
      } catch (error) {
        harnessError ??= { error };
        return true;
      }
      if (outcome.breach === undefined) return true;
      failures.set(JSON.stringify(sequence), outcome);
      return false;
    });
    const details = await fc.check(property, { seed: ctx.seed + index, numRuns: 1 });
    return { index, details, failures };
  };
  const generated = await Promise.all(Array.from({ length: judging.runs }, (_, index) => generate(index)));
  if (harnessError !== undefined) throw harnessError.error;
  const failed = generated.find((instance) => instance.details.failed);
  if (failed === undefined) return undefined;
  const { details, failures, index } = failed;
  const [sequence] = details.counterexample ?? [];
  const trace = sequence === undefined ? undefined : failures.get(JSON.stringify(sequence));
  const replayPath = details.counterexamplePath ?? undefined;
  if (trace?.breach === undefined)
    return ctx.fail(
      `generated sequence ${index + 1}${at} broke the model, but its trace was lost (seed ${details.seed})`,
      {
        ...(replayPath === undefined ? {} : { replayPath }),
      },
    );
  return failOnSequence(
    ctx,
    { ...trace, breach: trace.breach },
    {
      foundAfter: `generated sequence ${index + 1} of ${judging.runs}${at} (fast-check seed ${details.seed})`,
      shrinks: details.numShrinks,
      ...(replayPath === undefined ? {} : { replayPath }),
    },
  );
}
