import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ValidateFunction } from 'ajv';
import { configSchemaHash, loadConfigValidator, PRECOMPILED_VALIDATOR_FILE } from './config-validator.js';
import { writePrecompiledValidator } from './write-schema-file.js';

const exampleConfig: unknown = JSON.parse(
  readFileSync(new URL('../../apicert.config.example.json', import.meta.url), 'utf8'),
);

let folder: string;
let precompiled: ValidateFunction;
let compiledNow: ValidateFunction;

beforeAll(async () => {
  // Inside the project, so the generated module's require('ajv/...') finds the installed ajv.
  const cache = fileURLToPath(new URL('../../node_modules/.cache/', import.meta.url));
  await mkdir(cache, { recursive: true });
  folder = await mkdtemp(join(cache, 'apicert-validator-'));
  precompiled = loadConfigValidator(await writePrecompiledValidator(join(folder, 'validator.cjs')));
  compiledNow = loadConfigValidator(join(folder, 'absent.cjs'));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

function verdict(validate: ValidateFunction, raw: unknown): unknown {
  // A copy each: validating fills the schema's defaults into the value.
  const filled = structuredClone(raw);
  const valid = validate(filled);
  // Every field problem lines read (schema-problems.ts), parentSchema included, and the value with its defaults.
  return {
    valid,
    filled,
    errors: (validate.errors ?? []).map((e) => [
      e.instancePath,
      e.schemaPath,
      e.keyword,
      e.params,
      e.data,
      e.parentSchema,
    ]),
  };
}

describe('the precompiled config validator', () => {
  it('is used only when it was compiled from this schema', async () => {
    const stale = join(folder, 'stale.cjs');
    // Accepts anything, as a validator for some other schema might.
    await writeFile(stale, 'module.exports = () => true; module.exports.schemaHash = "0ld";\n');
    expect(loadConfigValidator(stale)({ bogus: 1 })).toBe(false);
    const fresh = join(folder, 'fresh.cjs');
    await writeFile(
      fresh,
      `module.exports = () => true; module.exports.schemaHash = ${JSON.stringify(configSchemaHash())};\n`,
    );
    expect(loadConfigValidator(fresh)({ bogus: 1 })).toBe(true);
    expect(PRECOMPILED_VALIDATOR_FILE.endsWith(join('harness', 'config', 'config-validator.precompiled.cjs'))).toBe(
      true,
    );
  });

  it('judges the example and broken configs exactly as the schema compiled at run time does', () => {
    const broken = [
      {},
      { bogus: 1 },
      { target: { baseUrl: 42 } },
      { collections: [{ name: 'x' }] },
      { pagination: { walkPageSize: 0, overMaxPolicy: 'sometimes' } },
      { budgets: { totalRunMs: -1 }, webhooks: { receiver: { url: 7 } } },
    ];
    expect(verdict(precompiled, exampleConfig)).toMatchObject({ valid: true, errors: [] });
    for (const raw of [exampleConfig, ...broken]) expect(verdict(precompiled, raw)).toEqual(verdict(compiledNow, raw));
  });

  it('fills in the same defaults, as fresh values on every call', () => {
    const minimal = {
      collections: [{ name: 'c', path: '/c', sample: {}, related: [{ name: 'r', path: '/c/{id}/r', sample: {} }] }],
      webhooks: { receiver: { url: '/in' } },
    };
    const fromPrecompiled = verdict(precompiled, minimal);
    expect(fromPrecompiled).toEqual(verdict(compiledNow, minimal));
    expect(fromPrecompiled).toMatchObject({
      valid: true,
      filled: { budgets: { totalRunMs: 600_000 }, webhooks: { receiver: { events: { create: { id: '{eventId}' } } } } },
    });
    const first: Record<string, unknown> = { name: 'c', path: '/c', sample: {} };
    const second: Record<string, unknown> = { name: 'c', path: '/c', sample: {} };
    precompiled({ collections: [first] });
    precompiled({ collections: [second] });
    expect(first['related']).toEqual([]);
    expect(first['related']).not.toBe(second['related']);
  });

  it('agrees with it on arbitrary JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (raw) => {
        expect(verdict(precompiled, raw)).toEqual(verdict(compiledNow, raw));
      }),
      { numRuns: 200 },
    );
  });
});
