// Writes the config schema as a JSON file, so editors can check apicert.config.json (its
// "$schema" points at dist/harness/config/apicert.config.schema.json), and the precompiled validator
// config-validator.ts loads. Run after the build:
//   node dist/harness/config/write-schema-file.js            (writes both next to this file)
//   node dist/harness/config/write-schema-file.js OUT.json   (the schema only)
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Ajv } from 'ajv';
import standalone from 'ajv/dist/standalone/index.js';
import { configSchemaHash, PRECOMPILED_VALIDATOR_FILE, validatorOptions } from './config-validator.js';
import { configSchema } from './schema.js';

// A CommonJS module: its default export arrives as a property of the namespace.
const standaloneCode = standalone.default;

/** Where the build puts the schema: beside the compiled module, as the example config expects. */
export const DEFAULT_SCHEMA_FILE = fileURLToPath(new URL('./apicert.config.schema.json', import.meta.url));

/** Writes the config JSON Schema to `path` (folders created as needed); resolves to the absolute path. */
export async function writeSchemaFile(path: string = DEFAULT_SCHEMA_FILE): Promise<string> {
  const target = resolve(path);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, `${JSON.stringify(configSchema, null, 2)}\n`, 'utf8');
  return target;
}

/** Writes the schema compiled to a CommonJS module (ajv standalone code); resolves to the absolute path. */
export async function writePrecompiledValidator(path: string = PRECOMPILED_VALIDATOR_FILE): Promise<string> {
  const ajv = new Ajv({ ...validatorOptions, code: { source: true } });
  const target = resolve(path);
  await mkdir(dirname(target), { recursive: true });
  const code = standaloneCode(ajv, ajv.compile(configSchema));
  await writeFile(target, `${code}\nmodule.exports.schemaHash = ${JSON.stringify(configSchemaHash())};\n`, 'utf8');
  return target;
}

const isRunDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isRunDirectly) {
  const writing =
    process.argv[2] === undefined
      ? Promise.all([writeSchemaFile(), writePrecompiledValidator()])
      : writeSchemaFile(process.argv[2]);
  writing.then(
    (written) => console.log([written].flat().join('\n')),
    (thrown: unknown) => {
      console.error(`cannot write the config schema: ${thrown instanceof Error ? thrown.message : String(thrown)}`);
      process.exitCode = 2;
    },
  );
}
