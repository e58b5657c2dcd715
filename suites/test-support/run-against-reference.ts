// Test support: runs checks against an in-process reference server, clean or with defects.
import { fileURLToPath } from 'node:url';
import type { ApicertConfig } from '../../harness/config/config-types.js';
import { loadConfig } from '../../harness/config/load-config.js';
import { createHttpClient } from '../../harness/http/client.js';
import type { ReadableResult } from '../../harness/model/test-support/readable-result.js';
import { loadOpenApi } from '../../harness/openapi/load-openapi.js';
import { createAnswerContract } from '../../harness/openapi/response-contract.js';
import { runChecks } from '../../harness/runner/run-checks.js';
import type { WebhookSink } from '../../harness/sink/sink-types.js';
import { newSinkSigning } from '../../harness/sink/sink-signing.js';
import { startWebhookSink } from '../../harness/sink/webhook-sink.js';
import type { DefectName } from '../../reference-server/defects.js';
import {
  startReferenceServer,
  type ReferenceServerOptions,
  type RunningReferenceServer,
} from '../../reference-server/start.js';
import type { Check } from '../define-check.js';

export const exampleConfigPath = fileURLToPath(new URL('../../apicert.config.example.json', import.meta.url));

export interface ReferenceRunOptions {
  readonly defects?: readonly DefectName[];
  /** Adjusts the example config before the run. */
  readonly configure?: (config: ApicertConfig) => ApicertConfig;
  readonly seed?: number;
  readonly server?: Omit<ReferenceServerOptions, 'defects'>;
  readonly checkTimeoutMs?: number;
  /** Runs after the checks, before the server closes: for looking at what they left behind. */
  readonly afterRun?: (server: RunningReferenceServer) => Promise<void>;
  /** Starts the capturing webhook sink (webhooks.sender.sink of the config), as the run command does for webhooks-sender. */
  readonly startSink?: boolean;
  /**
   * For the openapi-contract checks: these checks run first (their results dropped) with the
   * server's own /openapi.json as the contract, so the checks under test judge their answers.
   */
  readonly contractAfter?: readonly Check[];
}

/** Runs `checks` against a fresh reference server and returns their results; the server is closed after. */
export async function runAgainstReference(
  checks: readonly Check[],
  options: ReferenceRunOptions = {},
): Promise<ReadableResult[]> {
  const server = await startReferenceServer({ ...options.server, defects: options.defects ?? [] });
  const loaded = await loadConfig(exampleConfigPath);
  const config = options.configure ? options.configure(loaded) : loaded;
  // As the run command makes it: in the form the sender's signature profile reads.
  const sinkSigning = newSinkSigning(config.webhooks.sender);
  const client = createHttpClient({
    connectTimeoutMs: 2000,
    headersTimeoutMs: 5000,
    bodyTimeoutMs: 5000,
    exchangeTimeoutMs: 5000,
    maxResponseBytes: config.budgets.maxResponseBytes,
    evidenceBodyBytes: config.budgets.evidenceBodyBytes,
    followRedirects: false,
    maxRedirects: 0,
    credential: { header: 'authorization', value: `Bearer ${server.token}`, curlValue: 'Bearer $APICERT_TOKEN' },
    secrets: [server.token, server.webhookSecret, ...sinkSigning.secretForms],
  });
  let sink: WebhookSink | undefined;
  try {
    const sender = config.webhooks.sender;
    if (options.startSink === true && sender !== undefined) {
      const { signatureHeaders } = sinkSigning;
      sink = await startWebhookSink({
        ...sender.sink,
        secret: sinkSigning.secret,
        evidenceBodyBytes: config.budgets.evidenceBodyBytes,
        secrets: [server.token, ...sinkSigning.secretForms],
        ...(signatureHeaders !== undefined ? { signatureHeaders } : {}),
      });
    }
    const before = options.contractAfter ?? [];
    const contract =
      before.length === 0
        ? undefined
        : createAnswerContract((await loadOpenApi(`${server.url}/openapi.json`)).model, {
            source: "the reference server's /openapi.json",
            baseUrl: server.url,
          });
    const { results: all } = await runChecks({
      planned: [...before, ...checks].map((check) => ({ check })),
      environment: {
        config,
        baseUrl: server.url,
        client,
        receiverSecret: server.webhookSecret,
        sink,
        ...(contract !== undefined ? { contract } : {}),
      },
      runSeed: options.seed ?? 1,
      checkTimeoutMs: options.checkTimeoutMs ?? 15_000,
      totalRunMs: 60_000,
    });
    await options.afterRun?.(server);
    const results = all.slice(before.length);
    return results;
  } finally {
    await client.close();
    await sink?.close();
    await server.close();
  }
}

/** The single result of a one-check run. */
export async function runOneAgainstReference(check: Check, options: ReferenceRunOptions = {}): Promise<ReadableResult> {
  const [result] = await runAgainstReference([check], options);
  if (result === undefined) throw new Error(`no result for ${check.id}`);
  return result;
}
