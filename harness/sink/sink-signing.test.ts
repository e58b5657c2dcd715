import { describe, expect, it } from 'vitest';
import type { ApicertConfig } from '../config/config-types.js';
import { newSinkSigning } from './sink-signing.js';

type Sender = NonNullable<ApicertConfig['webhooks']['sender']>;
const sender = (profile: Sender['profile']): Sender => ({ profile }) as Sender;

describe('newSinkSigning', () => {
  it("makes a Standard Webhooks secret, redacts its key without the prefix and in hex, and keeps the profile's headers", () => {
    const signing = newSinkSigning(sender('standard-webhooks'));
    expect(signing.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const core = signing.secret.slice('whsec_'.length);
    expect(signing.secretForms).toEqual([signing.secret, core, Buffer.from(core, 'base64').toString('hex')]);
    expect(signing.signatureHeaders).toEqual(['webhook-signature', 'webhook-id', 'webhook-timestamp']);
  });

  it("makes a raw hex secret in the convention's profile, and one without a sender", () => {
    expect(newSinkSigning(sender('convention'))).toMatchObject({
      secret: expect.stringMatching(/^[0-9a-f]{64}$/),
      signatureHeaders: ['x-signature'],
    });
    const none = newSinkSigning(undefined);
    expect(none.secretForms).toEqual([none.secret]);
    expect(none.signatureHeaders).toBeUndefined();
  });
});
