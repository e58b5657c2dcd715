// Test support: a small webhook receiver whose verification is a published library's, as a team
// would build one: standardwebhooks (Standard Webhooks), @octokit/webhooks-methods (GitHub) or
// stripe (Stripe's offline check). It refuses what does not verify (401), what is not an event
// (400) and bodies over 1 MiB (413); it processes each event id once, and says so at
// GET /hooks/events/{id}. Two defects: `skipsVerification` takes every delivery; `ignoresTimestamp`
// passes Stripe's library a tolerance of 0, which its documentation says skips the timestamp check.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { verify as githubVerify } from '@octokit/webhooks-methods';
import { Webhook } from 'standardwebhooks';
import Stripe from 'stripe';
import { startLocalServer } from '../../../harness/http/test-support/local-server.js';

export type LibraryName = 'standardwebhooks' | 'octokit' | 'stripe';

/** The signature profile each library's scheme is, and a secret of the form it takes. */
export const libraries: Readonly<
  Record<LibraryName, { readonly profile: 'standard-webhooks' | 'github' | 'stripe'; readonly secret: string }>
> = {
  standardwebhooks: { profile: 'standard-webhooks', secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' },
  octokit: { profile: 'github', secret: 'a-github-webhook-secret' },
  stripe: { profile: 'stripe', secret: 'whsec_test_a1b2c3d4e5f6' },
};

export interface RunningLibraryReceiver {
  readonly url: string;
  close(): Promise<void>;
}

const maxBodyBytes = 1024 * 1024;

async function verified(
  library: LibraryName,
  secret: string,
  raw: Buffer,
  headers: IncomingMessage['headers'],
  ignoresTimestamp: boolean,
): Promise<boolean> {
  const text = raw.toString('utf8');
  const header = (name: string): string => String(headers[name] ?? '');
  try {
    if (library === 'standardwebhooks') {
      new Webhook(secret).verify(text, {
        'webhook-id': header('webhook-id'),
        'webhook-timestamp': header('webhook-timestamp'),
        'webhook-signature': header('webhook-signature'),
      });
      return true;
    }
    if (library === 'octokit') return await githubVerify(secret, text, header('x-hub-signature-256'));
    Stripe.webhooks.constructEvent(text, header('stripe-signature'), secret, ignoresTimestamp ? 0 : undefined);
    return true;
  } catch {
    return false;
  }
}

export async function startLibraryReceiver(
  library: LibraryName,
  options: { readonly skipsVerification?: boolean; readonly ignoresTimestamp?: boolean } = {},
): Promise<RunningLibraryReceiver> {
  const { secret } = libraries[library];
  const processed = new Map<string, number>();
  const answer = (res: ServerResponse, status: number, body: unknown): void => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://receiver.invalid');
    const seen = /^\/hooks\/events\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && seen !== null)
      return answer(res, 200, { processed: processed.get(decodeURIComponent(seen[1]!)) ?? 0 });
    if (req.method !== 'POST' || url.pathname !== '/hooks') return answer(res, 404, { error: 'not found' });
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBodyBytes) return answer(res, 413, { error: 'too large' });
      chunks.push(chunk);
    }
    const raw = Buffer.concat(chunks);
    if (
      options.skipsVerification !== true &&
      !(await verified(library, secret, raw, req.headers, options.ignoresTimestamp === true))
    )
      return answer(res, 401, { error: 'signature does not verify' });
    let event: { id?: unknown; event?: unknown; data?: unknown };
    try {
      event = JSON.parse(raw.toString('utf8')) as typeof event;
    } catch {
      return answer(res, 400, { error: 'not JSON' });
    }
    if (
      typeof event !== 'object' ||
      event === null ||
      typeof event.id !== 'string' ||
      typeof event.event !== 'string' ||
      typeof event.data !== 'object'
    ) {
      return answer(res, 400, { error: 'not an event' });
    }
    // Deduplicated by event id: a redelivery is acknowledged and not processed again.
    if (!processed.has(event.id)) processed.set(event.id, 1);
    answer(res, 200, { ok: true });
  };
  const server = await startLocalServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) answer(res, 500, { error: 'failed' });
    });
  });
  return { url: server.origin, close: () => server.close() };
}
