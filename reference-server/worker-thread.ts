// Runs something on a worker thread of this process and talks to it with two messages: what it
// started (or why it could not), and, asked to close, what it has to say as it ends. Used for the
// reference server of `npm run demo` and for the bench's network target, each on a second core.
import { once } from 'node:events';
import { parentPort, Worker } from 'node:worker_threads';

type Started<T> = { readonly started: T } | { readonly error: string };

export interface RunningWorker<T, Closed> {
  readonly started: T;
  /** Asks the worker to close; resolves with its last word once it has exited. Once only. */
  close(): Promise<Closed>;
}

/** Starts `moduleUrl` (which calls serveOnWorker) as a worker with `data`; rejects, naming `what`, when it cannot start. */
export async function startOnWorker<T, Closed>(
  moduleUrl: URL,
  data: unknown,
  what: string,
): Promise<RunningWorker<T, Closed>> {
  const worker = new Worker(moduleUrl, { workerData: data });
  const [answer] = (await Promise.race([
    once(worker, 'message'),
    once(worker, 'error').then(([error]) => [{ error: String(error) }]),
  ])) as [Started<T>];
  if ('error' in answer) {
    await worker.terminate();
    throw new Error(`${what} did not start: ${answer.error}`);
  }
  let closing: Promise<Closed> | undefined;
  return {
    started: answer.started,
    close() {
      closing ??= (async () => {
        const exited = once(worker, 'exit');
        const said = once(worker, 'message');
        worker.postMessage('close');
        const [closed] = (await said) as [Closed];
        await exited;
        return closed;
      })();
      return closing;
    },
  };
}

/** On the worker: starts with `start`, tells the parent what started, and on its ask closes and says what `close` returned. */
export async function serveOnWorker<T, Closed>(
  start: () => Promise<{ readonly started: T; close(): Promise<Closed> }>,
): Promise<void> {
  const port = parentPort;
  if (port === null) return;
  try {
    const running = await start();
    port.once('message', () => {
      void running.close().then((closed) => {
        port.postMessage(closed);
        port.close();
      });
    });
    port.postMessage({ started: running.started } satisfies Started<T>);
  } catch (error) {
    port.postMessage({ error: error instanceof Error ? error.message : String(error) } satisfies Started<T>);
  }
}
