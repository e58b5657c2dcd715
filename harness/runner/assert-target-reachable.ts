// Exit code 3 needs a verdict before any check runs: can the target be reached at all?
import { TargetUnreachableError } from '../errors.js';
import { isConnectionRefused } from '../http/client.js';
import type { HttpClient } from '../http/http-types.js';

/**
 * Any HTTP answer, whatever its status, means reachable; refused connections and DNS failures do not.
 * Resolves true when the probe was answered in full, false when the target misbehaved (a hang, a
 * reset, a huge body), which the checks will report with evidence.
 */
export async function assertTargetReachable(
  client: HttpClient,
  baseUrl: string,
  interrupt?: AbortSignal,
): Promise<boolean> {
  try {
    await client.send({
      method: 'GET',
      url: baseUrl,
      credential: 'valid',
      note: 'reachability probe',
      ...(interrupt !== undefined ? { signal: interrupt } : {}),
    });
    return true;
  } catch (error) {
    if (isConnectionRefused(error)) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new TargetUnreachableError(`cannot reach ${baseUrl}: ${reason}`);
    }
    return false;
  }
}
