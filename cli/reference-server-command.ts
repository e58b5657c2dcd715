// `apicert reference-server`: the bundled baseline implementation, with defect switches.
// The CLI is the one place outside tests that imports reference-server/.
import { defects } from '../reference-server/defects.js';
import { parseDefects } from './parse-defects.js';
import { parseSeedRecords } from './parse-seed-records.js';
import type { RunningReferenceServer } from '../reference-server/start.js';
import { senderProfiles as senderProfileNames } from '../reference-server/webhooks/sender-signature-schemes.js';
import { ReferenceServerListenError, UsageError } from '../harness/errors.js';
import { ExitCode } from '../harness/exit-codes.js';
import type { CliIo } from './cli-io.js';
import { parseChoices, parseInteger } from './parse-flag-values.js';

export interface ReferenceServerFlagValues {
  readonly port: string;
  readonly host: string;
  readonly defects?: string | undefined;
  readonly listDefects: boolean;
  readonly webhookTimeoutMs: string;
  readonly webhookRetryBaseMs: string;
  readonly webhookMaxAttempts: string;
  readonly receiverProfile?: string | undefined;
  readonly senderProfile?: string | undefined;
  readonly seedRecords?: string | undefined;
}

export async function referenceServerCommand(flags: ReferenceServerFlagValues, io: CliIo): Promise<ExitCode> {
  if (flags.listDefects) {
    const width = Math.max(...defects.map((d) => d.name.length));
    for (const defect of defects) io.stdout.write(`${defect.name.padEnd(width)}  ${defect.description}\n`);
    return ExitCode.Conformant;
  }
  const chosen = parseDefects(flags.defects);
  const seedRecords = parseSeedRecords(flags.seedRecords);
  const port = parseInteger('port', flags.port, 0, 65535) ?? 4010;
  // A timing left out keeps the server's own default (defaultSenderTimings), which the flags' help shows.
  const timeoutMs = parseInteger('webhook-timeout-ms', flags.webhookTimeoutMs, 1, 0x7fffffff);
  const retryBaseMs = parseInteger('webhook-retry-base-ms', flags.webhookRetryBaseMs, 1, 0x7fffffff);
  const maxAttempts = parseInteger('webhook-max-attempts', flags.webhookMaxAttempts, 1, 100);
  const webhooks = {
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    ...(retryBaseMs !== undefined ? { retryBaseMs } : {}),
    ...(maxAttempts !== undefined ? { maxAttempts } : {}),
  };
  const profiles = parseChoices('receiver-profile', flags.receiverProfile ?? 'convention', [
    'convention',
    'standard-webhooks',
  ] as const);
  if (profiles.length > 1) throw new UsageError('--receiver-profile takes one value: convention or standard-webhooks');
  const receiverProfile = profiles[0]!;
  const senderProfiles = parseChoices('sender-profile', flags.senderProfile ?? 'convention', senderProfileNames);
  if (senderProfiles.length > 1)
    throw new UsageError(`--sender-profile takes one value: ${senderProfileNames.join(', ')}`);
  const senderProfile = senderProfiles[0]!;
  // A switch that acts only in other profiles would start a server that shows nothing of it.
  for (const name of chosen) {
    const onlyWith = defects.find((defect) => defect.name === name)?.onlyWith;
    const profile = onlyWith?.flag === 'sender-profile' ? senderProfile : receiverProfile;
    if (onlyWith !== undefined && !onlyWith.profiles.includes(profile)) {
      io.stderr.write(
        `apicert: --defects ${name} has no effect with --${onlyWith.flag} ${profile}; it acts with --${onlyWith.flag} ${onlyWith.profiles.join(' or ')}\n`,
      );
    }
  }
  let server: RunningReferenceServer;
  try {
    // Loaded here, not at the top: Express is the server's alone, and `apicert run` should not pay for it.
    const { startReferenceServer } = await import('../reference-server/start.js');
    server = await startReferenceServer({
      host: flags.host,
      port,
      defects: chosen,
      webhooks,
      receiverProfile,
      senderProfile,
      seedRecords,
    });
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
    throw new ReferenceServerListenError(
      `cannot listen on ${flags.host}:${port} (${reason}); choose another --port (0 picks a free one) or --host`,
    );
  }
  // The contract's one line; webhookSecret extends it for the receiver suite (a demo value, not a user secret).
  io.stdout.write(`${JSON.stringify({ url: server.url, token: server.token, webhookSecret: server.webhookSecret })}\n`);
  await io.untilStopped();
  await server.close();
  return ExitCode.Conformant;
}
