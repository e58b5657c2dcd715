// File paths in a config file mean what they say next to that file, not next to wherever the
// command runs: `apicert run --config ci/apicert.json` from the repo root finds ci/certs/sink.pem.
// Pure: returns a copy of the raw file with the paths made absolute.
import { isAbsolute, resolve } from 'node:path';
import { asObject } from './untyped-json.js';

/** The raw config with webhooks.sender.sink.tls.certFile/keyFile resolved against `configDir`. */
export function resolveConfigPaths(raw: unknown, configDir: string): unknown {
  const root = asObject(raw);
  const webhooks = asObject(root?.webhooks);
  const sender = asObject(webhooks?.sender);
  const sink = asObject(sender?.sink);
  const tls = asObject(sink?.tls);
  if (root === undefined || tls === undefined) return raw;
  const resolved = { ...tls };
  for (const key of ['certFile', 'keyFile'] as const) {
    const value = tls[key];
    if (typeof value === 'string' && value !== '' && !isAbsolute(value)) resolved[key] = resolve(configDir, value);
  }
  return { ...root, webhooks: { ...webhooks, sender: { ...sender, sink: { ...sink, tls: resolved } } } };
}
