// `apicert vectors --profile NAME`: prints one signature profile's test vectors as JSON, the same
// as its entry in docs/signature-vectors.json, for testing a webhook library against.
import { UsageError } from '../harness/errors.js';
import { ExitCode } from '../harness/exit-codes.js';
import { vectorsFor } from '../suites/webhooks/profiles/profile-vectors.js';
import { builtInProfileNames, builtInProfiles, type BuiltInProfileName } from '../harness/signing/signature-profile.js';
import type { CliIo } from './cli-io.js';

export function vectorsCommand(profile: string | undefined, io: CliIo): number {
  if (profile === undefined) throw new UsageError(`vectors needs --profile: one of ${builtInProfileNames.join(', ')}`);
  if (!(builtInProfileNames as readonly string[]).includes(profile)) {
    throw new UsageError(
      `--profile: unknown signature profile ${JSON.stringify(profile.slice(0, 60))}; choose from ${builtInProfileNames.join(', ')}`,
    );
  }
  io.stdout.write(`${JSON.stringify(vectorsFor(builtInProfiles[profile as BuiltInProfileName]), null, 2)}\n`);
  return ExitCode.Conformant;
}
