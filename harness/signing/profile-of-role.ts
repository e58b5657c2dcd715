// The signature profile a webhook role's config names (webhooks.sender or webhooks.receiver): a
// built-in one, or "custom" described field by field (customProfile), which the config's own checks
// have already found coherent. Pure; typed by shape, as the model imports no config.
import { builtInProfiles, type BuiltInProfileName, type SignatureProfile } from './signature-profile.js';

/** A custom profile as the config writes it (customProfile). */
export interface CustomProfileFields {
  readonly signatureHeader: string;
  readonly idHeader?: string;
  readonly timestampHeader?: string;
  readonly eventHeader?: string;
  /** Checked by the config's own checks: header names, and strings without line breaks. */
  readonly headers?: Readonly<Record<string, unknown>>;
  readonly signedContent: string;
  readonly keyFormat: 'raw' | 'base64';
  readonly keyPrefix?: string;
  readonly encoding: 'hex' | 'base64';
  readonly headerPrefix?: string;
  readonly entry: string;
  readonly separator?: string;
  readonly toleranceSeconds?: number;
  readonly refusesFuture: boolean;
}

/** The profile keys of a role's config. */
export interface ProfileChoice {
  readonly profile: BuiltInProfileName | 'custom';
  readonly customProfile?: CustomProfileFields;
}

export function profileOf(role: ProfileChoice): SignatureProfile {
  if (role.profile !== 'custom') return builtInProfiles[role.profile];
  const custom = role.customProfile;
  if (custom === undefined) return builtInProfiles.convention;
  const lower = (name: string | undefined): string | undefined => name?.toLowerCase();
  const idHeader = lower(custom.idHeader);
  const timestampHeader = lower(custom.timestampHeader);
  const eventHeader = lower(custom.eventHeader);
  const fixed = Object.entries(custom.headers ?? {}).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return {
    name: 'custom',
    signatureHeader: custom.signatureHeader.toLowerCase(),
    ...(idHeader !== undefined ? { idHeader } : {}),
    ...(timestampHeader !== undefined ? { timestampHeader } : {}),
    ...(eventHeader !== undefined ? { eventHeader } : {}),
    ...(fixed.length > 0
      ? { fixedHeaders: Object.fromEntries(fixed.map(([name, value]) => [name.toLowerCase(), value])) }
      : {}),
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
