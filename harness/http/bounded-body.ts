// Reads a response body into memory without ever holding more than the budget: a hostile target can
// stream forever, so the read is aborted and the stream destroyed the moment the cap is passed.
import type { Readable } from 'node:stream';
import { HttpBodyTooLargeError } from '../errors.js';

/**
 * Reads one body with a byte cap and a deadline; keeps what arrived so a failed read still leaves
 * evidence. The deadline is needed because undici's body time-out is per chunk: a target sending a
 * byte every few seconds would never trip it. It is checked as each chunk arrives rather than by a
 * timer (a timer per request is measurable on a cursor walk); a body that stops arriving altogether
 * is ended by undici's body time-out, so a read lasts at most the deadline plus that time-out.
 */
export class BoundedBodyReader {
  /** Bytes received so far, including the chunk that passed the cap. */
  bytesRead = 0;
  /** True once the deadline ended the read. */
  deadlinePassed = false;
  private readonly chunks: Buffer[] = [];

  /** `deadlineAt` is a performance.now() time; undefined means no deadline. */
  constructor(
    private readonly maxBytes: number,
    private readonly deadlineAt?: number,
  ) {}

  /**
   * Resolves with the whole body, or rejects with HttpBodyTooLargeError or the deadline's error
   * (`deadlinePassed` set), the stream destroyed in both cases, or with the stream's own error
   * (reset, time-out, abort).
   */
  read(stream: Readable): Promise<Buffer> {
    return new Promise<Buffer>((resolve, reject) => {
      // Failed between the headers and this call: its 'error' and 'close' have already been emitted.
      if (stream.destroyed) {
        reject(stream.errored ?? prematureClose());
        return;
      }
      const onData = (chunk: Buffer): void => {
        this.bytesRead += chunk.length;
        if (this.bytesRead > this.maxBytes) {
          // Keep only up to the cap: the evidence needs a prefix, not the overflow.
          const room = this.maxBytes - (this.bytesRead - chunk.length);
          if (room > 0) this.chunks.push(chunk.subarray(0, room));
          fail(new HttpBodyTooLargeError(`response body passed ${this.maxBytes} bytes`));
          return;
        }
        this.chunks.push(chunk);
        if (this.deadlineAt !== undefined && performance.now() > this.deadlineAt) {
          this.deadlinePassed = true;
          fail(new Error('response body deadline passed'));
        }
      };
      const fail = (error: Error): void => {
        cleanup();
        stream.destroy();
        reject(error);
      };
      const onEnd = (): void => {
        cleanup();
        resolve(this.received());
      };
      const onError = (error: Error): void => {
        cleanup();
        reject(error);
      };
      // Destroyed without an error (rare, but a stream may do it): never leave the caller waiting.
      const onClose = (): void => {
        cleanup();
        reject(prematureClose());
      };
      const cleanup = (): void => {
        stream.off('data', onData);
        stream.off('end', onEnd);
        stream.off('error', onError);
        stream.off('close', onClose);
        // A late error after we stopped listening must not become an unhandled 'error' event.
        stream.on('error', ignore);
      };
      stream.on('data', onData);
      stream.on('end', onEnd);
      stream.on('error', onError);
      stream.on('close', onClose);
    });
  }

  /**
   * The bytes kept so far (at most the cap), or their first `limit` bytes, as one buffer; copies
   * only when they span several chunks.
   */
  received(limit = Infinity): Buffer {
    const first = this.chunks[0];
    if (first !== undefined && (this.chunks.length === 1 || first.length >= limit)) return first.subarray(0, limit);
    const total = this.chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    return Buffer.concat(this.chunks, Math.min(total, limit));
  }
}

function ignore(): void {}

function prematureClose(): Error {
  return Object.assign(new Error('response body closed before it ended'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
}
