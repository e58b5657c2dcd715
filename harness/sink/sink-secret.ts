// The signing secret the kit registers with the target: fresh for every run, so a secret seen in one
// run's target logs is worthless for the next; and in the form the sender's signature profile reads.
import { randomBytes } from 'node:crypto';
import type { KeyForm } from '../signing/signature-profile.js';

/** 32 random bytes: as 64 hex characters for a raw key, or base64 after the prefix (whsec_…) for a base64 one. */
export function newSinkSecret(key: KeyForm = { form: 'raw' }): string {
  const bytes = randomBytes(32);
  return key.form === 'raw' ? bytes.toString('hex') : `${key.prefix}${bytes.toString('base64')}`;
}
