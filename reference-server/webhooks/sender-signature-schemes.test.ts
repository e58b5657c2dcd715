// The reference sender's signatures, written apart from the kit's profiles, verify with the kit's
// verifier in every profile, and its signing slips do not.
import { describe, expect, it } from 'vitest';
import { verifyDelivery } from '../../harness/signing/profile-signature.js';
import { builtInProfiles, type SignatureProfile } from '../../harness/signing/signature-profile.js';
import { senderProfiles, signatureHeadersFor, type SigningSlips } from './sender-signature-schemes.js';

const body = Buffer.from('{"event":"customer.created","id":"evt_1","data":{"id":"cus_1"}}');
const attempt = { headerId: 'evt_1', timestampSeconds: 1_767_225_600, body };
const clean: SigningSlips = { wrongSecret: false, withoutPrefix: false, base64: false };
const secretFor = (profile: string): string =>
  profile === 'standard-webhooks'
    ? `whsec_${Buffer.from('a key of twenty-four bytes').toString('base64')}`
    : 'sink-secret-1';

describe.each(senderProfiles)('the reference sender in the %s profile', (profile) => {
  const kitProfile: SignatureProfile = builtInProfiles[profile];

  it('signs what the kit verifies, with the event id in the id header where the profile has one', () => {
    const headers = signatureHeadersFor(profile, secretFor(profile), attempt, clean);
    expect(verifyDelivery(kitProfile, secretFor(profile), headers, body, attempt.timestampSeconds)).toEqual({
      valid: true,
    });
    if (kitProfile.idHeader !== undefined) expect(headers[kitProfile.idHeader]).toBe('evt_1');
  });

  it('signs what the kit refuses under another secret, or over other bytes', () => {
    const wrongSecret = signatureHeadersFor(profile, secretFor(profile), attempt, { ...clean, wrongSecret: true });
    expect(verifyDelivery(kitProfile, secretFor(profile), wrongSecret, body, attempt.timestampSeconds).valid).toBe(
      false,
    );
    const otherBytes = signatureHeadersFor(profile, secretFor(profile), attempt, {
      ...clean,
      signedBytes: Buffer.from('{}'),
    });
    expect(verifyDelivery(kitProfile, secretFor(profile), otherBytes, body, attempt.timestampSeconds).valid).toBe(
      false,
    );
  });
});
