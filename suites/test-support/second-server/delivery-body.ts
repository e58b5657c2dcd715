// How the receiver endpoint reads a delivery, by its oversized mode (convention 8: payload limits
// are not shown, so each is a reasonable receiver): answer 413, cut the connection before reading
// the body, or read it anyway and let it be acknowledged like any other.
import type { IncomingMessage } from 'node:http';
import { isDeclaredAbove, Problem, readRawBody } from './http-exchange.js';
import { acceptedDeliveryCapBytes, bodyLimitBytes, type OversizedAnswer } from './second-server-options.js';

/** The raw delivery body, or undefined when the connection was cut instead (reset mode). Throws a 413 Problem in answer-413 mode. */
export async function readDeliveryBody(req: IncomingMessage, oversized: OversizedAnswer): Promise<Buffer | undefined> {
  if (oversized === 'answer-413') return readRawBody(req);
  if (oversized === 'accept') return readRawBody(req, acceptedDeliveryCapBytes);
  // Reset: a body declared above the limit is never read; the socket is destroyed with it unread,
  // so the sender sees a reset, not an answer. A body without a length is cut once it passes it.
  if (isDeclaredAbove(req, bodyLimitBytes)) return cut(req);
  try {
    return await readRawBody(req);
  } catch (error) {
    if (error instanceof Problem && error.status === 413) return cut(req);
    throw error;
  }
}

function cut(req: IncomingMessage): undefined {
  req.socket.destroy();
  return undefined;
}
