// Notices a credential that stops working mid-run (a token that expires or is revoked). Without
// this, every check after that moment judges 401s to the kit's own valid token, and fails the target
// for refusing a credential nobody could use. A 401 to a request with the valid credential (or a 403
// to a read) is not proof: the target may refuse that one path. So the start-of-run probe is asked
// again; refused there too, the credential no longer works. With a refresh configured
// (target.auth.refresh), a new token is got once for that refusal and the probe asked with it: passed,
// the refused request is sent again with it, so its check never sees the refusal, and the run goes on.
// Otherwise the run stops with that one cause, before the check that saw the refusal can judge it.
import { CredentialStoppedWorkingError } from '../errors.js';
import type { HttpClient, HttpExchange, HttpRequest } from './http-types.js';

/** A way to get a new token and send it from then on (target.auth.refresh). */
export interface CredentialRefresh {
  /** What it runs, for messages: 'command "node print-token.js"'. */
  readonly describe: string;
  /**
   * Gets a new token and makes it the credential of every later request (its values redacted from
   * then on); rejects with an Error whose one-line message says why there is none.
   */
  run(): Promise<void>;
}

export interface CredentialWatchOptions {
  readonly targetOrigin: string;
  /** Sends the start-of-run probe again (GET of the first collection, valid credential): its status, or undefined without an answer. */
  readonly probe: () => Promise<number | undefined>;
  /** What the probe asks, for the message: "GET /customers". */
  readonly probeLine: string;
  /** Where the credential comes from, for the message: "the token in APICERT_TOKEN". */
  readonly credentialSource: string;
  /** Tried once for a refusal the probe confirms, before the run stops on it; absent, the run stops at once. */
  readonly refresh?: CredentialRefresh | undefined;
  /** How long a probe the credential passed is trusted; default trustedForMs. */
  readonly trustedForMs?: number;
}

export interface WatchedClient extends HttpClient {
  /** Aborted, with a CredentialStoppedWorkingError as its reason, once the credential stopped working. */
  readonly credentialStopped: AbortSignal;
  /** Starts watching, once the start-of-run probe has accepted the credential (a refusal before is that probe's to report). */
  arm(): void;
}

// A probe the credential passed is trusted this long: a target refusing one path again and again
// is not probed for each refusal. Far below the life of any token a refresh gives.
export const trustedForMs = 1000;

// A request is sent again only for a token replaced since it went out; two refreshes during one
// request's life are already more than an hourly token sees.
const maxResends = 2;

/** Where the credential stands after a refusal, and for a refused one, the end of the message. */
type Standing =
  | { readonly kind: 'accepted' }
  | { readonly kind: 'refreshed' }
  | { readonly kind: 'refused'; readonly because: string };

/** Wraps `client` (which must carry the credential); the probe goes through `client` too. */
export function withCredentialWatch(client: HttpClient, options: CredentialWatchOptions): WatchedClient {
  const stop = new AbortController();
  let requests = 0;
  let acceptedAt = Number.NEGATIVE_INFINITY;
  let checking: Promise<Standing> | undefined;
  let isArmed = false;
  // Counts the refreshes whose token went into use: a request refused with a token one replaced is
  // sent again with the new one, without asking the probe.
  let generation = 0;

  const accepted = (): Standing => {
    acceptedAt = performance.now();
    return { kind: 'accepted' };
  };

  // One at a time: refusals that arrive together share one probe, and one refresh.
  function standing(mayRefresh: boolean): Promise<Standing> {
    if (performance.now() - acceptedAt < (options.trustedForMs ?? trustedForMs))
      return Promise.resolve({ kind: 'accepted' });
    checking ??= decide(mayRefresh).finally(() => (checking = undefined));
    return checking;
  }

  async function decide(mayRefresh: boolean): Promise<Standing> {
    if (isAccepted(await options.probe())) return accepted();
    const { refresh } = options;
    if (refresh === undefined) {
      return {
        kind: 'refused',
        because: `, so the run stopped; ${options.credentialSource} has expired or been revoked: use one that lasts the whole run`,
      };
    }
    if (!mayRefresh) {
      return {
        kind: 'refused',
        because: `; the token the refresh (${refresh.describe}) had just given for this refusal is refused as well, and one refusal never gets two refreshes, so the run stopped; the target takes new tokens back as soon as it gives them`,
      };
    }
    try {
      await refresh.run();
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      return {
        kind: 'refused',
        because: `; a new token was asked for once, and ${why}, so the run stopped; fix target.auth.refresh, or use a token that lasts the whole run`,
      };
    }
    generation += 1;
    if (!isAccepted(await options.probe())) {
      return {
        kind: 'refused',
        because: `; the refresh (${refresh.describe}) gave a new token, and ${options.probeLine} refuses it too, so the run stopped; make target.auth.refresh give a token the target accepts`,
      };
    }
    accepted();
    return { kind: 'refreshed' };
  }

  async function send(request: HttpRequest): Promise<HttpExchange> {
    if (!isArmed || stop.signal.aborted) return client.send(request);
    let mayRefresh = true;
    for (let resends = 0; ; resends++) {
      const sentWith = generation;
      const exchange = await client.send(resends === 0 ? request : resent(request));
      requests += 1;
      if (!isRefusalOfValidCredential(request, exchange.response.status, options.targetOrigin)) return exchange;
      // Refused with a token a refresh has replaced since: the new one is sent, no probe needed.
      if (sentWith !== generation && resends < maxResends) continue;
      const now = await standing(mayRefresh);
      if (now.kind === 'accepted') return exchange;
      if (now.kind === 'refreshed') {
        // This refusal has had its refresh: if the new token is refused too, the run stops.
        mayRefresh = false;
        if (resends < maxResends) continue;
        return exchange;
      }
      if (!stop.signal.aborted) {
        stop.abort(
          new CredentialStoppedWorkingError(
            `the credential stopped working: ${request.method} ${new URL(request.url).pathname} was answered ${exchange.response.status} ` +
              `after ${requests} request${requests === 1 ? '' : 's'}, and ${options.probeLine}, accepted at the start of the run, is refused now too${now.because}`,
          ),
        );
      }
      throw stop.signal.reason as CredentialStoppedWorkingError;
    }
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

function isAccepted(status: number | undefined): boolean {
  return status !== 401 && status !== 403;
}

// The record says why the request went out twice: the check sees only this attempt.
function resent(request: HttpRequest): HttpRequest {
  const why = 'sent again with a refreshed credential: the token it first went out with was refused';
  return { ...request, note: request.note === undefined || request.note === '' ? why : `${request.note}; ${why}` };
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
