// After a PUT or PATCH, the record is judged twice: as the write answered it and as a later GET
// returns it. A write may answer 204 without a body; then only the GET is judged.
import type { CheckContext, CheckOutcome, TargetResponse } from '../../../harness/check-api/check-context.js';
import { asRecord } from '../../internal/answer-shape.js';
import { describeChangedFields, findChangedFields } from './record-fields.js';

export interface RecordView {
  readonly where: string;
  readonly record: Readonly<Record<string, unknown>>;
}

/** Reads the record back and returns the views that have a body, with the read itself. */
export async function readWrittenRecord(
  ctx: CheckContext,
  memberPath: string,
  write: TargetResponse,
): Promise<{ readonly read: TargetResponse; readonly views: readonly RecordView[] }> {
  const method = write.record.request.method;
  const read = await ctx.request({ path: memberPath, note: `read the record after ${method}` });
  const views = [
    { where: `the ${method} response`, record: asRecord(write.json) },
    { where: `a later GET ${memberPath}`, record: asRecord(read.json) },
  ].filter((view): view is RecordView => view.record !== undefined);
  return { read, views };
}

/** Fails when the record cannot be read back, or a view does not hold every value the write sent. */
export function failUnlessWritten(
  ctx: CheckContext,
  written: { readonly read: TargetResponse; readonly views: readonly RecordView[] },
  body: Readonly<Record<string, unknown>>,
  method: string,
  exchanges: readonly TargetResponse[],
): CheckOutcome | undefined {
  const { read, views } = written;
  if (read.status !== 200) {
    const path = new URL(read.record.request.url).pathname;
    return ctx.fail(`GET ${path} answered ${read.status} after a successful ${method}; expected 200 with the record`, {
      expected: '200',
      actual: `${read.status}`,
      exchanges: exchanges.map((e) => e.record),
    });
  }
  for (const { where, record } of views) {
    const missed = findChangedFields(body, record);
    if (missed.length > 0) {
      return ctx.fail(
        `after ${method}, ${where} does not hold the new values: ${describeChangedFields(missed, body, record)}`,
        {
          expected: `every field of the ${method} body with its new value`,
          actual: missed.join(', '),
          exchanges: exchanges.map((e) => e.record),
        },
      );
    }
  }
  return undefined;
}
