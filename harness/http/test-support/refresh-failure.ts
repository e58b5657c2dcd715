// Test support: how a refresh that fails is reported, whichever way it gets its token: one
// CredentialRefreshFailedError, its message one line that quotes no secret (the fixtures' secrets
// all start "secret_").
import { expect } from 'vitest';
import { CredentialRefreshFailedError } from '../../errors.js';

/** The message of the refresh's failure, after checking its type and that it is one line without a secret. */
export async function refreshFailureOf(attempt: Promise<unknown>): Promise<string> {
  const thrown = await attempt.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(CredentialRefreshFailedError);
  const { message } = thrown as CredentialRefreshFailedError;
  expect(message).not.toMatch(/\n|secret_/);
  return message;
}
