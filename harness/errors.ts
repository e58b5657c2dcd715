// Every harness error lives here. Codes are APICERT_<AREA>_<WHAT>: never renamed, never reused.
// An *error* means the harness could not do its job; a target breaking a rule is a *failure*,
// which is a check result, never a throw.
import type { ErrorInfo } from './model/error-info.js';
import type { ExchangeRecord } from './model/evidence.js';

export type { ErrorInfo } from './model/error-info.js';

/** Base class of every error apicert throws on purpose. `message` is one line saying what and how to fix. */
export class ApicertError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
    this.name = new.target.name;
  }
  toInfo(): ErrorInfo {
    return { code: this.code, message: this.message };
  }
}

/** Wrong command-line usage (missing flag, bad value). */
export class UsageError extends ApicertError {
  constructor(message: string) {
    super('APICERT_USAGE', message);
  }
}

/** The config file could not be read or is not JSON. */
export class ConfigUnreadableError extends ApicertError {
  constructor(message: string) {
    super('APICERT_CONFIG_UNREADABLE', message);
  }
}

/** The config file breaks its schema; `problems` holds one line per problem. */
export class ConfigInvalidError extends ApicertError {
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super('APICERT_CONFIG_INVALID', problems.length === 1 ? problems[0]! : `${problems.length} problems in the config`);
    this.problems = problems;
  }
}

/** A secret the config names is not set in the environment. */
export class SecretMissingError extends ApicertError {
  constructor(message: string) {
    super('APICERT_SECRET_MISSING', message);
  }
}

/** The target answered 401 to the configured credential before any check ran: a token or auth config to fix. */
export class CredentialRefusedError extends ApicertError {
  constructor(message: string) {
    super('APICERT_CREDENTIAL_REFUSED', message);
  }
}

/**
 * The configured credential was accepted at the start of the run and is refused now (expired or
 * revoked mid-run): the run stopped, the running and remaining checks errored with it, never failed.
 */
export class CredentialStoppedWorkingError extends ApicertError {
  constructor(message: string) {
    super('APICERT_CREDENTIAL_STOPPED_WORKING', message);
  }
}

/**
 * target.auth.refresh could not give a token: the command failed, timed out or printed none, or the
 * token endpoint refused the client or answered without an access_token. Thrown when the first
 * token was to come from it; mid-run, the run stops with CredentialStoppedWorkingError, whose
 * message carries this one's. Never quotes what the command printed or the endpoint answered.
 */
export class CredentialRefreshFailedError extends ApicertError {
  constructor(message: string) {
    super('APICERT_CREDENTIAL_REFRESH_FAILED', message);
  }
}

/** The target refused connections or its host does not resolve, before any check ran. */
export class TargetUnreachableError extends ApicertError {
  constructor(message: string) {
    super('APICERT_TARGET_UNREACHABLE', message);
  }
}

/**
 * Exchanges with the target kept timing out or being reset (budgets.unansweredInARow in a row), so
 * the run stopped: the running and remaining checks are errored with it.
 */
export class TargetStoppedAnsweringError extends ApicertError {
  constructor(message: string) {
    super('APICERT_TARGET_STOPPED_ANSWERING', message);
  }
}

/** Base of errors raised by the HTTP client; carries the partial exchange as evidence. */
export class HttpError extends ApicertError {
  /** The exchange as far as it went, set by the client before it throws. */
  record?: ExchangeRecord;
}

/** Connect, headers or body time-out elapsed. */
export class HttpTimeoutError extends HttpError {
  constructor(message: string) {
    super('APICERT_HTTP_TIMEOUT', message);
  }
}

/** The response body passed the configured maximum size; the read was aborted. */
export class HttpBodyTooLargeError extends HttpError {
  constructor(message: string) {
    super('APICERT_HTTP_BODY_TOO_LARGE', message);
  }
}

/** The target kept answering 429 (or 503 with Retry-After) past the retries and waits apicert allows; not a conformance failure. */
export class HttpThrottledError extends HttpError {
  /**
   * A write that cannot simply be sent again (POST, PATCH) answered 503 with Retry-After: the target
   * may have carried it out before saying "not now", so it was not sent again here.
   */
  readonly mayHaveBeenApplied: boolean;
  /** For such a write: the wait after which it may be sent again, once known never applied; undefined when too long. */
  readonly resendAfterMs: number | undefined;

  constructor(
    message: string,
    {
      mayHaveBeenApplied = false,
      resendAfterMs,
    }: { readonly mayHaveBeenApplied?: boolean; readonly resendAfterMs?: number } = {},
  ) {
    super('APICERT_HTTP_THROTTLED', message);
    this.mayHaveBeenApplied = mayHaveBeenApplied;
    this.resendAfterMs = resendAfterMs;
  }
}

/** The connection was refused, reset or closed early. */
export class HttpConnectionError extends HttpError {
  /**
   * Reset or closed before any byte of an answer, on a connection that had carried an earlier
   * exchange: most likely closed by the target as idle as the request went out, so never read.
   */
  readonly onReusedConnection: boolean;

  constructor(message: string, { onReusedConnection = false }: { readonly onReusedConnection?: boolean } = {}) {
    super('APICERT_HTTP_CONNECTION_FAILED', message);
    this.onReusedConnection = onReusedConnection;
  }
}

/**
 * A request was not sent: its path holds a dot segment ("." or "..", also percent-encoded), which
 * every URL parser folds into a neighbouring path, so it would reach another resource than the one
 * meant (an id of ".." turns /widgets/.. into /).
 */
export class HttpPathRefusedError extends HttpError {
  constructor(message: string) {
    super('APICERT_HTTP_PATH_REFUSED', message);
  }
}

/**
 * The target answered with more header bytes than apicert reads (a huge Location, thousands of
 * Set-Cookie): an answer, not silence, so it never counts towards "the target stopped answering".
 */
export class HttpHeadersTooLargeError extends HttpError {
  constructor(message: string) {
    super('APICERT_HTTP_HEADERS_TOO_LARGE', message);
  }
}

/** A redirect was not followed (redirects are off, or it would carry the credential to another origin). */
export class HttpRedirectBlockedError extends HttpError {
  constructor(message: string) {
    super('APICERT_HTTP_REDIRECT_BLOCKED', message);
  }
}

/** A check applies but could not finish judging (a budget ran out): errored, so never passed. */
export class CheckIncompleteError extends ApicertError {
  constructor(message: string) {
    super('APICERT_CHECK_INCOMPLETE', message);
  }
}

/** A precondition of a check's verdict did not hold, so it judged nothing: errored, never passed. */
export class CheckBlockedError extends ApicertError {
  constructor(message: string) {
    super('APICERT_CHECK_BLOCKED', message);
  }
}

/** A check ran past its time budget and was abandoned. */
export class CheckTimeoutError extends ApicertError {
  constructor(message: string) {
    super('APICERT_CHECK_TIMEOUT', message);
  }
}

/** The whole run passed its total time budget; remaining checks were not run. */
export class RunBudgetExceededError extends ApicertError {
  constructor(message: string) {
    super('APICERT_RUN_BUDGET_EXCEEDED', message);
  }
}

/** The user stopped the run (Ctrl-C, SIGTERM): the running check was stopped, later ones not run. */
export class RunInterruptedError extends ApicertError {
  constructor(message: string) {
    super('APICERT_RUN_INTERRUPTED', message);
  }
}

/** A check threw something that is not an ApicertError: a bug in the check, reported, never fatal. */
export class CheckCrashedError extends ApicertError {
  constructor(message: string) {
    super('APICERT_CHECK_CRASHED', message);
  }
}

/** The capturing webhook sink could not listen. */
export class SinkListenError extends ApicertError {
  constructor(message: string) {
    super('APICERT_SINK_LISTEN_FAILED', message);
  }
}

/** The bundled reference server could not listen (port in use, bad host). */
export class ReferenceServerListenError extends ApicertError {
  constructor(message: string) {
    super('APICERT_REFERENCE_SERVER_LISTEN_FAILED', message);
  }
}

/** A report could not be written. */
export class ReportWriteError extends ApicertError {
  constructor(message: string) {
    super('APICERT_REPORT_WRITE_FAILED', message);
  }
}

/** The --baseline file cannot be read or is not the report.json of an apicert run. */
export class BaselineInvalidError extends ApicertError {
  constructor(message: string) {
    super('APICERT_BASELINE_INVALID', message);
  }
}

/** The report.json given to `apicert replay` cannot be read, or is not the report of an apicert run. */
export class ReportInvalidError extends ApicertError {
  constructor(message: string) {
    super('APICERT_REPORT_INVALID', message);
  }
}

/**
 * apicert merge-reports: a shard's report was not given, or given more than once, so what that shard
 * owns was not judged. Stored on the merged run's checks; never thrown.
 */
export class ShardMissingError extends ApicertError {
  constructor(message: string) {
    super('APICERT_SHARD_MISSING', message);
  }
}

/** An API description (OpenAPI, Swagger) could not be read: a missing file, an unreachable or refusing URL, not JSON or YAML. */
export class OpenApiUnreadableError extends ApicertError {
  /** True when the URL gave no answer at all (a time-out, a refused or reset connection), not a wrong one. */
  readonly unanswered: boolean;
  constructor(message: string, options: { readonly unanswered?: boolean } = {}) {
    super('APICERT_OPENAPI_UNREADABLE', message);
    this.unanswered = options.unanswered ?? false;
  }
}

/** An API description breaks its specification; `problems` holds one line per problem (where, what, how to fix). */
export class OpenApiInvalidError extends ApicertError {
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(
      'APICERT_OPENAPI_INVALID',
      problems.length === 1 ? problems[0]! : `${problems.length} problems in the API description`,
    );
    this.problems = problems;
  }
}

/** Turns anything thrown into plain error data, without a stack. */
export function toErrorInfo(thrown: unknown): ErrorInfo {
  if (thrown instanceof ApicertError) return thrown.toInfo();
  const message = thrown instanceof Error ? thrown.message : String(thrown);
  return { code: 'APICERT_CHECK_CRASHED', message: message.split('\n')[0] ?? 'unknown error' };
}
