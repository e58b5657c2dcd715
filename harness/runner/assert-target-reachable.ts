// Exit code 3 needs a verdict before any check runs: can the target be reached at all?
import { TargetUnreachableError } from '../errors.js';
import { isConnectionRefused } from '../http/client.js';
import type { HttpClient } from '../http/http-types.js';

/** Any HTTP answer, whatever its status, means reachable; refused connections and DNS failures do not. */
export async function assertTargetReachable(client: HttpClient, baseUrl: string, interrupt?: AbortSignal): Promise<void> {
  try {
    await client.send({ method: 'GET', url: baseUrl, credential: 'valid', note: 'reachability probe', ...(interrupt !== undefined ? { signal: interrupt } : {}) });
  } catch (error) {
    if (isConnectionRefused(error)) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new TargetUnreachableError(`cannot reach ${baseUrl}: ${reason}`);
    }
    // Reachable but misbehaving (hang, reset, huge body): the checks will report it with evidence.
  }
}
