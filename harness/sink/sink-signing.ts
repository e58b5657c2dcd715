// How the sink signs up for a run: a fresh secret in the form the sender's signature profile reads
// (webhooks.sender.profile), every form of it a target could echo (to redact), and the profile's
// headers the sink keeps. One place, so the CLI's runs and the tests' runs set the sink up alike.
import type { ApicertConfig } from '../config/config-types.js';
import { profileOf } from '../signing/profile-of-role.js';
import { headersOf, secretForms } from '../signing/signature-profile.js';
import { newSinkSecret } from './sink-secret.js';

export interface SinkSigning {
  /** Registered with the target by the webhooks-sender checks. */
  readonly secret: string;
  /** The secret and its other forms (a whsec_ key without its prefix, or in hex): each is redacted. */
  readonly secretForms: readonly string[];
  /** The profile's headers, signature first (WebhookSinkOptions.signatureHeaders); absent without a sender. */
  readonly signatureHeaders?: readonly string[];
}

export function newSinkSigning(sender: ApicertConfig['webhooks']['sender']): SinkSigning {
  if (sender === undefined) {
    const secret = newSinkSecret();
    return { secret, secretForms: [secret] };
  }
  const profile = profileOf(sender);
  const secret = newSinkSecret(profile.key);
  return { secret, secretForms: secretForms(profile, secret), signatureHeaders: headersOf(profile) };
}
