// Which exit code an error that stopped a command maps to; the codes and their meaning are listed
// in the README ("Exit codes") and per error code in docs/errors.md.
import { toInertText } from '../harness/model/inert-text.js';
import { ApicertError, ConfigInvalidError, OpenApiInvalidError, OpenApiUnreadableError } from '../harness/errors.js';

const maxLineChars = 500;
import { ExitCode } from '../harness/exit-codes.js';

export function exitCodeForError(error: unknown): ExitCode {
  if (error instanceof ApicertError && error.code === 'APICERT_TARGET_UNREACHABLE') return ExitCode.Unreachable;
  // Thrown only when the target answered nothing before any check ran (later, checks are errored).
  if (error instanceof ApicertError && error.code === 'APICERT_TARGET_STOPPED_ANSWERING') return ExitCode.Unreachable;
  if (error instanceof ApicertError && error.code === 'APICERT_RUN_INTERRUPTED') return ExitCode.Interrupted;
  if (error instanceof ApicertError) return ExitCode.UsageOrConfig;
  // An unexpected crash: nothing trustworthy was certified.
  return ExitCode.NotConformant;
}

/**
 * What the CLI prints for an error: `CODE: message` on one line, never a stack. A config with several
 * problems gets that line, then one line per problem (pointer, what is wrong, how to fix it).
 */
export function formatErrorLine(error: unknown): string {
  // An API description is the target's text: printed inert, so it cannot forge lines or drive the terminal.
  if (error instanceof OpenApiInvalidError || error instanceof OpenApiUnreadableError) {
    const lines =
      error instanceof OpenApiInvalidError && error.problems.length > 1
        ? error.problems.map((problem) => `  ${toInertText(problem, maxLineChars)}`)
        : [];
    return [`${error.code}: ${toInertText(error.message, maxLineChars)}`, ...lines].join('\n');
  }
  if (error instanceof ConfigInvalidError && error.problems.length > 1) {
    return [`${error.code}: ${error.message}`, ...error.problems.map((problem) => `  ${problem}`)].join('\n');
  }
  if (error instanceof ApicertError) return `${error.code}: ${error.message}`;
  const message = error instanceof Error ? error.message : String(error);
  return `APICERT_INTERNAL: ${message.split('\n')[0]}; please report this with the command you ran`;
}
