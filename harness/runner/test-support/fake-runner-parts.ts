// Test support: an HTTP client that answers from a script and remembers what it was sent, a config
// with nothing in it, and a one-line way to define a check.
import { defineCheck, type Check } from '../../../suites/define-check.js';
import type { ApicertConfig } from '../../config/config-types.js';
import type { HttpClient, HttpRequest } from '../../http/http-types.js';

export interface ScriptedAnswer {
  readonly status: number;
  readonly json?: unknown;
  /** Answered after this long; default at once. */
  readonly delayMs?: number;
  /** Response headers, lower-case names. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** A client answering each request with `answer(request)`; a throw there becomes a transport error. */
export function fakeClient(answer: (request: HttpRequest) => ScriptedAnswer = () => ({ status: 200, json: {} })): {
  client: HttpClient;
  sent: HttpRequest[];
} {
  const sent: HttpRequest[] = [];
  const client: HttpClient = {
    async send(request) {
      sent.push(request);
      const { status, json = {}, delayMs, headers = {} } = answer(request);
      if (delayMs !== undefined) await new Promise((resolve) => setTimeout(resolve, delayMs));
      const text = JSON.stringify(json);
      const record = {
        direction: 'outbound' as const,
        request: { method: request.method, url: request.url, headers: {} },
        response: { status, headers },
        startedAt: new Date(0).toISOString(),
        durationMs: 1,
        curl: `curl -X ${request.method} ${request.url}`,
      };
      return { response: { status, headers, body: Buffer.from(text), text, json }, record, durationMs: 1 };
    },
    async close() {},
  };
  return { client, sent };
}

/** Method and path of each request, e.g. "DELETE /customers/1". */
export function describeSent(sent: readonly HttpRequest[]): string[] {
  return sent.map((request) => `${request.method} ${new URL(request.url).pathname}`);
}

export const emptyConfig = { collections: [], target: { concurrency: 4 } } as unknown as ApicertConfig;

export function checkOf(id: `${Check['suite']}.${string}`, run: Check['run']): Check {
  const suite = id.slice(0, id.indexOf('.')) as Check['suite'];
  return defineCheck({
    id,
    suite,
    conformanceClass: 'resources-core',
    rule: '1',
    level: 'normative',
    title: id,
    proves: id,
    run,
  });
}
