// Test support: the sink's options for its tests, and a client that posts to it the way a sender
// does, each request on its own connection.
import { Agent, request } from 'undici';
import type { WebhookSinkOptions } from '../sink-types.js';

export const secret = 'run-secret-for-sink-tests';
export const baseOptions: WebhookSinkOptions = {
  host: '127.0.0.1',
  port: 0,
  maxBodyBytes: 1024,
  maxConnections: 8,
  maxBytesKeptPerChannel: 1_000_000,
  maxBytesKept: 4_000_000,
  secret,
  evidenceBodyBytes: 512,
};

// Each request on its own connection, so a held or cut answer never affects the next request.
export async function post(
  url: string,
  body: string | Buffer,
  options: { headers?: Record<string, string>; timeoutMs?: number; dispatcherOptions?: Agent.Options } = {},
) {
  const agent = new Agent({ ...options.dispatcherOptions, pipelining: 0 });
  try {
    const response = await request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...options.headers },
      body,
      dispatcher: agent,
      signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
    });
    return { status: response.statusCode, text: await response.body.text() };
  } finally {
    await agent.destroy();
  }
}

// The status and Location of an answer, without following it.

/** A convention event body about cus_1, with `extra` fields in its data. */
export function event(id: string, extra = ''): string {
  return `{"event":"customer.created","id":"${id}","data":{"id":"cus_1"${extra}}}`;
}
