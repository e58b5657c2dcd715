// The reference server's flags show the sender's timings as their defaults in --help; the server
// applies its own defaults (defaultSenderTimings) when they are left out: the two must agree.
import { describe, expect, it } from 'vitest';
import { defaultSenderTimings } from '../reference-server/webhooks/sender.js';
import { referenceServerFlags } from './flags.js';

describe('apicert reference-server flags', () => {
  it("show the sender's own default timings", () => {
    expect({
      timeoutMs: Number(referenceServerFlags['webhook-timeout-ms'].default),
      retryBaseMs: Number(referenceServerFlags['webhook-retry-base-ms'].default),
      maxAttempts: Number(referenceServerFlags['webhook-max-attempts'].default),
    }).toEqual(defaultSenderTimings);
  });
});
