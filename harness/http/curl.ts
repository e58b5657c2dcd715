// A curl line per exchange, so a reader can replay what the kit sent. Everything from the target or a
// check is single-quoted (nothing expands); only the credential's curlValue is double-quoted, so its
// $APICERT_TOKEN expands from the reader's own environment and the token itself is never printed.

/** What a curl line is built from; values are already redacted. */
export interface CurlRequest {
  readonly method: string;
  readonly url: string;
  /** Headers to pass literally (the credential header is not among them). */
  readonly headers: Readonly<Record<string, string>>;
  /** The credential header, with a value that refers to an environment variable, e.g. "Bearer $APICERT_TOKEN". */
  readonly credential?: { readonly header: string; readonly curlValue: string };
  /** Request body as text; a body that is not text is given as its size only. */
  readonly body?: { readonly text: string } | { readonly binaryBytes: number } | { readonly tooLongBytes: number };
}

// curl computes these itself; passing them would conflict with what it sends.
const OMITTED_HEADERS = new Set(['content-length', 'host', 'transfer-encoding', 'connection']);

/** A runnable, shell-safe curl command for the request. */
export function toCurlLine(request: CurlRequest): string {
  // -g: a URL with [] or {} (filter[status]=x) is sent as is, not expanded as a curl glob.
  let line = 'curl -sS -g';
  if (request.method === 'HEAD') line += ' --head';
  else if (request.method !== 'GET' || request.body !== undefined) line += ` -X ${quoteForShell(request.method)}`;
  line += ` ${quoteForShell(request.url)}`;
  for (const name of Object.keys(request.headers)) {
    if (OMITTED_HEADERS.has(name.toLowerCase())) continue;
    line += ` -H ${quoteForShell(`${name}: ${request.headers[name]!}`)}`;
  }
  if (request.credential !== undefined) {
    line += ` -H ${quoteCredentialHeader(request.credential.header, request.credential.curlValue)}`;
  }
  if (request.body !== undefined) {
    // --data-raw: a body starting with "@" is sent as is, not read from a file.
    if ('text' in request.body) line += ` --data-raw ${quoteForShell(request.body.text)}`;
    else if ('binaryBytes' in request.body)
      line += ` # request body of ${request.body.binaryBytes} bytes is not text; see the recorded exchange`;
    else
      line += ` # request body of ${request.body.tooLongBytes} bytes is too long to inline; see the recorded exchange`;
  }
  return line;
}

const BARE_WORD = /^[A-Za-z0-9_/.][A-Za-z0-9_./:=@%+,-]*$/;

/** POSIX single quotes: nothing inside expands; a quote is closed, escaped and reopened. */
export function quoteForShell(value: string): string {
  // Bare only when no shell (zsh's leading "=" included) could read anything into it.
  if (BARE_WORD.test(value)) return value;
  return value.includes("'") ? `'${value.replace(/'/g, `'\\''`)}'` : `'${value}'`;
}

// The credential line is the same on every request of a run: quote it once (a few entries at most).
const credentialLines = new Map<string, string>();

function quoteCredentialHeader(header: string, curlValue: string): string {
  const line = `${header}: ${curlValue}`;
  let quoted = credentialLines.get(line);
  if (quoted === undefined) {
    quoted = quoteExpandingVariables(line);
    if (credentialLines.size < 16) credentialLines.set(line, quoted);
  }
  return quoted;
}

/**
 * Double quotes that let $NAME and ${NAME} expand but nothing else: backticks, backslashes, quotes
 * and any other "$" (so "$(" cannot run a command) are escaped.
 */
function quoteExpandingVariables(value: string): string {
  const escaped = value.replace(/[\\"`]/g, (char) => `\\${char}`).replace(/\$(?![A-Za-z_{])/g, '\\$');
  return `"${escaped}"`;
}
