// Reads one incoming request with a byte cap: the exact bytes up to maxBodyBytes, the real size, and
// the arrival time. A caller that stops mid-body yields nothing; the server's request time-out
// bounds a caller that trickles.
import type { IncomingMessage } from 'node:http';
import type { CapturedRequest } from './delivery-log.js';

/** Resolves with the captured request, or undefined when the caller went away before the end. */
export function readDelivery(
  req: IncomingMessage,
  maxBodyBytes: number,
  arrival: { readonly receivedAt: string; readonly receivedAtMs: number },
): Promise<CapturedRequest | undefined> {
  const base = {
    ...arrival,
    method: req.method ?? 'GET',
    path: req.url ?? '/',
    headers: joinHeaders(req.rawHeaders),
  };
  const declared = Number(req.headers['content-length']);
  // A declared size over the cap is refused before a byte is read.
  if (Number.isFinite(declared) && declared > maxBodyBytes) {
    return Promise.resolve({ ...base, body: Buffer.alloc(0), bodyBytes: declared, isBodyTruncated: true });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let kept = 0;
    let total = 0;
    let isSettled = false;
    const settle = (value: CapturedRequest | undefined): void => {
      if (isSettled) return;
      isSettled = true;
      resolve(value);
    };
    const captured = (isBodyTruncated: boolean): CapturedRequest => ({
      ...base,
      body: Buffer.concat(chunks, kept),
      bodyBytes: total,
      isBodyTruncated,
    });
    req.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (kept < maxBodyBytes) {
        const part = chunk.subarray(0, maxBodyBytes - kept);
        chunks.push(part);
        kept += part.length;
      }
      if (total > maxBodyBytes) {
        // Stop reading: the answer (413) goes out now and the connection is closed after it.
        req.pause();
        settle(captured(true));
      }
    });
    req.once('end', () => settle(captured(false)));
    req.once('close', () => settle(undefined));
    req.once('error', () => settle(undefined));
  });
}

// Lower-case names; a repeated header keeps every value, joined as HTTP allows.
function joinHeaders(raw: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    const value = raw[i + 1]!;
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  return headers;
}
