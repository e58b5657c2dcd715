// `apicert validate-config FILE`: prints `ok` or one line per problem.
import { ConfigInvalidError } from '../harness/errors.js';
import { ExitCode } from '../harness/exit-codes.js';
import { loadConfig } from '../harness/config/load-config.js';
import type { CliIo } from './cli-io.js';

export async function validateConfigCommand(file: string, io: CliIo): Promise<ExitCode> {
  try {
    await loadConfig(file);
  } catch (error) {
    if (error instanceof ConfigInvalidError) {
      for (const problem of error.problems) io.stdout.write(`${problem}\n`);
      return ExitCode.UsageOrConfig;
    }
    throw error;
  }
  io.stdout.write('ok\n');
  return ExitCode.Conformant;
}
