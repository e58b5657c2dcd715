// Which exit code an error that stopped a command maps to; the codes and their meaning are listed
// in the README ("Exit codes") and per error code in docs/errors.md.
import { ApicertError } from '../errors.js';
import { ExitCode } from '../exit-codes.js';

export function exitCodeForError(error: unknown): ExitCode {
  if (error instanceof ApicertError && error.code === 'APICERT_TARGET_UNREACHABLE') return ExitCode.Unreachable;
  if (error instanceof ApicertError && error.code === 'APICERT_RUN_INTERRUPTED') return ExitCode.Interrupted;
  if (error instanceof ApicertError) return ExitCode.UsageOrConfig;
  // An unexpected crash: nothing trustworthy was certified.
  return ExitCode.NotConformant;
}

/** The one line the CLI prints for an error: `CODE: message`, never a stack. */
export function formatErrorLine(error: unknown): string {
  if (error instanceof ApicertError) return `${error.code}: ${error.message}`;
  const message = error instanceof Error ? error.message : String(error);
  return `APICERT_INTERNAL: ${message.split('\n')[0]}; please report this with the command you ran`;
}
