// The profiles proven against the libraries people verify webhooks with (devDependencies only):
// every published vector gets the same verdict from the library as from apicert, and what each
// library signs verifies in apicert. Time is the vector's own: the libraries read the clock.
import { sign as githubSign, verify as githubVerify } from '@octokit/webhooks-methods';
import { Webhook } from 'standardwebhooks';
import Stripe from 'stripe';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signatureHeaders, verifyDelivery } from '../../../harness/signing/profile-signature.js';
import { vectorsFor } from './profile-vectors.js';
import { builtInProfiles } from '../../../harness/signing/signature-profile.js';

afterEach(() => {
  vi.useRealTimers();
});

async function outcome(verify: () => unknown): Promise<'valid' | 'invalid'> {
  try {
    const result = await verify();
    return result === false ? 'invalid' : 'valid';
  } catch {
    return 'invalid';
  }
}

describe('standardwebhooks (the Standard Webhooks reference library)', () => {
  const profile = builtInProfiles['standard-webhooks'];

  it.each(vectorsFor(profile).vectors.map((vector) => [vector.name, vector] as const))(
    'agrees on %s',
    async (_name, vector) => {
      vi.useFakeTimers({ now: vector.now * 1000 });
      expect(await outcome(() => new Webhook(vector.secret).verify(vector.body, vector.headers))).toBe(vector.expected);
    },
  );

  it('signs what apicert verifies', () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const body = '{"event":"customer.created","id":"evt_1","data":{}}';
    const signature = new Webhook(secret).sign('evt_1', new Date(1_767_225_600_000), body);
    const headers = { 'webhook-id': 'evt_1', 'webhook-timestamp': '1767225600', 'webhook-signature': signature };
    expect(verifyDelivery(profile, secret, headers, body, 1_767_225_600)).toEqual({ valid: true });
  });
});

describe('@octokit/webhooks-methods (GitHub)', () => {
  const profile = builtInProfiles.github;

  it.each(vectorsFor(profile).vectors.map((vector) => [vector.name, vector] as const))(
    'agrees on %s',
    async (_name, vector) => {
      expect(
        await outcome(() => githubVerify(vector.secret, vector.body, vector.headers['x-hub-signature-256'] ?? '')),
      ).toBe(vector.expected);
    },
  );

  it('signs what apicert verifies', async () => {
    const body = '{"action":"opened"}';
    const headers = { 'x-hub-signature-256': await githubSign('s3cr3t', body), 'x-github-delivery': 'd-1' };
    expect(verifyDelivery(profile, 's3cr3t', headers, body, 0)).toEqual({ valid: true });
  });
});

describe('stripe (offline signature verification)', () => {
  const profile = builtInProfiles.stripe;
  const signature = Stripe.webhooks.signature;
  if (signature === null || signature === undefined) throw new Error('stripe exposes no webhooks.signature');

  it.each(vectorsFor(profile).vectors.map((vector) => [vector.name, vector] as const))(
    'agrees on %s',
    async (_name, vector) => {
      const header = vector.headers['stripe-signature'] ?? '';
      expect(
        await outcome(() =>
          signature.verifyHeader(
            vector.body,
            header,
            vector.secret,
            profile.toleranceSeconds,
            undefined,
            vector.now * 1000,
          ),
        ),
      ).toBe(vector.expected);
    },
  );

  it('signs what apicert verifies', () => {
    const body = '{"id":"evt_1","object":"event"}';
    const header = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: 'whsec_test',
      timestamp: 1_767_225_600,
    });
    expect(verifyDelivery(profile, 'whsec_test', { 'stripe-signature': header }, body, 1_767_225_610)).toEqual({
      valid: true,
    });
  });
});

describe('ids as written', () => {
  it('signs an id holding "$&" or "{timestamp}" as the standardwebhooks library verifies it', () => {
    const profile = builtInProfiles['standard-webhooks'];
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const body = '{"event":"x","id":"msg","data":{}}';
    for (const id of ['msg_$&', "msg_$'x", 'msg_{timestamp}']) {
      const headers = signatureHeaders(profile, secret, { id, timestamp: 1_767_225_600, body });
      vi.useFakeTimers({ now: 1_767_225_600_000 });
      expect(() => new Webhook(secret).verify(body, headers), id).not.toThrow();
      vi.useRealTimers();
    }
  });
});
