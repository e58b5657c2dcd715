// The command sequences of resources.model-consistency: one fixed sequence that crosses every
// operation on a record of each list (so every known way to break is met on every run, whatever
// the seed), and fast-check's generated ones, which draw commands, records, values and id forms at
// will. Pure: the commands do the I/O when run.
import fc from 'fast-check';
import type { ModelCommand } from './model-commands.js';
import {
  FindInListCommand,
  GoneFromListCommand,
  ReadCommand,
  ReadDeletedCommand,
  ReadForeignCommand,
  ReadUnknownCommand,
} from './model-read-commands.js';
import { ChangeCommand, CreateCommand, DeleteCommand, ReplaceCommand } from './model-write-commands.js';
import { stringVariants, unknownIdForms } from './model-values.js';

/** The commands fast-check draws from, each with its own record pick and values. */
export function modelCommandArbitraries(): fc.Arbitrary<ModelCommand>[] {
  const pick = fc.nat({ max: 7 });
  const variant = fc.constantFrom(...stringVariants);
  return [
    pick.map((n) => new CreateCommand(n)),
    pick.map((n) => new ReadCommand(n)),
    fc.tuple(pick, pick, variant).map(([n, field, v]) => new ReplaceCommand(n, field, v)),
    fc.tuple(pick, pick, variant).map(([n, field, v]) => new ChangeCommand(n, field, v)),
    pick.map((n) => new DeleteCommand(n)),
    pick.map((n) => new ReadDeletedCommand(n)),
    fc.tuple(pick, fc.constantFrom(...unknownIdForms)).map(([n, form]) => new ReadUnknownCommand(n, form)),
    fc.tuple(pick, pick).map(([n, other]) => new ReadForeignCommand(n, other)),
    pick.map((n) => new FindInListCommand(n)),
    pick.map((n) => new GoneFromListCommand(n)),
  ];
}

/** A create on each list, in order: where every sequence starts. */
export function createEach(listCount: number): ModelCommand[] {
  return Array.from({ length: listCount }, (_, index) => new CreateCommand(index));
}

/**
 * The fixed sequences, run side by side: one per list that makes two records there and crosses
 * every operation on the older (read and list it, replace it, read it, change it twice, the second
 * value beyond ASCII, reading after each write, read its neighbour, list it again, delete it, read
 * it and its page again), and one that makes a record on every list and reads each under the
 * other collections, and ids no record has in every form. The neighbour is newer than the record
 * acted on, whatever the other sequences do meanwhile, so a write that lands on the newest record
 * shows. A list without PUT or PATCH bodies skips those steps.
 */
export function fixedModelSequences(listCount: number): ModelCommand[][] {
  const perList = Array.from({ length: listCount }, (_, index) => [
    new CreateCommand(index),
    new CreateCommand(index),
    new ReadCommand(0),
    new FindInListCommand(0),
    new ReplaceCommand(0, 0, 'as-given'),
    new ReadCommand(0),
    new ChangeCommand(0, 0, 'suffix'),
    new ReadCommand(0),
    new ChangeCommand(0, 0, 'accented'),
    new ReadCommand(0),
    new ReadCommand(1),
    new FindInListCommand(0),
    new DeleteCommand(0),
    new ReadDeletedCommand(0),
    new GoneFromListCommand(0),
  ]);
  const across = [
    ...createEach(listCount),
    ...Array.from({ length: listCount }, (_, index) => new ReadForeignCommand(index, index)),
    ...unknownIdForms.map((form, index) => new ReadUnknownCommand(index, form)),
  ];
  return [...perList, across];
}
