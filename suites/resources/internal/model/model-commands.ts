// What the commands of resources.model-consistency share: what they act through, how one picks a
// record, and how a body is shown in a step. The commands are in model-write-commands.ts and
// model-read-commands.ts; each sends a request or two on the kit's own records and judges the
// answer against the model (record-model.ts) before the model moves on. A command whose
// preconditions the model does not meet is skipped by fast-check, so any sequence is runnable.
import type fc from 'fast-check';
import type { CheckContext } from '../../../../harness/check-api/check-context.js';
import type { CreatedRecord } from '../../../internal/fixtures/create-record.js';
import type { ModelRecord, RecordModel } from './record-model.js';

/** What the commands act through: the check's context, and the create answers the bodies reuse. */
export interface ModelReal {
  readonly ctx: CheckContext;
  readonly created: Map<ModelRecord, CreatedRecord>;
  /** The command kinds, string values and id forms the sequence ran, for the check's coverage. */
  readonly drawn: Set<string>;
}

export type ModelCommand = fc.AsyncCommand<RecordModel, ModelReal>;

/** The `pick`-th of `items`, counted round: any number picks one, so a shrunk sequence still runs. */
export const pickOf = <T>(items: readonly T[], pick: number): T => items[pick % items.length]!;

/** A body as a step shows it, cut at 120 characters. */
export const preview = (body: unknown): string => {
  const text = JSON.stringify(body) ?? '';
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
};
