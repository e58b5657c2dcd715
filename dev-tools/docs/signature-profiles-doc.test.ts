// The custom form docs/signature-profiles.md shows for each built-in profile is right: read as a
// config (its defaults filled), it signs every message as the built-in profile does.
import { describe, expect, it } from 'vitest';
import { profileOf } from '../../harness/signing/profile-of-role.js';
import { signatureHeaders } from '../../harness/signing/profile-signature.js';
import {
  builtInProfileNames,
  builtInProfiles,
  type SignatureProfile,
} from '../../harness/signing/signature-profile.js';
import { asCustomProfile } from './render-signature-profiles-doc.js';

describe('the custom form of each built-in profile', () => {
  it.each(builtInProfileNames)('%s signs as the built-in one does', (name) => {
    const profile: SignatureProfile = builtInProfiles[name];
    const written = {
      signedContent: '{body}',
      keyFormat: 'raw',
      encoding: 'hex',
      entry: '{digest}',
      refusesFuture: false,
      ...asCustomProfile(profile),
    };
    const custom = profileOf({ profile: 'custom', customProfile: written as never });
    const message = { id: 'evt_1', timestamp: 1_767_225_600, body: '{"event":"x","id":"evt_1","data":{}}' };
    const secret = 'whsec_c2VjcmV0LWJ5dGVzLWZvci10ZXN0';
    expect(signatureHeaders(custom, secret, message)).toEqual(signatureHeaders(profile, secret, message));
    expect({
      ...custom,
      name: profile.name,
      encoding: profile.encoding,
      refusesFuture: profile.refusesFuture ?? false,
    }).toEqual({ ...profile, refusesFuture: profile.refusesFuture ?? false });
  });
});
