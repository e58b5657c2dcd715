// Reads a local input (the config, a --baseline report, a TLS file) with bounds that hold for any
// kind of file: a character device (/dev/zero) never ends, a FIFO blocks until a writer comes, and
// a /proc file reports size 0 whatever it holds. So only a regular file is read, and the read itself
// stops one byte past the limit, whatever the size said.
import { constants, type Stats } from 'node:fs';
import { open, stat } from 'node:fs/promises';

/** Why a file was not read; `reason` completes "<path> ...". */
export type BoundedFileRefusal =
  | { readonly kind: 'missing' | 'denied' | 'directory' | 'not-regular' | 'unreadable'; readonly reason: string }
  | { readonly kind: 'too-large'; readonly reason: string; readonly limitBytes: number };

export type BoundedFileRead =
  { readonly ok: true; readonly bytes: Buffer } | ({ readonly ok: false } & BoundedFileRefusal);

const CHUNK_BYTES = 64 * 1024;

/** Reads `path` when it is a regular file of at most `maxBytes`; never blocks on, or reads past, anything else. */
export async function readBoundedFile(path: string, maxBytes: number): Promise<BoundedFileRead> {
  // stat, unlike open, returns at once for a FIFO with no writer.
  let info: Stats;
  try {
    info = await stat(path);
  } catch (thrown) {
    return { ok: false, ...describeFailure(thrown) };
  }
  const refusal = refuseByStats(info, maxBytes);
  if (refusal !== undefined) return { ok: false, ...refusal };
  let handle;
  try {
    // O_NONBLOCK: should the path have become a FIFO since the stat, opening it still returns at once.
    handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (thrown) {
    return { ok: false, ...describeFailure(thrown) };
  }
  try {
    // The file that was opened is the one judged: the path may have been swapped since the stat.
    const opened = refuseByStats(await handle.stat(), maxBytes);
    if (opened !== undefined) return { ok: false, ...opened };
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.alloc(Math.min(CHUNK_BYTES, maxBytes + 1 - total));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      chunks.push(chunk.subarray(0, bytesRead));
      total += bytesRead;
      if (total > maxBytes) return { ok: false, ...tooLarge(`holds more than ${maxBytes} bytes`, maxBytes) };
    }
    return { ok: true, bytes: Buffer.concat(chunks, total) };
  } catch (thrown) {
    return { ok: false, ...describeFailure(thrown) };
  } finally {
    await handle.close().catch(() => undefined);
  }
}

function refuseByStats(info: Stats, maxBytes: number): BoundedFileRefusal | undefined {
  if (info.isDirectory()) return { kind: 'directory', reason: 'is a directory, not a file' };
  if (!info.isFile()) return { kind: 'not-regular', reason: `is ${describeKind(info)}, not a regular file` };
  if (info.size > maxBytes) return tooLarge(`is ${info.size} bytes`, maxBytes);
  return undefined;
}

function tooLarge(said: string, maxBytes: number): BoundedFileRefusal {
  return { kind: 'too-large', reason: `${said}, over the limit of ${maxBytes} bytes`, limitBytes: maxBytes };
}

function describeKind(info: Stats): string {
  if (info.isCharacterDevice()) return 'a character device (like /dev/zero or a terminal)';
  if (info.isBlockDevice()) return 'a block device (a disk)';
  if (info.isFIFO()) return "a FIFO (a named pipe, or a shell's <(...) substitution)";
  if (info.isSocket()) return 'a socket';
  return 'not a regular file';
}

function describeFailure(thrown: unknown): BoundedFileRefusal {
  const code = (thrown as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
    case 'ENOTDIR':
      return { kind: 'missing', reason: 'does not exist' };
    case 'EACCES':
    case 'EPERM':
      return { kind: 'denied', reason: 'cannot be read (permission denied)' };
    case 'EISDIR':
      return { kind: 'directory', reason: 'is a directory, not a file' };
    case 'ENXIO':
      return { kind: 'not-regular', reason: 'is a socket or device that cannot be opened, not a regular file' };
    default:
      return {
        kind: 'unreadable',
        reason: `cannot be read (${code ?? (thrown instanceof Error ? thrown.message.split('\n')[0] : 'unknown error')})`,
      };
  }
}
