// Which failed requests had been written on a connection that carried an earlier exchange. Servers
// and proxies close keep-alive connections left idle (gunicorn after 2 s, load balancers after
// their own time-out), often without a Keep-Alive hint; a request written as that close arrives is
// reset before any answer, though the target would answer it on a new connection (RFC 9112 9.3.1).
// undici does not say which connection a request went out on, so its diagnostics channels are
// read: each connection counts the requests written on it, and the error of a request that was not
// its connection's first is remembered. Process-wide and weakly held: nothing outlives its socket.
import { subscribe } from 'node:diagnostics_channel';

const written = new WeakMap<object, number>();
const onReused = new WeakSet<object>();
const reusedErrors = new WeakSet<object>();

subscribe('undici:client:sendHeaders', (message) => {
  const { request, socket } = message as { request?: object; socket?: object };
  if (request === undefined || socket === undefined) return;
  const before = written.get(socket) ?? 0;
  written.set(socket, before + 1);
  if (before > 0) onReused.add(request);
});

subscribe('undici:request:error', (message) => {
  const { request, error } = message as { request?: object; error?: unknown };
  if (request === undefined || !onReused.has(request)) return;
  if (typeof error === 'object' && error !== null) reusedErrors.add(error);
});

/** True when `thrown` failed a request that was written on a connection used before. */
export function failedOnReusedConnection(thrown: unknown): boolean {
  return typeof thrown === 'object' && thrown !== null && reusedErrors.has(thrown);
}
