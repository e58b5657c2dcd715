// Small hostile targets on 127.0.0.1, each of which stops answering in one way, for bounded tests
// of how a run ends against them (and for a later hostile-target matrix). close() destroys every
// open connection, so a test never waits on one.
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { startLocalServer, type LocalServer } from '../../http/test-support/local-server.js';

/** A hostile local target that counts the requests it received. */
export interface StallingTarget extends LocalServer {
  /** Requests received so far, answered or not. */
  requests(): number;
}

/** Accepts each connection and reads the request, then never answers. */
export function startSilentTarget(): Promise<StallingTarget> {
  return startCounting(() => {});
}

/** Answers 200 with JSON headers at once, then sends one body byte every `intervalMs`, forever. */
export function startTricklingTarget(intervalMs = 100): Promise<StallingTarget> {
  return startCounting((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.flushHeaders();
    const timer = setInterval(() => res.write(' '), intervalMs);
    res.on('close', () => clearInterval(timer));
  });
}

/** Accepts each connection and resets it (TCP RST) as soon as a request arrives. */
export function startResettingTarget(): Promise<StallingTarget> {
  return startCounting((req) => {
    req.socket.resetAndDestroy();
  });
}

/** A target that answers like `upstream` until `isLastAnswer` says so, then never answers again. */
export interface FallingSilentTarget extends StallingTarget {
  /** Requests received after the target fell silent, as "METHOD /path". */
  afterSilence(): readonly string[];
  /** Whether the target has fallen silent. */
  isSilent(): boolean;
}

/**
 * Forwards each request to `upstream` (an origin such as a reference server's URL) and relays the
 * answer, until `isLastAnswer(method, path, status)` returns true for an answer it relayed; from
 * then on it reads requests and never answers. Lets a test stop a target once it holds records.
 */
export async function startFallingSilentTarget(
  upstream: string,
  isLastAnswer: (method: string, path: string, status: number) => boolean,
): Promise<FallingSilentTarget> {
  let silent = false;
  const afterSilence: string[] = [];
  const target = await startCounting((req, res) => {
    if (silent) {
      afterSilence.push(`${req.method ?? 'GET'} ${(req.url ?? '/').split('?')[0]!}`);
      return;
    }
    const forwarded = httpRequest(
      new URL(req.url ?? '/', upstream),
      { method: req.method, headers: req.headers },
      (answer) => {
        const status = answer.statusCode ?? 502;
        res.writeHead(status, answer.headers);
        answer.pipe(res);
        if (isLastAnswer(req.method ?? 'GET', (req.url ?? '/').split('?')[0]!, status)) silent = true;
      },
    );
    forwarded.on('error', () => res.destroy());
    req.pipe(forwarded);
  });
  return { ...target, afterSilence: () => [...afterSilence], isSilent: () => silent };
}

async function startCounting(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<StallingTarget> {
  let requests = 0;
  const server = await startLocalServer((req, res) => {
    requests += 1;
    handler(req, res);
  });
  return { ...server, requests: () => requests };
}
