// String formats of the config, as regular expressions. ajv-formats is not installed, and a
// pattern travels inside the shipped schema file, so editors check the same thing ajv does.
// Each pattern carries the words a problem line uses for it, so users read "must be an
// absolute http(s) URL", not a regular expression.

/** A string format: the pattern in the schema and how a problem line describes it. */
export interface ConfigPattern {
  readonly pattern: string;
  /** Completes "must be ...". */
  readonly expected: string;
}

/** An absolute http or https URL without query or fragment, e.g. "http://127.0.0.1:4010". */
export const HTTP_URL: ConfigPattern = {
  pattern: '^https?://[^\\s/?#@]+(/[^\\s?#]*)?$',
  expected: 'an absolute http(s) URL without query or fragment, e.g. "http://127.0.0.1:4010"',
};

/** A path on the target starting with "/", e.g. "/customers". */
export const TARGET_PATH: ConfigPattern = {
  pattern: '^/([^\\s?#/][^\\s?#]*)?$',
  expected: 'a path starting with one "/", without spaces, query or fragment, e.g. "/customers"',
};

/** A child's member path: a path ending in "/{childId}", e.g. "/orders/{childId}". */
export const MEMBER_PATH: ConfigPattern = {
  pattern: '^/([^\\s?#/][^\\s?#]*)?/\\{childId\\}$',
  expected: 'a path starting with "/" and ending in "/{childId}", e.g. "/orders/{childId}"',
};

/** "2xx" (any success) or one success code, e.g. "201". */
export const SUCCESS_STATUS: ConfigPattern = {
  pattern: '^(2xx|2[0-9][0-9])$',
  expected: '"2xx" or one success status code such as "201"',
};

/** "nested", or a collection path for top-level creation. */
export const CREATE_PATH: ConfigPattern = {
  pattern: '^(nested|/([^\\s?#/][^\\s?#]*)?)$',
  expected: '"nested" or a collection path starting with "/", e.g. "/orders"',
};

/** An absolute http(s) URL, or a path resolved against the base URL. */
export const URL_OR_PATH: ConfigPattern = {
  pattern: '^(https?://[^\\s/?#@]+(/[^\\s#]*)?|/([^\\s#/][^\\s#]*)?)$',
  expected: 'an absolute http(s) URL or a path starting with "/", e.g. "/webhook-receiver"',
};

/** An environment variable name. */
export const ENV_NAME: ConfigPattern = {
  pattern: '^[A-Za-z_][A-Za-z0-9_]*$',
  expected: 'an environment variable name (letters, digits, "_"; not starting with a digit), e.g. "APICERT_TOKEN"',
};

/** An HTTP header name (RFC 9110 token). */
export const HEADER_NAME: ConfigPattern = {
  pattern: "^[!#$%&'*+.^_`|~0-9A-Za-z-]+$",
  expected: 'an HTTP header name without spaces or colons, e.g. "Authorization"',
};

/** A credential scheme word such as "Bearer", or empty for none. */
export const AUTH_SCHEME: ConfigPattern = {
  pattern: "^[!#$%&'*+.^_`|~0-9A-Za-z-]*$",
  expected: 'one word such as "Bearer" or "Token", or "" for none',
};

/** A name used in {fixture:NAME} and reports. */
export const COLLECTION_NAME: ConfigPattern = {
  pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]*$',
  expected: 'a name of letters, digits, "_", "-" or "." starting with a letter or digit, e.g. "customers"',
};

/** An upper-case HTTP method. */
export const HTTP_METHOD: ConfigPattern = {
  pattern: '^[A-Z]+$',
  expected: 'an upper-case HTTP method, e.g. "POST"',
};

/** A JSON pointer (RFC 6901) into a response body, e.g. "/processedCount". */
export const JSON_POINTER: ConfigPattern = {
  pattern: '^(/([^~/]|~[01])*)+$',
  expected: 'a JSON pointer starting with "/", e.g. "/processedCount" ("~" written as "~0", "/" in a key as "~1")',
};

/** A host name or IP address to listen on. */
export const LISTEN_HOST: ConfigPattern = {
  pattern: '^([A-Za-z0-9.-]+|\\[?[0-9A-Fa-f:.]+\\]?)$',
  expected: 'a host name or IP address, e.g. "127.0.0.1" or "0.0.0.0"',
};

/** OAuth 2.0 scopes (RFC 6749 3.3): words of visible ASCII but double quote and backslash, one space apart. */
export const OAUTH_SCOPE: ConfigPattern = {
  pattern: '^[!#-\\[\\]-~]+( [!#-\\[\\]-~]+)*$',
  expected:
    'OAuth 2.0 scopes one space apart, in visible ASCII without double quotes or backslashes, e.g. "orders:read orders:write"',
};

/** Every pattern, looked up by its source when ajv reports a mismatch. */
export const CONFIG_PATTERNS: readonly ConfigPattern[] = [
  HTTP_URL,
  TARGET_PATH,
  MEMBER_PATH,
  SUCCESS_STATUS,
  CREATE_PATH,
  URL_OR_PATH,
  ENV_NAME,
  HEADER_NAME,
  AUTH_SCHEME,
  COLLECTION_NAME,
  HTTP_METHOD,
  JSON_POINTER,
  LISTEN_HOST,
  OAUTH_SCOPE,
];
