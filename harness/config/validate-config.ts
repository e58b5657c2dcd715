// Judges a parsed config file: the schema first, then the rules that span keys, all problems
// at once, each as one line. Pure: no file, no environment; load-config.ts does the reading.
import type { ValidateFunction } from 'ajv';
import { applyDefaults } from './apply-defaults.js';
import type { ConfigFile } from './config-file-types.js';
import type { ApicertConfig } from './config-types.js';
import { loadConfigValidator } from './config-validator.js';
import { checkCrossFieldRules } from './cross-field-checks.js';
import { checkPlaceholders } from './placeholder-checks.js';
import { comparePointers, toProblemLine } from './problem-line.js';
import { toSchemaProblems } from './schema-problems.js';

export type ConfigValidation =
  | { readonly ok: true; readonly config: ApicertConfig }
  | { readonly ok: false; readonly problems: readonly string[] };

export interface ValidateConfigOptions {
  /** How problem lines name the file in "fix ..." hints; default "apicert.config.json". */
  readonly fileLabel?: string;
}

let compiled: ValidateFunction | undefined;

// Loaded once, on first use: the schema never changes.
function getSchemaValidator(): ValidateFunction {
  compiled ??= loadConfigValidator();
  return compiled;
}

/** Validates a parsed config file; on success returns it with every default applied, deeply frozen. */
export function validateConfig(raw: unknown, options: ValidateConfigOptions = {}): ConfigValidation {
  const fileLabel = options.fileLabel ?? 'apicert.config.json';
  const validate = getSchemaValidator();
  const isSchemaValid = validate(raw);
  const problems = [
    ...(isSchemaValid ? [] : toSchemaProblems(validate.errors ?? [], fileLabel)),
    ...checkCrossFieldRules(raw),
    ...checkPlaceholders(raw),
  ];
  if (problems.length === 0) return { ok: true, config: applyDefaults(raw as ConfigFile) };
  const ordered = [...problems].sort((a, b) => comparePointers(a.pointer, b.pointer));
  return { ok: false, problems: [...new Set(ordered.map(toProblemLine))] };
}
