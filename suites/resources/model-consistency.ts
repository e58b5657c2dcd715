import fc from 'fast-check';
import type { CheckContext, CheckOutcome, ExchangeRecord } from '../../harness/check-api/check-context.js';
import { defineCheck } from '../define-check.js';
import { shrinkSequence } from '../internal/shrink-sequence.js';
import { surfaceInventory } from '../internal/surface-inventory.js';
import { patchBodyOf, replaceBodyOf } from '../internal/fixtures/write-bodies.js';
import { isOffered } from '../internal/operations-offered.js';
import type { ModelCommand, ModelReal } from './internal/model/model-commands.js';
import { ModelSetupStop } from './internal/model/model-write-commands.js';
import { createEach, fixedModelSequences, modelCommandArbitraries } from './internal/model/model-sequences.js';
import { stringVariants, unknownIdForms } from './internal/model/model-values.js';
import { emptyModel, type ModelList, type RecordModel } from './internal/model/record-model.js';
import { failOnSequence, ModelBreach, sequenceContext } from '../internal/sequence-breach.js';

// Convention 4.1 (and 2/2, 2/3, 7/1) judged where operations meet: a model of the kit's own records
// predicts every answer of a sequence of creates, reads, replaces, changes, deletes, list searches
// and reads of ids that are not there, on every configured list at once. A fixed sequence crosses
// every operation on each list first; fast-check then generates sequences and shrinks a failure to
// the fewest commands that still break a rule (a fixed one is shrunk the same way, chunk by chunk).
export const modelConsistency = defineCheck({
  id: 'resources.model-consistency',
  suite: 'resources',
  conformanceClass: 'resources-core',
  rule: '2/2, 2/3, 4.1, 4.2/3, 7/1',
  level: 'normative',
  leavesOpen:
    'Which fields a list shows, and which records (not shown): the fields it shows hold their current values, and a record is held to its list once a search has listed it (a list may filter or lag). How a field stores markup or an empty string (the fields and their rules are not shown): the model takes the value the write answers with. A write refused with a 4xx changes nothing; one answered 5xx takes its record out of the model. A record reachable under another collection (a supertype’s may rightly hold it): advice.',
  title: 'Every answer of a sequence of writes and reads agrees with a model of the kit’s records',
  proves:
    'Over fixed sequences and resources.modelRuns generated ones of up to resources.modelCommands commands, on every configured list at once: a read returns every field as the last successful write left it (PUT replaces, PATCH changes only its fields, accented letters and emoji kept exactly); a write’s answer holds what it sent; a refused write changes nothing, and a write to a live record is never answered "not found"; a deleted record reads as a 4xx and leaves the page that listed it; a record once listed stays listed with its current values; an id no record has, in any form, is a 4xx.',
  covers:
    'the kit’s own records on every configured list: top-level collections (create, read, PUT, PATCH, DELETE, list search) and related lists (children created under a parent, read, deleted, searched in the nested list); the values and id forms each sequence drew are listed',
  probes: [
    'a read served from a cache a write did not clear',
    'a second update answered but not stored',
    'a PATCH merged into the record as it was before a PUT',
    'a DELETE that misses a record once it was updated',
    'a write applied to another record of the collection',
    'an updated record that drops out of its list',
    'a list that shows values a record no longer holds',
    'values beyond ASCII stored in another encoding',
    'an id that needs escaping answered 5xx',
    'a record served under another collection (advice)',
  ],
  provenBy: [
    'put-leaves-read-cache-stale',
    'update-applied-only-once',
    'patch-after-put-restores-old-fields',
    'delete-misses-updated-record',
    'patch-hits-last-created',
    'updated-record-drops-from-list',
    'list-shows-stale-values',
    'non-ascii-values-mangled',
    'unusual-unknown-id-500',
    'foreign-id-served',
  ],
  async run(ctx) {
    const lists = modelLists(ctx);
    if (lists.length === 0) return ctx.skip('no configured list offers create');
    return judgeSequences(ctx, lists);
  },
});

// Runs made after the first failure while shrinking: a failing target costs a bounded number of sequences.
const shrinkRuns = 25;

interface SequenceRun {
  readonly breach?: ModelBreach;
  readonly steps: readonly string[];
  readonly exchanges: readonly ExchangeRecord[];
}

async function judgeSequences(ctx: CheckContext, lists: readonly ModelList[]): Promise<CheckOutcome> {
  const { modelRuns, modelCommands } = ctx.config.resources;
  // Set from inside the runs: a create the sequences cannot do without, or a harness error (a
  // time-out, a lost connection), which ends the check as errored after fast-check returns.
  const halt: { stop?: CheckOutcome; harnessError?: { readonly error: unknown } } = {};
  let commandsRun = 0;
  const drawn = new Set<string>();

  // One sequence from an empty model, with the exchanges it made (sequences run side by side share
  // the check's log): a breach is returned, a setup stop or a harness error kept aside.
  const runSequence = async (commands: Iterable<ModelCommand>): Promise<SequenceRun> => {
    const model: RecordModel = emptyModel(lists.map((list) => ({ ...list, offers: { ...list.offers } })));
    const { ctx: own, exchanges } = sequenceContext(ctx);
    const real: ModelReal = { ctx: own, created: new Map(), drawn };
    try {
      await fc.asyncModelRun(() => ({ model, real }), [...commands]);
      commandsRun += model.steps.length;
      return { steps: model.steps, exchanges: [] };
    } catch (error) {
      if (error instanceof ModelBreach) return { breach: error, steps: model.steps, exchanges };
      if (error instanceof ModelSetupStop) halt.stop ??= blockedByCreate(ctx, error.outcome);
      else halt.harnessError ??= { error };
      return { steps: model.steps, exchanges: [] };
    }
  };
  const isOver = (): boolean => halt.stop !== undefined || halt.harnessError !== undefined;
  const halted = (): CheckOutcome | undefined => {
    if (halt.harnessError !== undefined) throw halt.harnessError.error;
    return halt.stop;
  };

  // The fixed sequences side by side (each on records of its own); a failing one is shrunk alone.
  ctx.progress('model: the fixed sequences');
  const fixed = fixedModelSequences(lists.length);
  const firstRuns = await Promise.all(fixed.map((sequence) => runSequence(sequence)));
  const firstHalt = halted();
  if (firstHalt !== undefined) return firstHalt;
  const broken = firstRuns.findIndex((run) => run.breach !== undefined);
  if (broken >= 0) {
    let tries = 0;
    const shrunk = await shrinkSequence(
      fixed[broken]!,
      async (candidate) => {
        ctx.progress(`model: shrink ${(tries += 1)}`);
        return !isOver() && (await runSequence(candidate)).breach !== undefined;
      },
      shrinkRuns,
    );
    const last = await runSequence(shrunk.items);
    const shown = last.breach === undefined ? firstRuns[broken]! : last;
    return failOnSequence(
      ctx,
      { ...shown, breach: shown.breach! },
      { foundAfter: 'a fixed sequence', shrinks: shrunk.runs },
    );
  }

  // Generated sequences side by side, one fast-check property each with a seed of its own (the
  // check's, counted on), so a run costs one sequence's chain of round trips, not modelRuns of them;
  // fast-check shrinks a failure to its fewest commands, within one budget for all of them.
  const budget = { shrinkRuns };
  const arbitrary = fc.commands(modelCommandArbitraries(), { maxCommands: modelCommands, size: 'max' });
  const generate = async (index: number) => {
    const failures = new Map<string, SequenceRun>();
    const property = fc.asyncProperty(arbitrary, async (commands) => {
      if (isOver() || (failures.size > 0 && (budget.shrinkRuns -= 1) < 0)) return true;
      ctx.progress(
        failures.size > 0 ? `model: shrink (sequence ${index + 1})` : `model: sequence ${index + 1} of ${modelRuns}`,
      );
      // Each from a record of every list, so the drawn commands have records to act on.
      const run = await runSequence([...createEach(lists.length), ...commands]);
      if (run.breach === undefined) return true;
      failures.set(keyOf(commands), run);
      return false;
    });
    const details = await fc.check(property, { seed: ctx.seed + index, numRuns: 1 });
    return { index, details, failures };
  };
  const generated = await Promise.all(Array.from({ length: modelRuns }, (_, index) => generate(index)));
  const laterHalt = halted();
  if (laterHalt !== undefined) return laterHalt;
  coverDrawn(ctx, lists, drawn, commandsRun);
  const failed = generated.find((instance) => instance.details.failed);
  if (failed === undefined) return ctx.pass();
  const { details, failures, index } = failed;
  const [commands] = details.counterexample ?? [];
  const run = commands === undefined ? undefined : failures.get(keyOf(commands));
  const replayPath = details.counterexamplePath ?? undefined;
  if (run === undefined)
    return ctx.fail(`generated sequence ${index + 1} broke the model, but its trace was lost (seed ${details.seed})`, {
      replayPath,
    });
  return failOnSequence(
    ctx,
    { ...run, breach: run.breach! },
    {
      foundAfter: `generated sequence ${index + 1} of ${modelRuns} (fast-check seed ${details.seed})`,
      shrinks: details.numShrinks,
      ...(replayPath === undefined ? {} : { replayPath }),
    },
  );
}

// The domain each sequence draws from, and what this run's sequences drew of it.
function coverDrawn(
  ctx: CheckContext,
  lists: readonly ModelList[],
  drawn: ReadonlySet<string>,
  commands: number,
): void {
  for (const list of lists) ctx.cover(`${list.target.label}: the kit's records under sequences of writes and reads`);
  if (drawn.has('notListedYet'))
    ctx.leaveOut(
      'a record its first search of the list did not find',
      'a list may filter by default or lag behind a write: a record is held to its list once a search has listed it',
    );
  ctx.info(
    `${commands} commands run: the fixed sequences and ${ctx.config.resources.modelRuns} generated one(s) of up to ${ctx.config.resources.modelCommands}`,
  );
  const domain = [
    ...commandKinds.map((kind) => [kind, `command ${kind}`] as const),
    ...stringVariants.map((variant) => [`value ${variant}`, `string values written ${variant}`] as const),
    ...unknownIdForms.map((form) => [`id ${form}`, `ids no record has, ${form}`] as const),
  ];
  for (const [key, label] of domain) {
    if (drawn.has(key)) ctx.cover(label);
    else if (drawn.has(key.replace(/^value /, 'refused ')))
      ctx.leaveOut(label, 'every write that drew it was refused (4xx): the target’s field rules, which are not shown');
    else if (drawn.has(key.replace(/^value /, 'failed ')))
      ctx.leaveOut(label, 'every write that drew it was answered 5xx, which takes the record out of the model');
    else
      ctx.leaveOut(
        label,
        `not drawn by this seed's sequences (seed ${ctx.seed}); another seed or more resources.modelRuns may draw it`,
      );
  }
}

const commandKinds = [
  'create',
  'read',
  'replace',
  'change',
  'delete',
  'readDeleted',
  'readUnknown',
  'readForeign',
  'findInList',
  'goneFromList',
];

// A create the target refused is resources.create-then-read's to judge; the sequences cannot run without it.
function blockedByCreate(ctx: CheckContext, outcome: CheckOutcome): CheckOutcome {
  if (outcome.status !== 'failed') return outcome;
  return ctx.blocked(`a create the sequences need failed: ${outcome.message}`, 'resources.create-then-read');
}

// Every configured list that offers create, with its PUT and PATCH bodies (a related list has none).
function modelLists(ctx: CheckContext): ModelList[] {
  return surfaceInventory(ctx.config)
    .lists.filter((target) => isOffered(target.related ?? target.collection, 'create'))
    .map((target) => {
      const owner = target.related ?? target.collection;
      const isRelated = target.related !== undefined;
      return {
        target,
        owner,
        ...(isRelated ? { parent: target.collection } : {}),
        ...(isRelated ? {} : { replace: replaceBodyOf(target.collection), change: patchBodyOf(target.collection) }),
        offers: {
          replace: !isRelated && isOffered(owner, 'replace'),
          change: !isRelated && isOffered(owner, 'change'),
          delete: isOffered(owner, 'delete'),
        },
      };
    });
}

// A sequence by its commands, each with its draws: fast-check's own text of it gains a replay path
// once it shrinks, and leaves out the commands that did not run.
function keyOf(commands: Iterable<ModelCommand>): string {
  return [...commands].map((command) => command.toString()).join(',');
}
