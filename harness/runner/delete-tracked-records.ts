// Deletes the records a check created, newest first, so children go before their parents.
import { toErrorInfo } from '../errors.js';
import type { CheckEnvironment } from './create-check-context.js';
import { resolveTargetUrl } from './target-url.js';

// A target that keeps failing (hung, gone) would otherwise cost one time-out per record.
const maxConsecutiveFailures = 3;

/** Returns one line per record that could not be deleted (reported as warnings, never thrown). */
export async function deleteTrackedRecords(environment: CheckEnvironment, memberPaths: readonly string[]): Promise<string[]> {
  const problems: string[] = [];
  const newestFirst = [...memberPaths].reverse();
  let consecutiveFailures = 0;
  for (const [index, memberPath] of newestFirst.entries()) {
    if (consecutiveFailures >= maxConsecutiveFailures) {
      const left = newestFirst.slice(index);
      problems.push(`clean-up stopped after ${maxConsecutiveFailures} failed deletes in a row; ${left.length} records may remain: ${left.join(', ')}`);
      break;
    }
    try {
      const { response } = await environment.client.send({
        method: 'DELETE',
        url: resolveTargetUrl(environment.baseUrl, memberPath),
        credential: 'valid',
        note: 'clean-up of a record the check created',
      });
      consecutiveFailures = 0;
      // 404: already gone (the check or a cascade removed it).
      if (response.status >= 300 && response.status !== 404) {
        problems.push(`clean-up: DELETE ${memberPath} answered ${response.status}; the record may remain on the target`);
      }
    } catch (error) {
      consecutiveFailures += 1;
      problems.push(`clean-up: DELETE ${memberPath} failed (${toErrorInfo(error).message}); the record may remain on the target`);
    }
  }
  return problems;
}
