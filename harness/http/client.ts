// The bounded HTTP client. The target is untrusted: every wait has a time-out, every read a byte cap,
// redirects stay on the origin the credential was meant for, and every exchange is recorded redacted.
import { Agent, type Dispatcher } from 'undici';
import {
  HttpBodyTooLargeError,
  HttpConnectionError,
  HttpPathRefusedError,
  HttpRedirectBlockedError,
  type HttpError,
} from '../errors.js';
import type { ExchangeRecord } from '../model/evidence.js';
import { BoundedBodyReader } from './bounded-body.js';
import { classifyTransportError, maxResponseHeaderBytes, type TransportFailure } from './classify-error.js';
import { prepareCredential, type PreparedCredential } from './credential.js';
import { recordOutboundExchange, type EvidencePolicy, type OutboundExchange } from './exchange-record.js';
import type {
  Credential,
  CredentialMode,
  HttpClient,
  HttpClientOptions,
  HttpExchange,
  HttpRequest,
  HttpResponse,
} from './http-types.js';
import { toIsoTimestamp } from './iso-timestamp.js';
import { parseJsonBody } from './json-body.js';
import { readSecrets } from './growing-secrets.js';
import { redactText, secretVariants } from './redact.js';
import { toRequestTarget } from './request-target.js';
import { dotSegmentIn } from './dot-segment.js';

export { isConnectionRefused } from './classify-error.js';

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
// RFC 9110 9.2.2: a request of these methods can be sent again without changing its effect.
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE', 'PUT', 'DELETE']);

// How long an idle pooled connection is kept, whatever the target's Keep-Alive hint: below the idle
// time-outs of servers and the proxies before them (gunicorn 2 s, Node 5 s, balancers their own), so
// the kit lets go first and a request, a write above all, never goes out on a connection the target
// is closing. undici's default, 4 s, outlives gunicorn's. One pool for every method: a second one for
// writes doubled the connections a busy target had to serve.
export const idleConnectionMs = 250;

/** One request on the wire: the original, or a same-origin redirect of it. */
interface Hop {
  readonly method: string;
  readonly url: string;
  /** Headers as given by the caller, credential header excluded. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: Buffer;
  readonly note?: string;
}

interface HopResult {
  readonly response: HttpResponse;
  readonly record: ExchangeRecord;
}

/** What the client redacts, and the evidence policy and read-ahead that follow from it. */
interface Redaction {
  readonly secrets: readonly string[];
  readonly policy: EvidencePolicy;
  readonly evidencePrefixBytes: number;
}

/** The client createHttpClient makes: it can be told to send another credential from now on. */
export interface CredentialedClient extends HttpClient {
  /**
   * Sends `credential` from now on (a refreshed token) with every request that asks for the valid
   * one or a flaw of it; requests already out keep the one they set out with. Its values are
   * redacted from then on, and the replaced ones still are.
   */
  useCredential(credential: Credential): void;
}

/** Creates a client that shares one keep-alive Agent across requests (except freshConnection ones). */
export function createHttpClient(options: HttpClientOptions): CredentialedClient {
  const agentOptions: Agent.Options = {
    connect: { timeout: options.connectTimeoutMs },
    headersTimeout: options.headersTimeoutMs,
    bodyTimeout: options.bodyTimeoutMs,
    maxHeaderSize: maxResponseHeaderBytes,
  };
  const sharedAgent = new Agent({
    ...agentOptions,
    keepAliveTimeout: idleConnectionMs,
    keepAliveMaxTimeout: idleConnectionMs,
  });
  // Least recently used first (a Map keeps insertion order; a use moves the key to the end).
  const dedicated = new Map<string, { readonly agent: Agent; inFlight: number }>();
  // One connection each; past this many, the least recently used idle one is closed, so keys cannot
  // pile up sockets (one in use is never closed under its request).
  const maxDedicated = 16;
  const dedicatedAgent = (key: string): { readonly agent: Agent; inFlight: number } => {
    const known = dedicated.get(key);
    if (known !== undefined) {
      dedicated.delete(key);
      dedicated.set(key, known);
      return known;
    }
    if (dedicated.size >= maxDedicated) {
      for (const [idleKey, entry] of dedicated) {
        if (entry.inFlight > 0) continue;
        void entry.agent.destroy();
        dedicated.delete(idleKey);
        break;
      }
    }
    const entry = { agent: new Agent({ ...agentOptions, connections: 1 }), inFlight: 0 };
    dedicated.set(key, entry);
    return entry;
  };
  let currentCredential = options.credential === undefined ? undefined : prepareCredential(options.credential);
  // Every credential the client has sent: one a refresh replaced stays redacted, as the target saw it.
  let credentialSecrets: readonly string[] = currentCredential?.secrets ?? [];
  let redaction: (Redaction & { readonly given: readonly string[]; readonly own: readonly string[] }) | undefined;
  // Read at each use, never kept: the run's secrets and the credential can change while a request is out.
  const redactionNow = (): Redaction => {
    const given = readSecrets(options.secrets);
    if (redaction?.given !== given || redaction.own !== credentialSecrets) {
      const secrets = secretVariants([...credentialSecrets, ...given]);
      redaction = {
        given,
        own: credentialSecrets,
        secrets,
        policy: { evidenceBodyBytes: options.evidenceBodyBytes, secrets },
        // What recordBody may read of a body: the evidence, plus room to see a secret straddling the cut.
        evidencePrefixBytes:
          options.evidenceBodyBytes + Math.max(0, ...secrets.map((secret) => Buffer.byteLength(secret))) + 4,
      };
    }
    return redaction;
  };
  const budgets: TransportFailure['budgets'] = {
    connectTimeoutMs: options.connectTimeoutMs,
    headersTimeoutMs: options.headersTimeoutMs,
    bodyTimeoutMs: options.bodyTimeoutMs,
    maxResponseBytes: options.maxResponseBytes,
    // undici's body time-out is per chunk; this bounds a target that trickles a byte at a time.
    exchangeDeadlineMs: options.exchangeTimeoutMs,
  };

  function refuseUndescribedWrite(method: string, url: string): void {
    const refusal = options.refusesWrite?.(method, url);
    if (refusal !== undefined) throw new HttpPathRefusedError(redactText(refusal, redactionNow().secrets));
  }

  async function send(request: HttpRequest): Promise<HttpExchange> {
    const dot = dotSegmentIn(request.url);
    if (dot !== undefined) {
      throw new HttpPathRefusedError(
        redactText(
          `${request.method} ${request.url} was not sent: its path holds the dot segment "${dot}", which would reach a neighbouring resource instead`,
          redactionNow().secrets,
        ),
      );
    }
    refuseUndescribedWrite(request.method, request.url);
    const started = performance.now();
    // The credential as it is when the request sets out: a refresh during its redirects does not change it.
    const sent = currentCredential;
    const mode = sent === undefined ? 'none' : (request.credential ?? 'valid');
    // A delivery (a POST) goes out on the pool too, whose connections are too recently used to be
    // closing: a receiver may refuse one by closing the connection, which its check judges.
    const isFresh = request.freshConnection === true;
    const pinned = !isFresh && request.connectionKey !== undefined ? dedicatedAgent(request.connectionKey) : undefined;
    const dispatcher = isFresh ? new Agent(agentOptions) : (pinned?.agent ?? sharedAgent);
    if (pinned !== undefined) pinned.inFlight += 1;
    // A connection the target closed as idle just as the request went out: an idempotent request
    // is sent once more on a new connection (RFC 9112 9.3.1). Not a pinned one: its check is about
    // that connection.
    const sendOrResend = async (hop: Hop): Promise<HopResult> => {
      try {
        return await sendHop(hop, sent, mode, dispatcher, request.signal);
      } catch (error) {
        const resendable =
          error instanceof HttpConnectionError &&
          error.onReusedConnection &&
          IDEMPOTENT_METHODS.has(hop.method) &&
          !isFresh &&
          pinned === undefined &&
          request.signal?.aborted !== true;
        if (!resendable) throw error;
        const fresh = new Agent(agentOptions);
        try {
          return await sendHop({ ...hop, note: withNote(hop.note, resentNote) }, sent, mode, fresh, request.signal);
        } finally {
          await fresh.destroy();
        }
      }
    };
    let hop: Hop = {
      method: request.method,
      url: request.url,
      headers: withoutCredentialHeader(request.headers, mode === 'none' ? undefined : sent),
      ...(request.body !== undefined ? { body: toBuffer(request.body) } : {}),
      ...describeNote(request.note, request.credential ?? 'valid'),
    };
    try {
      for (let redirects = 0; ; redirects++) {
        const result = await sendOrResend(hop);
        const location = options.followRedirects ? redirectLocation(hop, result.response) : undefined;
        if (location === undefined) return { ...result, durationMs: performance.now() - started };
        if (location.origin !== new URL(hop.url).origin) {
          throw blockRedirect(
            result.record,
            `redirect from ${hop.method} ${hop.url} to another origin (${location.protocol}//${location.host}) not followed; ` +
              `the credential is only sent to ${new URL(hop.url).origin}`,
          );
        }
        if (redirects >= options.maxRedirects) {
          throw blockRedirect(
            result.record,
            `more than ${options.maxRedirects} redirects from ${request.method} ${request.url}; the target may redirect in a loop`,
          );
        }
        hop = redirectedHop(hop, result.response.status, location.href);
        refuseUndescribedWrite(hop.method, hop.url);
      }
    } finally {
      if (pinned !== undefined) pinned.inFlight -= 1;
      if (isFresh) await dispatcher.destroy();
    }
  }

  async function sendHop(
    hop: Hop,
    credential: PreparedCredential | undefined,
    mode: CredentialMode,
    dispatcher: Dispatcher,
    signal: AbortSignal | undefined,
  ): Promise<HopResult> {
    const startedAt = toIsoTimestamp(Date.now());
    const started = performance.now();
    const credentialValue = credential?.valueFor(mode);
    const wireHeaders =
      credential === undefined || credentialValue === undefined
        ? hop.headers
        : { ...hop.headers, [credential.header]: credentialValue };
    // Connect and headers are bounded by undici's own time-outs (the headers one covers all of the
    // headers, not each chunk); the body, whose undici time-out is per chunk, gets the deadline.
    const reader = new BoundedBodyReader(options.maxResponseBytes, started + budgets.exchangeDeadlineMs);
    let status: number | undefined;
    let headers: Record<string, string> = {};
    let declaredLength: number | undefined;
    const recordOf = (response: OutboundExchange['response'], error?: HttpError): ExchangeRecord =>
      recordOutboundExchange(
        {
          method: hop.method,
          url: hop.url,
          headers: hop.headers,
          credential:
            credential === undefined || mode === 'none'
              ? undefined
              : {
                  header: credential.header,
                  mode,
                  prefix: flawForm(mode, credential.prefix),
                  curlValue: credential.curlValue,
                },
          body: hop.body,
          response,
          error: error?.toInfo(),
          startedAt,
          durationMs: performance.now() - started,
          note: hop.note,
        },
        redactionNow().policy,
      );

    try {
      signal?.throwIfAborted();
      const target = toRequestTarget(hop.url);
      const response = await dispatcher.request({
        origin: target.origin,
        path: target.path,
        method: hop.method as Dispatcher.HttpMethod,
        headers: wireHeaders,
        body: hop.body ?? null,
        // undici removes its listener when the request ends, so a check-long signal does not pile them up.
        signal,
      });
      status = response.statusCode;
      headers = joinHeaders(response.headers);
      declaredLength = parseContentLength(headers['content-length']);
      if (declaredLength !== undefined && declaredLength > options.maxResponseBytes) {
        response.body.destroy();
        throw new HttpBodyTooLargeError('declared Content-Length above the cap');
      }
      const body = await reader.read(response.body);
      const text = body.toString('utf8');
      const httpResponse: HttpResponse = {
        status,
        headers,
        body,
        text,
        ...parseJsonBody(text, redactionNow().secrets),
      };
      return { response: httpResponse, record: recordOf({ status, headers, body, bytes: body.length, text }) };
    } catch (thrown) {
      const abortedBy = signal?.aborted === true ? 'caller' : reader.deadlinePassed ? 'deadline' : undefined;
      const error = classifyTransportError(thrown, {
        method: hop.method,
        url: hop.url,
        phase: status === undefined ? 'headers' : 'body',
        ...(status !== undefined ? { status } : {}),
        bytesRead: reader.bytesRead,
        ...(declaredLength !== undefined ? { declaredLength } : {}),
        ...(abortedBy !== undefined ? { abortedBy, abortReason: signal?.reason } : {}),
        budgets,
        secrets: redactionNow().secrets,
      });
      // Only the evidence is kept of a failed read: its prefix, not a copy of everything up to the cap.
      const response =
        status === undefined
          ? undefined
          : { status, headers, body: reader.received(redactionNow().evidencePrefixBytes), bytes: reader.bytesRead };
      error.record = recordOf(response, error);
      throw error;
    }
  }

  function blockRedirect(record: ExchangeRecord, message: string): HttpRedirectBlockedError {
    const error = new HttpRedirectBlockedError(redactText(message, redactionNow().secrets));
    error.record = { ...record, error: error.toInfo() };
    return error;
  }

  return {
    send,
    useCredential(next: Credential): void {
      currentCredential = prepareCredential(next);
      credentialSecrets = [...credentialSecrets, ...currentCredential.secrets];
    },
    async close(): Promise<void> {
      await Promise.all([sharedAgent.close(), ...[...dedicated.values()].map((entry) => entry.agent.close())]);
    },
  };
}

/** The caller's headers minus any header the credential will set (that name is the credential's alone). */
function withoutCredentialHeader(
  headers: Readonly<Record<string, string>> | undefined,
  credential: PreparedCredential | undefined,
): Readonly<Record<string, string>> {
  if (headers === undefined) return {};
  if (credential === undefined) return headers;
  let copy: Record<string, string> | undefined;
  for (const name of Object.keys(headers)) {
    if (name.toLowerCase() !== credential.headerKey) continue;
    copy ??= { ...headers };
    delete copy[name];
  }
  return copy ?? headers;
}

const flawNotes: Record<CredentialMode, string | undefined> = {
  valid: undefined,
  none: 'no credential',
  empty: 'empty credential header',
  'scheme-only': 'scheme without a token',
  wrong: 'wrong credential',
  truncated: 'the token one character short',
  extended: 'the token with one character added',
  prefixed: 'the token with one character before it',
  'middle-changed': 'the token with one character in its middle changed',
};

// The record shows an empty or scheme-only header as sent (nothing secret in it); a flawed token
// is redacted after its scheme, like the valid one.
function flawForm(mode: CredentialMode, prefix: string): string {
  if (mode === 'empty') return '';
  if (mode === 'scheme-only') return prefix.trimEnd();
  return prefix;
}

// The record says when a request deliberately lacked a valid credential, and how.
function describeNote(note: string | undefined, mode: CredentialMode): { note?: string } {
  const credentialNote = flawNotes[mode];
  if (credentialNote === undefined) return note === undefined || note === '' ? {} : { note };
  return { note: withNote(note, credentialNote) };
}

const resentNote =
  'sent again on a new connection: the target closed the kept connection the first attempt went out on before answering';

function withNote(note: string | undefined, more: string): string {
  return note === undefined || note === '' ? more : `${note}; ${more}`;
}

function toBuffer(body: string | Uint8Array): Buffer {
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  return Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}

/** Lower-case names; a repeated header's values joined with ", ". */
function joinHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of Object.keys(raw)) {
    const value = raw[name];
    if (value === undefined) continue;
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

function parseContentLength(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d+$/.test(value)) return undefined;
  return Number(value);
}

/** Where a followable redirect points, or undefined when the response is final. */
function redirectLocation(hop: Hop, response: HttpResponse): URL | undefined {
  if (!REDIRECT_STATUSES.has(response.status)) return undefined;
  const location = response.headers.location;
  if (location === undefined || location === '') return undefined;
  try {
    return new URL(location, hop.url);
  } catch {
    // An unparsable Location cannot be followed; the 3xx itself is the answer a check judges.
    return undefined;
  }
}

/** RFC 9110 15.4: 303 (and, by long practice, 301/302 after POST) become a GET without a body. */
function redirectedHop(hop: Hop, status: number, url: string): Hop {
  const becomesGet =
    (status === 303 && hop.method !== 'HEAD') || ((status === 301 || status === 302) && hop.method === 'POST');
  const note = `${hop.note === undefined ? '' : `${hop.note}; `}redirected from ${hop.url}`;
  if (!becomesGet) return { ...hop, url, note };
  const headers: Record<string, string> = {};
  for (const name of Object.keys(hop.headers)) {
    const lower = name.toLowerCase();
    if (lower !== 'content-type' && lower !== 'content-length') headers[name] = hop.headers[name]!;
  }
  return { method: 'GET', url, headers, note };
}
