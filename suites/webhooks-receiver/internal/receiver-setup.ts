// What every receiver check needs before it can send: the receiver config, the signing secret and
// the absolute receiver URL; or why the check cannot run.
import type { ApicertConfig, CheckContext } from '../../../harness/check-api/check-context.js';
import { uniqueToken } from '../../internal/fixtures/unique-token.js';
import { profileOf } from '../../../harness/signing/profile-of-role.js';
import type { DigestEncoding, SignatureProfile } from '../../../harness/signing/signature-profile.js';
import { fillEventTemplate, type EventIds } from './event-template.js';
import { resolveReceiverUrl } from './receiver-url.js';

export type ReceiverConfig = NonNullable<ApicertConfig['webhooks']['receiver']>;

export interface ReceiverSetup {
  readonly receiver: ReceiverConfig;
  /** The signing secret; only ever given to the signing functions, never to a header or body. */
  readonly secret: string;
  /** Absolute URL deliveries are POSTed to. */
  readonly url: string;
  /** The signature scheme deliveries are signed in (webhooks.receiver.profile). */
  readonly profile: SignatureProfile;
  /** The digest encoding the kit writes: the profile's own, or webhooks.receiver.digestEncoding where it takes either. */
  readonly encoding: DigestEncoding;
}

/** The setup, or the reason the check must be skipped. */
export function readReceiverSetup(ctx: CheckContext): ReceiverSetup | { readonly skipReason: string } {
  const receiver = ctx.config.webhooks.receiver;
  if (receiver === undefined)
    return { skipReason: 'no webhook receiver is configured (add "webhooks.receiver" to the config)' };
  if (ctx.receiverSecret === undefined || ctx.receiverSecret === '') {
    return { skipReason: `environment variable ${receiver.secretEnv} (the receiver's signing secret) is not set` };
  }
  const profile = profileOf(receiver);
  const encoding = profile.encoding === 'either' ? receiver.digestEncoding : profile.encoding;
  return {
    receiver,
    secret: ctx.receiverSecret,
    url: resolveReceiverUrl(ctx.baseUrl, receiver.url),
    profile,
    encoding,
  };
}

/**
 * Fresh ids for one delivery: seeded for replay plus a clock part, so a rerun against the same
 * receiver never meets the dedupe state an earlier run left behind.
 */
export function newEventIds(ctx: CheckContext): EventIds {
  return { eventId: `evt_${uniqueToken(ctx)}`, recordId: `rec_${uniqueToken(ctx)}` };
}

/** A configured event with fresh ids. */
export function buildEvent(
  ctx: CheckContext,
  setup: ReceiverSetup,
  kind: 'create' | 'update',
  ids: EventIds = newEventIds(ctx),
): Record<string, unknown> {
  return fillEventTemplate(setup.receiver.events[kind], ids);
}
