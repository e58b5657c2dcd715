// The signing secret the kit registers with the target: fresh for every run, so a secret seen in one
// run's target logs is worthless for the next.
import { randomBytes } from 'node:crypto';

/** 32 random bytes as 64 hex characters. */
export function newSinkSecret(): string {
  return randomBytes(32).toString('hex');
}
