// The kit's HTTP client as a run builds it, for a target with a bearer token.
import { createHttpClient } from '../harness/http/client.js';
import type { HttpClient } from '../harness/http/http-types.js';

export function createKitClient(token: string, maxResponseBytes = 4 * 1024 * 1024): HttpClient {
  return createHttpClient({
    connectTimeoutMs: 10_000,
    headersTimeoutMs: 10_000,
    bodyTimeoutMs: 10_000,
    exchangeTimeoutMs: 10_000,
    maxResponseBytes,
    evidenceBodyBytes: 4096,
    followRedirects: false,
    maxRedirects: 0,
    credential: { header: 'authorization', value: `Bearer ${token}`, curlValue: 'Bearer $APICERT_TOKEN' },
    secrets: [token],
  });
}
