// Deletes the records a check created, newest first, so children go before their parents.
import { toErrorInfo } from '../errors.js';
import type { CheckEnvironment } from './create-check-context.js';
import { resolveTargetUrl } from './target-url.js';

/** Returns one line per record that could not be deleted (reported as warnings, never thrown). */
export async function deleteTrackedRecords(environment: CheckEnvironment, memberPaths: readonly string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const memberPath of [...memberPaths].reverse()) {
    try {
      const { response } = await environment.client.send({
        method: 'DELETE',
        url: resolveTargetUrl(environment.baseUrl, memberPath),
        credential: 'valid',
        note: 'clean-up of a record the check created',
      });
      // 404: already gone (the check or a cascade removed it).
      if (response.status >= 300 && response.status !== 404) {
        problems.push(`clean-up: DELETE ${memberPath} answered ${response.status}; the record may remain on the target`);
      }
    } catch (error) {
      problems.push(`clean-up: DELETE ${memberPath} failed (${toErrorInfo(error).message}); the record may remain on the target`);
    }
  }
  return problems;
}
