// A small HTTP client for the reference server's own tests: exact bytes out, status, headers and
// parsed JSON back. Keeps its connections in one undici Agent, closed with the client.
import { Agent, request } from 'undici';

export interface ApiAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly text: string;
  /** Parsed JSON body, undefined when it does not parse. Typed any: tests read fields freely. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly json: any;
}

export interface CallOptions {
  /** Sent as JSON with Content-Type: application/json. */
  readonly body?: unknown;
  /** Sent as is (no Content-Type unless given in headers). */
  readonly rawBody?: string | Buffer;
  readonly headers?: Readonly<Record<string, string>>;
  /** Bearer token; null sends none; default the client's token. */
  readonly token?: string | null;
}

export interface ApiClient {
  call(method: string, path: string, options?: CallOptions): Promise<ApiAnswer>;
  close(): Promise<void>;
}

export function createApiClient(baseUrl: string, token: string): ApiClient {
  const agent = new Agent({ keepAliveTimeout: 1000 });
  let closing: Promise<void> | undefined;
  return {
    async call(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      const bearer = options.token === undefined ? token : options.token;
      if (bearer !== null) headers.authorization = `Bearer ${bearer}`;
      let body: string | Buffer | undefined = options.rawBody;
      if (options.body !== undefined) {
        body = JSON.stringify(options.body);
        headers['content-type'] ??= 'application/json';
      }
      const response = await request(`${baseUrl}${path}`, {
        method: method as 'GET',
        headers,
        body,
        dispatcher: agent,
        headersTimeout: 10_000,
        bodyTimeout: 10_000,
      });
      const text = await response.body.text();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { status: response.statusCode, headers: response.headers, text, json };
    },
    close() {
      closing ??= agent.close();
      return closing;
    },
  };
}
