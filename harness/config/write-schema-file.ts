// Writes the config schema as a JSON file, so editors can check apicert.config.json (its
// "$schema" points at dist/harness/config/apicert.config.schema.json). Run after the build:
//   node dist/harness/config/write-schema-file.js            (writes next to this file)
//   node dist/harness/config/write-schema-file.js OUT.json
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { configSchema } from './schema.js';

/** Where the build puts the schema: beside the compiled module, as the example config expects. */
export const DEFAULT_SCHEMA_FILE = fileURLToPath(new URL('./apicert.config.schema.json', import.meta.url));

/** Writes the config JSON Schema to `path` (folders created as needed); resolves to the absolute path. */
export async function writeSchemaFile(path: string = DEFAULT_SCHEMA_FILE): Promise<string> {
  const target = resolve(path);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, `${JSON.stringify(configSchema, null, 2)}\n`, 'utf8');
  return target;
}

const isRunDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isRunDirectly) {
  writeSchemaFile(process.argv[2]).then(
    (written) => console.log(written),
    (thrown: unknown) => {
      console.error(`cannot write the config schema: ${thrown instanceof Error ? thrown.message : String(thrown)}`);
      process.exitCode = 2;
    },
  );
}
