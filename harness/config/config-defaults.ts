// The default of every optional config key, in one place: apply-defaults.ts fills them in and
// schema.ts shows them to editors as `default`, so the two cannot drift apart.
// Where the convention says "not shown", the default accepts every reasonable choice.
import type { PaginationStyle } from './config-types.js';

const MiB = 1024 * 1024;

/** setTimeout treats anything above 2^31-1 ms as 1 ms: a larger budget would fire at once. */
export const MAX_TIMER_MS = 2_147_483_647;

/** Every pagination style, the default for each list. */
export const ALL_PAGINATION_STYLES: readonly PaginationStyle[] = ['offset', 'page', 'cursor'];

/** Default values of the config keys, grouped as in the file. */
export const CONFIG_DEFAULTS = {
  target: {
    auth: { header: 'Authorization', scheme: 'Bearer', tokenEnv: 'APICERT_TOKEN' },
    followRedirects: false,
  },
  collection: { idField: 'id' },
  related: { createPath: 'nested' },
  resources: {
    createStatus: '2xx',
    deleteStatus: '2xx',
    refusedStatus: 'either',
    putOmittedField: 'either',
    idChange: 'either',
  },
  pagination: {
    overMaxPolicy: 'either',
    lastPageCursor: 'any',
    invalidParams: 'either',
    fixtureCap: 250,
    walkPageSize: 5,
    propertyRuns: 20,
    deepPageRatioWarn: 3,
  },
  sender: {
    registerIdField: 'id',
    digestEncoding: 'either',
    senderTimeoutMs: 5000,
    retryWindowMs: 30_000,
  },
  sink: {
    host: '127.0.0.1',
    port: 0,
    maxBodyBytes: MiB,
    maxConnections: 32,
  },
  receiver: {
    secretEnv: 'APICERT_WEBHOOK_SECRET',
    digestEncoding: 'hex',
    ackBudgetMs: 2000,
    events: {
      create: { event: 'customer.created', id: '{eventId}', data: { id: '{recordId}', name: 'Ada' } },
      update: { event: 'customer.updated', id: '{eventId}', data: { id: '{recordId}', name: 'Ada' } },
    },
  },
  budgets: {
    requestTimeoutMs: 10_000,
    maxResponseBytes: 4 * MiB,
    evidenceBodyBytes: 4 * 1024,
    maxPagesPerWalk: 200,
    requestsPerList: 2000,
    checkTimeoutMs: 60_000,
    totalRunMs: 600_000,
  },
} as const;
