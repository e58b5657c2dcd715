// The signature profile a role's config names: a built-in one, or "custom" described field by field
// (webhooks.receiver.customProfile), which the config's own checks have already found coherent.
// Pure.
import type { ApicertConfig } from '../../../harness/check-api/check-context.js';
import { builtInProfiles, type SignatureProfile } from './signature-profile.js';

type ReceiverConfig = NonNullable<ApicertConfig['webhooks']['receiver']>;

export function profileOf(receiver: Pick<ReceiverConfig, 'profile' | 'customProfile'>): SignatureProfile {
  if (receiver.profile !== 'custom') return builtInProfiles[receiver.profile];
  const custom = receiver.customProfile;
  if (custom === undefined) return builtInProfiles.convention;
  const lower = (name: string | undefined): string | undefined => name?.toLowerCase();
  const idHeader = lower(custom.idHeader);
  const timestampHeader = lower(custom.timestampHeader);
  return {
    name: 'custom',
    signatureHeader: custom.signatureHeader.toLowerCase(),
    ...(idHeader !== undefined ? { idHeader } : {}),
    ...(timestampHeader !== undefined ? { timestampHeader } : {}),
    signedContent: custom.signedContent,
    key: custom.keyFormat === 'base64' ? { form: 'base64', prefix: custom.keyPrefix ?? '' } : { form: 'raw' },
    encoding: custom.encoding,
    header: {
      ...(custom.headerPrefix !== undefined ? { prefix: custom.headerPrefix } : {}),
      entry: custom.entry,
      ...(custom.separator !== undefined ? { separator: custom.separator } : {}),
    },
    ...(custom.toleranceSeconds !== undefined ? { toleranceSeconds: custom.toleranceSeconds } : {}),
    refusesFuture: custom.refusesFuture,
  };
}
