// The secrets the config names by their variables (the token, the refresh's client secret, the
// receiver's signing secret): their values, to redact, and a warning for one so short that
// redacting it blanks out ordinary words.
import type { ApicertConfig } from '../config/config-types.js';
import type { RunNote } from '../model/run-result.js';
import { profileOf } from '../signing/profile-of-role.js';
import { secretForms } from '../signing/signature-profile.js';

type Env = Readonly<Record<string, string | undefined>>;

// Redaction replaces every occurrence of a secret, and of its encoded forms, in everything reported:
// a secret of a few characters also blanks out ordinary words, which the reader should know why.
const shortSecretChars = 8;

/** A warning for each secret shorter than shortSecretChars. */
export function describeShortSecrets(config: ApicertConfig, env: Env): RunNote[] {
  const names = secretNames(config);
  return names.flatMap((name) => {
    const length = env[name]?.length ?? 0;
    if (length === 0 || length >= shortSecretChars) return [];
    return [
      {
        level: 'warning' as const,
        message: `${name} holds only ${length} character(s): every occurrence of it, and of its encoded forms, is shown as [REDACTED], which can blank out ordinary text in the reports; a real credential is longer`,
      },
    ];
  });
}

// The variables the config names: the token (unless the API takes none), the OAuth 2.0 client's
// secret of its refresh, and the receiver's signing secret.
function secretNames(config: ApicertConfig): string[] {
  const { none, tokenEnv, refresh } = config.target.auth;
  return [
    none ? undefined : tokenEnv,
    none ? undefined : refresh?.oauth2ClientCredentials?.clientSecretEnv,
    config.webhooks.receiver?.secretEnv,
  ].filter((n): n is string => n !== undefined);
}

/** The values of the variables the config names, and the receiver's secret in the forms its profile reads. */
export function secretsOf(config: ApicertConfig, env: Env): string[] {
  const names = secretNames(config);
  const values = names.map((name) => env[name]).filter((value): value is string => value !== undefined && value !== '');
  const receiver = config.webhooks.receiver;
  const receiverSecret = receiver === undefined ? undefined : env[receiver.secretEnv];
  // The receiver's secret in the forms its profile reads it (the key after whsec_, in hex too).
  const receiverForms =
    receiver === undefined || receiverSecret === undefined || receiverSecret === ''
      ? []
      : secretForms(profileOf(receiver), receiverSecret);
  return [...new Set([...values, ...receiverForms])];
}
