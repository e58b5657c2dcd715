import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configSchema } from './schema.js';
import { DEFAULT_SCHEMA_FILE, writeSchemaFile } from './write-schema-file.js';

let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'apicert-schema-'));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('writeSchemaFile', () => {
  it('writes the schema as JSON that ajv compiles, creating folders', async () => {
    const written = await writeSchemaFile(join(folder, 'nested', 'apicert.config.schema.json'));
    const parsed: unknown = JSON.parse(await readFile(written, 'utf8'));
    expect(parsed).toEqual(configSchema);
    expect(() => new Ajv({ strict: true }).compile(parsed as object)).not.toThrow();
  });

  it('writes by default where the example config\'s "$schema" looks, once compiled into dist', () => {
    const example = JSON.parse(readFileSync(new URL('../../apicert.config.example.json', import.meta.url), 'utf8')) as {
      $schema: string;
    };
    expect(example.$schema).toBe('./dist/harness/config/apicert.config.schema.json');
    expect(basename(DEFAULT_SCHEMA_FILE)).toBe(basename(example.$schema));
    expect(dirname(DEFAULT_SCHEMA_FILE).endsWith(join('harness', 'config'))).toBe(true);
  });
});
