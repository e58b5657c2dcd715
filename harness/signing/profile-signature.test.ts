import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { configSchema } from '../config/schema.js';
import { shownTimestamp, signatureHeaders, verifyDelivery } from './profile-signature.js';
import { vectorsFor } from '../../suites/webhooks/profiles/profile-vectors.js';
import { builtInProfileNames, builtInProfiles, type SignatureProfile } from './signature-profile.js';

const profiles: readonly SignatureProfile[] = builtInProfileNames.map((name) => builtInProfiles[name]);

describe('verifyDelivery on the published vectors', () => {
  it.each(
    profiles.flatMap((profile) =>
      vectorsFor(profile).vectors.map((vector) => [profile.name, vector.name, profile, vector] as const),
    ),
  )('%s: %s', (_profile, _name, profile, vector) => {
    const outcome = verifyDelivery(profile, vector.secret, vector.headers, vector.body, vector.now);
    expect(outcome.valid, 'reason' in outcome ? outcome.reason : 'valid').toBe(vector.expected === 'valid');
  });

  it('cover, for each profile, what its scheme adds', () => {
    const names = (profile: SignatureProfile): string[] => vectorsFor(profile).vectors.map((vector) => vector.name);
    expect(names(builtInProfiles['standard-webhooks'])).toEqual(
      expect.arrayContaining([
        'several-signatures-one-valid',
        'several-signatures-none-valid',
        'stale-timestamp',
        'future-timestamp',
        'replayed-signature-new-timestamp',
        'id-changed',
      ]),
    );
    expect(names(builtInProfiles.stripe)).toEqual(
      expect.arrayContaining(['several-signatures-one-valid', 'stale-timestamp', 'replayed-signature-new-timestamp']),
    );
    expect(names(builtInProfiles.convention)).toEqual(expect.arrayContaining(['signed-base64', 'label-missing']));
    expect(names(builtInProfiles.shopify)).not.toContain('label-missing');
  });
});

describe('signatureHeaders', () => {
  it("gives GitHub's published example for the github profile", () => {
    // From GitHub's "Validating webhook deliveries": this secret and payload give this signature.
    const headers = signatureHeaders(builtInProfiles.github, "It's a Secret to Everybody", {
      id: 'd1',
      timestamp: 0,
      body: 'Hello, World!',
    });
    expect(headers).toEqual({
      'x-hub-signature-256': 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17',
      'x-github-delivery': 'd1',
      // The headers GitHub sends with every delivery: its middleware refuses one without them.
      'x-github-hook-id': '1',
      'x-github-hook-installation-target-type': 'repository',
      'x-github-hook-installation-target-id': '1',
    });
    expect(
      signatureHeaders(builtInProfiles.github, 's', { id: 'd1', timestamp: 0, body: '{}', event: 'customer.created' })[
        'x-github-event'
      ],
    ).toBe('customer.created');
  });

  it("writes each profile's form", () => {
    const message = { id: 'evt_1', timestamp: 1_700_000_000, body: '{}' };
    expect(
      Object.keys(
        signatureHeaders(builtInProfiles['standard-webhooks'], 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', message),
      ).sort(),
    ).toEqual(['webhook-id', 'webhook-signature', 'webhook-timestamp']);
    expect(
      signatureHeaders(builtInProfiles['standard-webhooks'], 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', message)[
        'webhook-signature'
      ],
    ).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(signatureHeaders(builtInProfiles.stripe, 'whsec_x', message)['stripe-signature']).toMatch(
      /^t=1700000000,v1=[0-9a-f]{64}$/,
    );
    expect(signatureHeaders(builtInProfiles.shopify, 'k', message)['x-shopify-hmac-sha256']).toMatch(
      /^[A-Za-z0-9+/]{43}=$/,
    );
  });
});

describe('every profile, as a property', () => {
  const cases = fc.record({
    id: fc.string({ minLength: 1, maxLength: 20 }).filter((id) => !/\s/.test(id)),
    timestamp: fc.integer({ min: 1, max: 4_000_000_000 }),
    body: fc.uint8Array({ minLength: 1, maxLength: 200 }),
    at: fc.nat(),
  });

  it.each(profiles.map((profile) => [profile.name, profile] as const))(
    '%s verifies what it signs, and nothing with one byte changed',
    (_name, profile) => {
      fc.assert(
        fc.property(cases, ({ id, timestamp, body, at }) => {
          const headers = signatureHeaders(profile, 'whsec_c2VjcmV0LWtleS1ieXRlcw==', { id, timestamp, body });
          expect(verifyDelivery(profile, 'whsec_c2VjcmV0LWtleS1ieXRlcw==', headers, body, timestamp).valid).toBe(true);
          const changed = Uint8Array.from(body);
          changed[at % changed.length] = changed[at % changed.length]! ^ 1;
          expect(verifyDelivery(profile, 'whsec_c2VjcmV0LWtleS1ieXRlcw==', headers, changed, timestamp).valid).toBe(
            false,
          );
        }),
        { seed: 7, numRuns: 50 },
      );
    },
  );
});

describe('the config', () => {
  it('offers every built-in profile for the receiver, and no other', () => {
    const text = JSON.stringify(configSchema);
    const profileEnum = /"profile":\{[^}]*"enum":(\[[^\]]*\])/.exec(text)?.[1];
    expect(JSON.parse(profileEnum ?? '[]')).toEqual([...builtInProfileNames, 'custom']);
  });
});

describe('shownTimestamp', () => {
  it('reads the timestamp header, or the prefix entry of the signature header', () => {
    expect(shownTimestamp(builtInProfiles['standard-webhooks'], { 'webhook-timestamp': '1767225600' })).toBe(
      1_767_225_600,
    );
    expect(shownTimestamp(builtInProfiles.stripe, { 'stripe-signature': 't=1767225600,v1=abc' })).toBe(1_767_225_600);
  });

  it('is undefined without a timestamp in whole seconds, or in a profile that shows none', () => {
    expect(
      shownTimestamp(builtInProfiles['standard-webhooks'], { 'webhook-timestamp': '1767225600.5' }),
    ).toBeUndefined();
    expect(shownTimestamp(builtInProfiles.stripe, { 'stripe-signature': 'v1=abc' })).toBeUndefined();
    expect(shownTimestamp(builtInProfiles.github, { 'x-hub-signature-256': 'sha256=abc' })).toBeUndefined();
  });
});
