// The pace flags (--timeout-ms, --rate-limit, --concurrency) laid over the config as the run starts:
// from then on the run reads one config, and a check sizing its batches by target.concurrency sizes
// them by the limit in force. Pure.
import type { RunPace } from '../model/run-options.js';
import type { ApicertConfig } from './config-types.js';
import { deepFreeze } from './deep-freeze.js';

/** `config` with each pace option given in `pace` in place of its key; the config itself when none is. */
export function layRunPace(config: ApicertConfig, pace: RunPace): ApicertConfig {
  const { timeoutMs, rateLimit, concurrency } = pace;
  if (timeoutMs === undefined && rateLimit === undefined && concurrency === undefined) return config;
  return deepFreeze({
    ...config,
    target: {
      ...config.target,
      ...(rateLimit !== undefined ? { rateLimit } : {}),
      ...(concurrency !== undefined ? { concurrency } : {}),
    },
    budgets: { ...config.budgets, ...(timeoutMs !== undefined ? { requestTimeoutMs: timeoutMs } : {}) },
  });
}
