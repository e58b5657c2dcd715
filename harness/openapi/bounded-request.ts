// One request whose wait and body are both bounded: an API description, a list page `init` probes,
// or a record `init --probe-writes` makes and deletes. Whatever the server does (hangs, trickles,
// sends gigabytes), the answer comes back within `timeoutMs` and holds at most `maxBytes`; a
// failure is a value, never a throw.
import { request } from 'undici';

export type BoundedAnswer =
  | {
      readonly kind: 'answered';
      readonly status: number;
      readonly headers: Readonly<Record<string, unknown>>;
      readonly text: string;
    }
  | { readonly kind: 'too-large'; readonly status: number }
  | { readonly kind: 'failed'; readonly reason: string };

export interface BoundedRequest {
  readonly method?: 'GET' | 'POST' | 'DELETE';
  readonly headers: Readonly<Record<string, string>>;
  /** A JSON body, sent as application/json. */
  readonly json?: unknown;
}

export async function boundedRequest(
  url: string,
  sent: BoundedRequest,
  timeoutMs: number,
  maxBytes: number,
): Promise<BoundedAnswer> {
  try {
    const body = sent.json === undefined ? undefined : JSON.stringify(sent.json);
    const answer = await request(url, {
      method: sent.method ?? 'GET',
      headers: body === undefined ? sent.headers : { ...sent.headers, 'content-type': 'application/json' },
      ...(body !== undefined ? { body } : {}),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const chunks: Buffer[] = [];
    let received = 0;
    for await (const chunk of answer.body) {
      received += (chunk as Buffer).length;
      if (received > maxBytes) {
        answer.body.destroy();
        return { kind: 'too-large', status: answer.statusCode };
      }
      chunks.push(chunk as Buffer);
    }
    return {
      kind: 'answered',
      status: answer.statusCode,
      headers: answer.headers,
      text: Buffer.concat(chunks).toString('utf8'),
    };
  } catch (error) {
    return {
      kind: 'failed',
      reason: error instanceof Error ? (error.message.split('\n')[0] ?? 'failed') : String(error),
    };
  }
}

export function boundedGet(
  url: string,
  headers: Readonly<Record<string, string>>,
  timeoutMs: number,
  maxBytes: number,
): Promise<BoundedAnswer> {
  return boundedRequest(url, { headers }, timeoutMs, maxBytes);
}
