// The compiled config schema. Compiling it costs about 170 ms, paid by every command, so the build
// writes it ahead of time (ajv standalone code) beside this module; run from the sources, as the
// tests do, it is compiled on first use instead. Both fill in the schema's defaults (useDefaults)
// as they validate, so the two paths give the same config.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Ajv as AjvClass, Options, ValidateFunction } from 'ajv';
import type { ConfigWithSchemaDefaults } from './config-types.js';
import { configSchema } from './schema.js';

/**
 * verbose: problem lines need the offending value and the allowed keys of the parent.
 * useDefaults: the schema's `default`s are the config's defaults; ajv writes each as a fresh literal.
 */
export const validatorOptions: Options = { allErrors: true, verbose: true, strict: true, useDefaults: true };

/** Validates a parsed config and fills in the schema's defaults, changing the value it is given. */
export type ConfigValidator = ValidateFunction<ConfigWithSchemaDefaults>;

/** Where the build writes the precompiled validator. */
export const PRECOMPILED_VALIDATOR_FILE = fileURLToPath(new URL('./config-validator.precompiled.cjs', import.meta.url));

/** What the precompiled validator carries to say what it was compiled from: schema, options, ajv. */
export function configSchemaHash(): string {
  const { version } = createRequire(import.meta.url)('ajv/package.json') as { version: string };
  return createHash('sha256')
    .update(JSON.stringify({ configSchema, validatorOptions, ajv: version }))
    .digest('hex');
}

/**
 * The precompiled validator when `file` exists and was compiled from this schema (a build that
 * stopped after tsc leaves an old one behind), else the schema compiled now.
 */
export function loadConfigValidator(file: string = PRECOMPILED_VALIDATOR_FILE): ConfigValidator {
  const require = createRequire(import.meta.url);
  if (existsSync(file)) {
    const precompiled = require(file) as ConfigValidator & { schemaHash?: unknown };
    if (precompiled.schemaHash === configSchemaHash()) return precompiled;
  }
  // Required here, not imported at the top: with the precompiled validator, ajv itself is not needed.
  const { Ajv } = require('ajv') as { Ajv: typeof AjvClass };
  return new Ajv(validatorOptions).compile<ConfigWithSchemaDefaults>(configSchema);
}
