// auth-required judges each refused write against the record as it then is: after a write that
// was served (a hole of its own), the record is read again, so the next write, refused and harmless,
// is not blamed for the change the served one made. Against the reference server behind a proxy
// that gives every PUT the valid token, as a route that skipped the credential check would.
import { describe, expect, it } from 'vitest';
import { runBehindProxy } from '../test-support/run-behind-proxy.js';
import { authRequired } from './auth-required.js';

const token = 'auth-required-test-token-0123456789';

describe('resources.auth-required', () => {
  it('blames a served write for its change, and not the refused write after it', async () => {
    const run = await runBehindProxy({
      server: { token },
      changes: {
        requestHeaders: (method, headers) =>
          method === 'PUT' ? { ...headers, authorization: `Bearer ${token}` } : headers,
      },
      checks: [authRequired.id],
    });
    const [result] = run.checks;
    expect(result?.status).toBe('failed');
    const message = result?.status === 'failed' ? result.message : '';
    // Only the PUTs, every one of them (the nested order's PUT answers 400, served all the same).
    expect(message).toMatch(
      /^4 of 25 operations did not refuse a request that lacked a valid credential: PUT \/customers\/\{id\}, PUT \/orders\/\{id\}, PUT \/products\/\{id\} answered 200 to all 8 ways/,
    );
    expect(message).not.toMatch(/PATCH|DELETE|record changed/);
  });
});
