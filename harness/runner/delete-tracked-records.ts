// Deletes the records a check (or a suite) created, newest first, so children go before their
// parents. Records of one collection are siblings, so a run of them is deleted a few at a time.
import { toErrorInfo } from '../errors.js';
import type { CheckEnvironment } from './create-check-context.js';
import { resolveTargetUrl } from './target-url.js';

// A target that keeps failing (hung, gone) would otherwise cost one time-out per record.
const maxConsecutiveFailures = 3;
const concurrency = 4;

/** Returns one line per record that could not be deleted (reported as warnings, never thrown). */
export async function deleteTrackedRecords(environment: CheckEnvironment, memberPaths: readonly string[]): Promise<string[]> {
  const problems: string[] = [];
  const batches = siblingBatches([...memberPaths].reverse(), concurrency);
  let consecutiveFailures = 0;
  for (const [index, batch] of batches.entries()) {
    if (consecutiveFailures >= maxConsecutiveFailures) {
      const left = batches.slice(index).flat();
      problems.push(`clean-up stopped after ${consecutiveFailures} failed deletes in a row; ${left.length} records may remain: ${left.join(', ')}`);
      break;
    }
    for (const problem of await Promise.all(batch.map((memberPath) => deleteRecord(environment, memberPath)))) {
      consecutiveFailures = problem?.kind === 'unreachable' ? consecutiveFailures + 1 : 0;
      if (problem !== undefined) problems.push(problem.message);
    }
  }
  return problems;
}

/**
 * Splits member paths (in deletion order) into batches of at most `size` that share a collection
 * (everything before the last segment): no record in a batch can be another's parent. Pure.
 */
export function siblingBatches(memberPaths: readonly string[], size: number): string[][] {
  const batches: string[][] = [];
  for (const memberPath of memberPaths) {
    const last = batches.at(-1);
    if (last !== undefined && last.length < size && collectionOf(last[0]!) === collectionOf(memberPath)) last.push(memberPath);
    else batches.push([memberPath]);
  }
  return batches;
}

function collectionOf(memberPath: string): string {
  return memberPath.slice(0, memberPath.lastIndexOf('/'));
}

type DeleteProblem = { readonly kind: 'refused' | 'unreachable'; readonly message: string };

async function deleteRecord(environment: CheckEnvironment, memberPath: string): Promise<DeleteProblem | undefined> {
  try {
    const { response } = await environment.client.send({
      method: 'DELETE',
      url: resolveTargetUrl(environment.baseUrl, memberPath),
      credential: 'valid',
      note: 'clean-up of a record the check created',
    });
    // 404: already gone (the check or a cascade removed it).
    if (response.status < 300 || response.status === 404) return undefined;
    return { kind: 'refused', message: `clean-up: DELETE ${memberPath} answered ${response.status}; the record may remain on the target` };
  } catch (error) {
    return { kind: 'unreachable', message: `clean-up: DELETE ${memberPath} failed (${toErrorInfo(error).message}); the record may remain on the target` };
  }
}
