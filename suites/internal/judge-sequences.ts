// How a stateful check runs its command sequences (pagination.model-consistency,
// webhooks-receiver.model-consistency): the fixed sequences first, side by side; a failing one is
// run again alone and shrunk chunk by chunk when it fails alone too (one that fails only beside the
// others is shown as it ran: the rule broke all the same). Then the generated ones, side by side,
// each a fast-check property of one run with a seed of its own, a failure shrunk by fast-check.
// Shrinking makes 25 runs at most in all, and stops half-way through the check's time left when
// the first run began (ctx.timeBudgetMs), so a failing target costs a bounded number of
// sequences and the check ends failed, with the sequence as far as it was shrunk, never timed out.
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

export type RunMode = 'first' | 'shrink' | 'shown';

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
  /**
   * Runs one sequence. A harness error (time-out, lost connection) is thrown. `mode` says why: a
   * first run, a shrink candidate (whose breach only steers the shrinking, so a runner may judge it
   * faster), or the run of the shrunk sequence that is shown.
   */
  readonly run: (sequence: S, mode: RunMode) => Promise<SequenceOutcome>;
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
  const shrinkUntil = ctx.now() + (ctx.timeBudgetMs - ctx.now()) / 2;
  const mayShrink = (): boolean => ctx.now() < shrinkUntil;
  const alone = async (sequence: S, mode: RunMode): Promise<SequenceOutcome> => {
    await judging.beforeAlone?.();
    return run(sequence, mode);
  };

  ctx.progress(`the fixed sequences${at}`);
  const firstRuns = await Promise.all(fixed.map((sequence) => run(sequence, 'first')));
  for (const [index, first] of firstRuns.entries()) {
    if (first.breach === undefined) continue;
    const sequence = fixed[index]!;
    let tries = 0;
    const stillFails = async (steps: readonly T[]): Promise<boolean> => {
      if (!mayShrink()) return false;
      ctx.progress(`shrink ${(tries += 1)}${at}`);
      return (await alone(judging.withSteps(sequence, steps), 'shrink')).breach !== undefined;
    };
    if (!(await stillFails(judging.stepsOf(sequence)))) continue;
    const shrunk = await shrinkSequence(judging.stepsOf(sequence), stillFails, shrinkRuns);
    // Shrunk or not, a sequence shorter than the first is run once more as a first run is; the
    // first run's failure stands where that run keeps the model (a faster shrink run erred).
    const isShorter = shrunk.items.length < judging.stepsOf(sequence).length;
    const last = isShorter && mayShrink() ? await alone(judging.withSteps(sequence, shrunk.items), 'shown') : first;
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
      {
        foundAfter: `the fixed sequences${at} run side by side (a run alone did not break, or was cut short by the time budget)`,
        shrinks: 0,
      },
    );

  await judging.beforeAlone?.();
  const budget = { shrinkRuns };
  // A harness error inside a property is kept aside, not shrunk as a failure, and thrown after.
  let harnessError: { readonly error: unknown } | undefined;
  const generate = async (index: number) => {
    const failures = new Map<string, SequenceOutcome>();
    const property = fc.asyncProperty(judging.arbitrary, async (sequence) => {
      if (harnessError !== undefined || (failures.size > 0 && ((budget.shrinkRuns -= 1) < 0 || !mayShrink())))
        return true;
      const shrinking = failures.size > 0;
      ctx.progress(`${shrinking ? `shrink (sequence ${index + 1})` : `sequence ${index + 1} of ${judging.runs}`}${at}`);
      let outcome: SequenceOutcome;
      try {
        outcome = shrinking ? await alone(sequence, 'shrink') : await run(sequence, 'first');
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
  const found = sequence === undefined ? undefined : failures.get(JSON.stringify(sequence));
  // The shrunk sequence is run once more as a first run would be; where it then keeps the model
  // (a shrink run judged faster erred), the failure first found is shown instead.
  const again = found === undefined || sequence === undefined ? undefined : await alone(sequence, 'shown');
  const trace = again?.breach !== undefined ? again : [...failures.values()][0];
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
