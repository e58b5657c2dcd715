// Judges a parsed config file: the schema first, then the rules that span keys, all problems
// at once, each as one line. No file, no environment; load-config.ts does the reading.
import { applyComputedDefaults } from './computed-defaults.js';
import type { ApicertConfig } from './config-types.js';
import { loadConfigValidator } from './config-validator.js';
import type { ConfigValidator } from './config-validator.js';
import { checkCrossFieldRules } from './cross-field-checks.js';
import { deepFreeze } from './deep-freeze.js';
import { checkPlaceholders } from './placeholder-checks.js';
import { comparePointers, toProblemLine } from './problem-line.js';
import { toSchemaProblems } from './schema-problems.js';

export type ConfigValidation =
  { readonly ok: true; readonly config: ApicertConfig } | { readonly ok: false; readonly problems: readonly string[] };

export interface ValidateConfigOptions {
  /** How problem lines name the file in "fix ..." hints; default "apicert.config.json". */
  readonly fileLabel?: string;
}

let compiled: ConfigValidator | undefined;

// Loaded once, on first use: the schema never changes.
function getSchemaValidator(): ConfigValidator {
  compiled ??= loadConfigValidator();
  return compiled;
}

/**
 * Validates a parsed config file; on success returns it with every default applied, deeply
 * frozen. Takes ownership of `raw`: the schema's defaults are written into it, and it is frozen.
 */
export function validateConfig(raw: unknown, options: ValidateConfigOptions = {}): ConfigValidation {
  const fileLabel = options.fileLabel ?? 'apicert.config.json';
  // Before the schema fills in defaults: these rules tell a key the user wrote from a default.
  const ruleProblems = [...checkCrossFieldRules(raw), ...checkPlaceholders(raw)];
  const validate = getSchemaValidator();
  if (validate(raw) && ruleProblems.length === 0) return { ok: true, config: deepFreeze(applyComputedDefaults(raw)) };
  const problems = [...toSchemaProblems(validate.errors ?? [], fileLabel), ...ruleProblems];
  const ordered = problems.sort((a, b) => comparePointers(a.pointer, b.pointer));
  return { ok: false, problems: boundProblemLines([...new Set(ordered.map(toProblemLine))]) };
}

/** Most problem lines listed: a config of 10,000 collections has 10,000 of each kind, which no one reads. */
export const maxProblemLines = 50;

function boundProblemLines(lines: readonly string[]): readonly string[] {
  if (lines.length <= maxProblemLines) return lines;
  const rest = lines.length - maxProblemLines;
  return [
    ...lines.slice(0, maxProblemLines),
    `… and ${rest} more problem${rest === 1 ? '' : 's'} not listed (only the first ${maxProblemLines} are): mend these and validate again`,
  ];
}
