// Test support: a hostile target on 127.0.0.1:0 that sends every secret it sees back in every place it
// controls, in several encodings: response header names and values, the status text, JSON keys and
// values, ids, cursors, Location and redirect URLs; as a webhook receiver, in its answers; as a webhook
// sender, in the header names, header values and bodies of the deliveries it posts to the kit's sink.
// It plays every role of apicert.config so one run drives every suite; it conforms to nothing.
import { createHmac } from 'node:crypto';
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { startLocalServer, type LocalServer } from './local-server.js';

export interface EchoingTargetOptions {
  /** Secrets it knows without seeing them on the wire: a receiver shares its signing secret with the sender. */
  readonly knownSecrets?: readonly string[];
}

export interface EchoingTarget extends LocalServer {
  /** Every secret it saw (credential headers, the registered signing secret) or was told, raw. */
  secrets(): readonly string[];
  /** Deliveries it has posted to registered sinks. */
  deliveriesSent(): number;
}

/** The forms the target echoes a secret in, by name: as is, in capitals, percent-encoded, base64 and hex. */
export function echoedForms(secret: string): ReadonlyArray<{ readonly name: string; readonly text: string }> {
  const bytes = Buffer.from(secret, 'utf8');
  return [
    { name: 'raw', text: secret },
    { name: 'upper-case', text: secret.toUpperCase() },
    { name: 'percent-encoded', text: encodeURIComponent(secret) },
    { name: 'base64', text: bytes.toString('base64') },
    { name: 'base64 unpadded', text: bytes.toString('base64').replace(/=+$/, '') },
    { name: 'base64url', text: bytes.toString('base64url') },
    { name: 'hex', text: bytes.toString('hex') },
    { name: 'upper-case hex', text: bytes.toString('hex').toUpperCase() },
  ];
}

/**
 * The forms a test looks for in every output: the echoed ones, and the lower-case secret, the form
 * HTTP gives a header name the target made of it, and URL parsing a host.
 */
export function leakForms(secret: string): ReadonlyArray<{ readonly name: string; readonly text: string }> {
  return [...echoedForms(secret), { name: 'lower-case', text: secret.toLowerCase() }];
}

/** Every place a secret was found, as "output: form of secret", for a readable failure. */
export function findLeaks(outputs: Readonly<Record<string, string>>, secrets: readonly string[]): string[] {
  const leaks: string[] = [];
  for (const secret of secrets) {
    for (const form of leakForms(secret)) {
      for (const [name, text] of Object.entries(outputs)) {
        const count = text.split(form.text).length - 1;
        if (count > 0) leaks.push(`${name}: ${form.name} of ${JSON.stringify(secret.slice(0, 6))}… ${count} time(s)`);
      }
    }
  }
  return leaks;
}

// Header names must be RFC 9110 tokens: a form that is not one (base64 with "/" or "=") goes only
// into values and bodies.
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

const maxBodyBytes = 64 * 1024;
const deliveryTimeoutMs = 2_000;

/** Starts the echoing target. */
export async function startEchoingTarget(options: EchoingTargetOptions = {}): Promise<EchoingTarget> {
  const seen = new Set<string>(options.knownSecrets ?? []);
  const sinks: string[] = [];
  let nextId = 1;
  let delivered = 0;

  function learn(req: IncomingMessage, body: unknown): void {
    for (const name of ['authorization', 'x-api-key']) {
      const value = req.headers[name];
      // The kit's credential probes send the scheme alone ("Bearer"): a word, not a secret.
      if (typeof value !== 'string' || value === '' || /^bearer$/i.test(value)) continue;
      seen.add(value);
      const bare = value.split(' ').at(-1);
      if (bare !== undefined && bare !== '') seen.add(bare);
    }
    const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    // A registration sent without a valid credential carries a throwaway secret the kit says is none.
    const secret = record['secret'];
    if (typeof secret === 'string' && secret !== '' && !secret.startsWith('apicert-credential-probe')) seen.add(secret);
    if (typeof record['url'] === 'string' && /^https?:\/\//.test(record['url'])) sinks.push(record['url']);
  }

  // The loudest echo: every form of every secret, as names, values, keys and ids.
  function echoHeaders(): Record<string, string> {
    const headers: Record<string, string> = {};
    let i = 0;
    for (const secret of seen) {
      for (const { text } of echoedForms(secret)) {
        if (TOKEN.test(text)) headers[`x-tok-${text}`] = '1';
        headers[`x-echo-${i++}`] = text;
      }
      headers['set-cookie'] = `session=${encodeURIComponent(secret)}`;
    }
    return headers;
  }

  function echoObject(): Record<string, string> {
    const object: Record<string, string> = {};
    for (const secret of seen) for (const { text } of echoedForms(secret)) object[text] = text;
    return object;
  }

  function latestSecret(): string {
    return [...seen].at(-1) ?? 'none';
  }

  function answer(res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}): void {
    const text = body === undefined ? '' : JSON.stringify(body);
    const headers = {
      ...echoHeaders(),
      ...extra,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(text)),
    };
    const reason = latestSecret();
    // The status text is the target's too; Node refuses characters a reason phrase may not hold.
    try {
      res.writeHead(status, TOKEN.test(reason) ? reason : 'Echo', headers);
    } catch {
      res.writeHead(status, headers);
    }
    res.end(text);
  }

  function recordFor(id: string, origin: string): Record<string, unknown> {
    const secret = latestSecret();
    return {
      id,
      name: `Echo ${secret}`,
      link: `${origin}/customers/${id}?s=${encodeURIComponent(secret)}`,
      ...echoObject(),
    };
  }

  function deliver(recordId: string): void {
    for (const url of sinks) {
      const secret = [...seen].find((s) => /^[0-9a-f]{64}$/.test(s)) ?? latestSecret();
      const body = JSON.stringify({
        event: 'customer.created',
        id: `evt_${secret}_${nextId++}`,
        data: { id: recordId, secret, ...echoObject() },
      });
      const headers: Record<string, string> = {
        ...echoHeaders(),
        'content-type': 'application/json',
        'x-signature': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
      };
      const req = httpRequest(url, { method: 'POST', headers, timeout: deliveryTimeoutMs });
      req.on('response', (response) => response.resume());
      req.on('timeout', () => req.destroy());
      req.on('error', () => undefined);
      req.end(body);
      delivered++;
    }
  }

  const server = await startLocalServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBodyBytes) chunks.push(chunk);
    });
    req.on('end', () => {
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = undefined;
      }
      learn(req, body);
      route(req, res, body);
    });
  });

  function route(req: IncomingMessage, res: ServerResponse, body: unknown): void {
    const url = new URL(req.url ?? '/', server.origin);
    const parts = url.pathname.split('/').filter((part) => part !== '');
    const secret = latestSecret();
    const method = req.method ?? 'GET';
    if (parts[0] === 'webhooks' && method === 'POST') {
      return answer(res, 201, { id: `sub_${nextId++}`, echoed: body, ...echoObject() });
    }
    if (parts[0] === 'webhook-receiver') {
      return answer(res, method === 'GET' ? 200 : 202, { processedCount: 1, received: body, ...echoObject() });
    }
    // Refusing a request without a credential makes the kit try a wrong one next: a secret to echo too.
    if (req.headers.authorization === undefined)
      return answer(res, 401, { error: `no credential; try ${secret}`, ...echoObject() });
    if (method === 'POST') {
      const id = `${nextId++}`;
      if (parts[0] === 'customers' && parts.length === 1) deliver(id);
      return answer(res, 201, recordFor(id, server.origin), {
        location: `${server.origin}/${parts.join('/')}/${id}?s=${encodeURIComponent(secret)}`,
      });
    }
    if (method === 'DELETE') return answer(res, 204, undefined);
    if (parts.length >= 2 && method === 'GET' && Number.isNaN(Number(parts.at(-1)))) {
      // An unknown id: redirect to an origin named after the secret (never followed, but recorded).
      return answer(
        res,
        302,
        { error: secret },
        {
          location: `http://${secret.replace(/[^A-Za-z0-9._-]/g, '-').slice(0, 60)}.invalid/${encodeURIComponent(secret)}`,
        },
      );
    }
    if (parts.length >= 2) return answer(res, 200, recordFor(parts.at(-1)!, server.origin));
    // A list: the first page's cursor is the secret; the page after it is the last.
    const isFirstPage =
      url.searchParams.get('after') === null &&
      (url.searchParams.get('offset') ?? '0') === '0' &&
      (url.searchParams.get('page') ?? '1') === '1';
    return answer(res, 200, {
      items: [recordFor(`${nextId++}`, server.origin)],
      next_cursor: isFirstPage ? secret : null,
      has_more: isFirstPage,
      next: isFirstPage ? `${server.origin}${url.pathname}?after=${encodeURIComponent(secret)}` : null,
      ...echoObject(),
    });
  }

  return {
    ...server,
    secrets: () => [...seen],
    deliveriesSent: () => delivered,
  };
}
