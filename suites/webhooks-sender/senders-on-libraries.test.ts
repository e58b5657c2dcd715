// The sender suite on senders that sign with the libraries teams use: the reference server's sender
// with its signing handed to standardwebhooks, Stripe's test-header helper or @octokit/webhooks-methods
// passes every check in its profile (those about a timestamp or an id header skipped where the
// profile has neither), and the same libraries' signatures under another secret fail the check that
// judges them. Shopify's scheme has no signing library here; the reference server's own signer
// covers it (check-proofs.test.ts).
import { sign as githubSign } from '@octokit/webhooks-methods';
import { Webhook } from 'standardwebhooks';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { BuiltInProfileName } from '../../harness/signing/signature-profile.js';
import type { ExternalSigner } from '../../reference-server/webhooks/delivery-payload.js';
import { senderInProfile } from '../test-support/proof-run-options.js';
import { runAgainstReference } from '../test-support/run-against-reference.js';
import { isSkippedForProfile } from '../test-support/skipped-for-profile.js';
import { webhooksSenderChecks } from './index.js';

const text = (body: Uint8Array): string => Buffer.from(body).toString('utf8');

const librarySigners: Readonly<
  Record<
    string,
    {
      readonly profile: Exclude<BuiltInProfileName, 'convention' | 'custom'>;
      readonly sign: (secretOf: (secret: string) => string) => ExternalSigner;
    }
  >
> = {
  standardwebhooks: {
    profile: 'standard-webhooks',
    sign: (secretOf) => (secret, attempt) => ({
      'webhook-id': attempt.headerId,
      'webhook-timestamp': String(attempt.timestampSeconds),
      'webhook-signature': new Webhook(secretOf(secret)).sign(
        attempt.headerId,
        new Date(attempt.timestampSeconds * 1000),
        text(attempt.body),
      ),
    }),
  },
  stripe: {
    profile: 'stripe',
    sign: (secretOf) => (secret, attempt) => ({
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({
        payload: text(attempt.body),
        secret: secretOf(secret),
        timestamp: attempt.timestampSeconds,
      }),
    }),
  },
  '@octokit/webhooks-methods': {
    profile: 'github',
    sign: (secretOf) => async (secret, attempt) => ({
      'x-hub-signature-256': await githubSign(secretOf(secret), text(attempt.body)),
      'x-github-delivery': attempt.headerId,
    }),
  },
};

async function runSenderSuite(library: string, secretOf: (secret: string) => string) {
  const { profile, sign } = librarySigners[library]!;
  // The library signs in place of the reference server's own signer for that profile.
  const options = senderInProfile(profile);
  return runAgainstReference(webhooksSenderChecks, {
    ...options,
    server: { ...options.server, senderSigner: sign(secretOf) },
  });
}

describe.each(Object.keys(librarySigners))('a sender signing with %s', (library) => {
  it('passes every check of the sender suite in its profile', async () => {
    const results = await runSenderSuite(library, (secret) => secret);
    const judged = results.filter((result) => !isSkippedForProfile(result));
    expect(judged.map((result) => `${result.id}: ${result.status} ${result.message ?? ''}`.trim())).toEqual(
      judged.map((result) => `${result.id}: passed`),
    );
    // Each profile has a signed timestamp or an id header (or both) for the new checks to judge.
    expect(
      judged.some(
        (result) =>
          result.id === 'webhooks-sender.signed-timestamp-current' || result.id === 'webhooks-sender.id-header-stable',
      ),
    ).toBe(true);
  }, 30_000);

  it('fails the signature check when it signs under another secret', async () => {
    const results = await runSenderSuite(library, (secret) =>
      secret.startsWith('whsec_')
        ? `whsec_${Buffer.from('another key of 24 bytes!').toString('base64')}`
        : `${secret}-old`,
    );
    const signature = results.find((result) => result.id === 'webhooks-sender.signature-over-raw-body');
    expect(signature?.status).toBe('failed');
    expect(signature?.message).toMatch(
      /does not verify over the raw body: no signature in \S+ is the HMAC-SHA256 of the signed content under the secret/,
    );
  }, 30_000);
});
