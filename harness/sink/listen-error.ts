// One-line messages for a sink that cannot start, saying what to change. Pure.
import { SinkListenError } from '../errors.js';

/** The SinkListenError for a failed listen() on host:port. */
export function toSinkListenError(error: unknown, host: string, port: number): SinkListenError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const where = `${host}:${port}`;
  switch (code) {
    case 'EADDRINUSE':
      return new SinkListenError(
        `the webhook sink cannot listen on ${where}: the port is in use; set webhooks.sender.sink.port to a free port or 0`,
      );
    case 'EACCES':
      return new SinkListenError(
        `the webhook sink may not listen on ${where}: permission denied; use a port above 1023 or 0 in webhooks.sender.sink.port`,
      );
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return new SinkListenError(
        `the webhook sink cannot listen on ${where}: no such local address; set webhooks.sender.sink.host to an address of this machine (e.g. 127.0.0.1 or 0.0.0.0)`,
      );
    default:
      return new SinkListenError(
        `the webhook sink cannot listen on ${where}: ${oneLine(error)}; check webhooks.sender.sink.host and port`,
      );
  }
}

/** The SinkListenError for TLS files that cannot be read or used. */
export function toSinkTlsError(error: unknown, what: string): SinkListenError {
  return new SinkListenError(
    `the webhook sink cannot use ${what}: ${oneLine(error)}; check webhooks.sender.sink.tls (PEM certificate and key files)`,
  );
}

function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n', 1)[0]!.slice(0, 200);
}
