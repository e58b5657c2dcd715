// Every custom signature profile the config accepts can verify its own signatures: signed in that
// profile and verified in it, a delivery passes. A profile the checks let through but that cannot
// read back its own header would fail every correct sender (or receiver) with a false alarm.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { profileOf, type ProfileChoice } from '../signing/profile-of-role.js';
import { signatureHeaders, verifyDelivery } from '../signing/profile-signature.js';
import { validateConfig } from './validate-config.js';

const customProfile = fc.record(
  {
    signatureHeader: fc.constantFrom('X-Sig', 'Acme-Signature'),
    idHeader: fc.constantFrom('X-Id', 'X-Sig'),
    timestampHeader: fc.constantFrom('X-Time', 'X-Id'),
    signedContent: fc.constantFrom(
      '{body}',
      '{timestamp}.{body}',
      '{id}.{timestamp}.{body}',
      '{id}:{body}',
      'v0:{timestamp}:{body}',
    ),
    keyFormat: fc.constantFrom('raw', 'base64'),
    keyPrefix: fc.constantFrom('whsec_', ''),
    encoding: fc.constantFrom('hex', 'base64'),
    headerPrefix: fc.constantFrom('t={timestamp}', '{timestamp}', 'ts:{timestamp}'),
    entry: fc.constantFrom('{digest}', 'v1={digest}', 'v1,{digest}', 'sha256={digest}'),
    separator: fc.constantFrom(',', ' ', ';', '=', 'a'),
    toleranceSeconds: fc.constantFrom(300),
  },
  { requiredKeys: ['signatureHeader'] },
);

describe('a custom profile the config accepts', () => {
  it('verifies the signatures it writes', () => {
    let accepted = 0;
    fc.assert(
      fc.property(customProfile, (custom) => {
        const result = validateConfig({
          webhooks: { receiver: { url: '/hooks', profile: 'custom', customProfile: custom } },
        });
        if (!result.ok) return;
        accepted += 1;
        const profile = profileOf(result.config.webhooks.receiver as ProfileChoice);
        const secret =
          profile.key.form === 'base64'
            ? `${profile.key.prefix}${Buffer.from('a key of twenty-four bytes').toString('base64')}`
            : 'raw-secret-1';
        const message = { id: 'evt_1', timestamp: 1_767_225_600, body: '{"event":"e","id":"evt_1","data":{}}' };
        const headers = signatureHeaders(profile, secret, message);
        expect(
          verifyDelivery(profile, secret, headers, message.body, message.timestamp),
          JSON.stringify(custom),
        ).toEqual({ valid: true });
      }),
      { numRuns: 1500, seed: 7 },
    );
    // The checks let a good share through: the property judged real profiles, not none.
    expect(accepted).toBeGreaterThan(50);
  });
});
