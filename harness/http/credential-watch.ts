// Notices a credential that stops working mid-run (a token that expires or is revoked). Without
// this, every check after that moment judges 401s to the kit's own valid token, and fails the target
// for refusing a credential nobody could use. A 401 to a request with the valid credential (or a 403
// to a read) is not proof: the target may refuse that one path. So the start-of-run probe is asked
// again; refused there too, the credential no longer works, and the run stops with that one cause,
// before the check that saw the refusal can judge it.
import { CredentialStoppedWorkingError } from '../errors.js';
import type { HttpClient, HttpExchange, HttpRequest } from './http-types.js';

export interface CredentialWatchOptions {
  readonly targetOrigin: string;
  /** Sends the start-of-run probe again (GET of the first collection, valid credential): its status, or undefined without an answer. */
  readonly probe: () => Promise<number | undefined>;
  /** What the probe asks, for the message: "GET /customers". */
  readonly probeLine: string;
  /** Where the credential comes from, for the message: "the token in APICERT_TOKEN". */
  readonly credentialSource: string;
}

export interface WatchedClient extends HttpClient {
  /** Aborted, with a CredentialStoppedWorkingError as its reason, once the credential stopped working. */
  readonly credentialStopped: AbortSignal;
  /** Starts watching, once the start-of-run probe has accepted the credential (a refusal before is that probe's to report). */
  arm(): void;
}

// A probe the credential passed is trusted this long: a target refusing one path again and again
// is not probed for each refusal.
const trustedForMs = 1000;

/** Wraps `client` (which must carry the credential); the probe goes through `client` too. */
export function withCredentialWatch(client: HttpClient, options: CredentialWatchOptions): WatchedClient {
  const stop = new AbortController();
  let requests = 0;
  let acceptedAt = Number.NEGATIVE_INFINITY;
  let probing: Promise<boolean> | undefined;
  let isArmed = false;

  // One probe at a time: refusals that arrive together share its answer.
  function stillAccepted(): Promise<boolean> {
    if (performance.now() - acceptedAt < trustedForMs) return Promise.resolve(true);
    probing ??= options
      .probe()
      .then((status) => {
        const accepted = status !== 401 && status !== 403;
        if (accepted) acceptedAt = performance.now();
        return accepted;
      })
      .finally(() => (probing = undefined));
    return probing;
  }

  async function send(request: HttpRequest): Promise<HttpExchange> {
    if (!isArmed || stop.signal.aborted) return client.send(request);
    const exchange = await client.send(request);
    requests += 1;
    if (!isRefusalOfValidCredential(request, exchange.response.status, options.targetOrigin)) return exchange;
    if (await stillAccepted()) return exchange;
    if (!stop.signal.aborted) {
      stop.abort(
        new CredentialStoppedWorkingError(
          `the credential stopped working: ${request.method} ${new URL(request.url).pathname} was answered ${exchange.response.status} ` +
            `after ${requests} request${requests === 1 ? '' : 's'}, and ${options.probeLine}, accepted at the start of the run, is refused now too, so the run stopped; ` +
            `${options.credentialSource} has expired or been revoked: use one that lasts the whole run`,
        ),
      );
    }
    throw stop.signal.reason as CredentialStoppedWorkingError;
  }

  return {
    send,
    close: () => client.close(),
    credentialStopped: stop.signal,
    arm: () => {
      isArmed = true;
    },
  };
}

function isRefusalOfValidCredential(request: HttpRequest, status: number, targetOrigin: string): boolean {
  if ((request.credential ?? 'valid') !== 'valid') return false;
  if (status !== 401 && !(status === 403 && request.method.toUpperCase() === 'GET')) return false;
  try {
    return new URL(request.url).origin === targetOrigin;
  } catch {
    return false;
  }
}
