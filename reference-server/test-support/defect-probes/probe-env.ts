// Runs one defect probe against a fresh server: the same observation is made on the clean server
// and with the defect on, and the two must differ as the probe table says.
import type { AppOptions } from '../../app.js';
import type { DefectName } from '../../defects.js';
import type { Store } from '../../store.js';
import { createApiClient, type ApiClient } from '../api-client.js';
import { startCaptureServer, type CaptureServer } from '../capture-server.js';
import { serveApp } from '../serve-app.js';

export interface ProbeEnv {
  readonly api: ApiClient;
  readonly url: string;
  readonly token: string;
  readonly store: Store;
  readonly webhookSecret: string;
  /** A capture server registered as a subscription with secret "probe-sink-secret" (one per env). */
  sink(): Promise<CaptureServer>;
}

export interface DefectProbe {
  /** Options on top of the probe defaults (short sender timings and defect delays). */
  readonly options?: Partial<AppOptions>;
  observe(env: ProbeEnv): Promise<unknown>;
  /** What observe returns on the clean server. */
  readonly clean: unknown;
  /** What observe returns with the defect on. */
  readonly broken: unknown;
}

export const sinkSecret = 'probe-sink-secret';

const defaultOptions: AppOptions = {
  token: 'probe-token',
  webhookSecret: 'probe-receiver-secret',
  webhooks: { timeoutMs: 150, retryBaseMs: 20, maxAttempts: 3 },
  defectTuning: { receiverSlowAckMs: 300, slowDeepPageMsPerItem: 2 },
};

/** Serves the app with `defects`, runs the probe's observation and closes everything. */
export async function runProbe(probe: DefectProbe, defects: readonly DefectName[]): Promise<unknown> {
  const options: AppOptions = { ...defaultOptions, ...probe.options, defects };
  const served = await serveApp(options);
  const api = createApiClient(served.url, options.token);
  let sink: CaptureServer | undefined;
  const env: ProbeEnv = {
    api,
    url: served.url,
    token: options.token,
    store: served.reference.store,
    webhookSecret: options.webhookSecret,
    async sink() {
      if (sink !== undefined) return sink;
      sink = await startCaptureServer();
      const registered = await api.call('POST', '/webhooks', { body: { url: sink.url, secret: sinkSecret } });
      if (registered.status !== 201) throw new Error(`registering the sink answered ${registered.status}`);
      return sink;
    },
  };
  try {
    return await probe.observe(env);
  } finally {
    await api.close();
    await served.close();
    await sink?.close();
  }
}
