// Deletes the records a check (or a suite) created, in the order deletion-batches.ts gives:
// children before their parents, a batch at a time.
import { toErrorInfo } from '../errors.js';
import type { CheckEnvironment } from './create-check-context.js';
import { deletionBatches, leafRecordsOf } from './deletion-batches.js';
import { resolveTargetUrl } from './target-url.js';

// A target that keeps failing (hung, gone) would otherwise cost one time-out per record, and one
// that refuses every delete a warning per record. Counted between batches, so a stop may come a
// few deletes later.
const maxUnreachableInARow = 3;
const maxRefusedInARow = 10;

/** Returns one line per record that could not be deleted (reported as warnings, never thrown). */
export async function deleteTrackedRecords(
  environment: CheckEnvironment,
  memberPaths: readonly string[],
): Promise<string[]> {
  const problems: string[] = [];
  // As many at once as the run allows (target.concurrency): the client holds the same limit.
  const batches = deletionBatches(
    [...memberPaths].reverse(),
    environment.config.target.concurrency,
    leafRecordsOf(environment.config),
  );
  let unreachable = 0;
  let refused = 0;
  for (const [index, batch] of batches.entries()) {
    if (unreachable >= maxUnreachableInARow || refused >= maxRefusedInARow) {
      const left = batches.slice(index).flat();
      const why = unreachable > 0 ? `${unreachable} failed deletes` : `${refused} refused deletes`;
      problems.push(`clean-up stopped after ${why} in a row; ${left.length} records may remain: ${left.join(', ')}`);
      break;
    }
    const outcomes = await Promise.all(
      batch.map(async (memberPath) => ({ memberPath, problem: await deleteRecord(environment, memberPath) })),
    );
    // The client sent nothing: the target stopped answering, and was still silent when the run tried
    // to clean up. One line for everything left, rather than one per record.
    const notSent = outcomes.filter(({ problem }) => problem?.kind === 'not-sent').map(({ memberPath }) => memberPath);
    for (const { problem } of outcomes) {
      if (problem?.kind === 'not-sent') continue;
      unreachable = problem?.kind === 'unreachable' ? unreachable + 1 : 0;
      refused = problem?.kind === 'refused' ? refused + 1 : 0;
      if (problem !== undefined) problems.push(problem.message);
    }
    if (notSent.length > 0) {
      const left = [...notSent, ...batches.slice(index + 1).flat()];
      problems.push(
        `clean-up stopped: the target stopped answering; ${left.length} records may remain: ${left.join(', ')}`,
      );
      break;
    }
  }
  return problems;
}

type DeleteProblem = { readonly kind: 'refused' | 'unreachable' | 'not-sent'; readonly message: string };

async function deleteRecord(environment: CheckEnvironment, memberPath: string): Promise<DeleteProblem | undefined> {
  try {
    const { response } = await environment.client.send({
      method: 'DELETE',
      url: resolveTargetUrl(environment.baseUrl, memberPath),
      credential: 'valid',
      note: 'clean-up of a record the check created',
      // A check's own clean-up goes in its lane; a suite's shared records in one of their own.
      lane: environment.checkId ?? 'clean-up',
    });
    // 404: already gone (the check or a cascade removed it).
    if (response.status < 300 || response.status === 404) return undefined;
    return {
      kind: 'refused',
      message: `clean-up: DELETE ${memberPath} answered ${response.status}; the record may remain on the target`,
    };
  } catch (error) {
    const info = toErrorInfo(error);
    if (info.code === 'APICERT_TARGET_STOPPED_ANSWERING') return { kind: 'not-sent', message: info.message };
    // Never sent: a path that would reach a neighbouring resource says nothing about the target's health.
    if (info.code === 'APICERT_HTTP_PATH_REFUSED')
      return { kind: 'refused', message: `clean-up: ${info.message}; the record may remain on the target` };
    return {
      kind: 'unreachable',
      message: `clean-up: DELETE ${memberPath} failed (${info.message}); the record may remain on the target`,
    };
  }
}
