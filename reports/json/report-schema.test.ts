import { describe, expect, it } from 'vitest';
import { maxShards, runPaceBounds } from '../../harness/model/run-options.js';
import { suiteNames } from '../../harness/model/run-result.js';
import { sharedCauses } from '../../harness/model/shared-cause.js';
import { reportSchema } from './report-schema.js';

/** The `enum` of every property named "suite", wherever it is in the schema. */
function findSuiteEnums(node: unknown): unknown[] {
  if (typeof node !== 'object' || node === null) return [];
  const entries = Object.entries(node);
  const here = entries.flatMap(([key, value]) =>
    key === 'suite' && typeof value === 'object' && value !== null && 'enum' in value ? [value.enum] : [],
  );
  return [...here, ...entries.flatMap(([, value]) => findSuiteEnums(value))];
}

describe('reportSchema', () => {
  // The schema ships as a static JSON file, so it restates the suite names; this keeps it honest.
  it("allows exactly the model's suite names wherever it names a suite", () => {
    const enums = findSuiteEnums(reportSchema);
    expect(enums.length).toBeGreaterThanOrEqual(2);
    for (const names of enums) expect(names).toEqual(suiteNames);
  });

  it("names exactly the model's shared causes", () => {
    const definitions = reportSchema.definitions as {
      checkResult: { properties: { cause: { properties: { key: { enum: unknown } } } } };
    };
    expect(definitions.checkResult.properties.cause.properties.key.enum).toEqual(Object.keys(sharedCauses));
  });

  // The recorded options are read back by apicert replay within the bounds their flags have.
  it("holds the run's options to the bounds of their flags", () => {
    const options = (reportSchema.properties as Record<string, { properties: Record<string, unknown> }>)['options']!;
    const pace = options.properties['pace'] as { properties: Record<string, { minimum: number; maximum: number }> };
    for (const [key, bounds] of Object.entries(runPaceBounds)) {
      expect(pace.properties[key], key).toMatchObject({ minimum: bounds.min, maximum: bounds.max });
    }
    const shard = options.properties['shard'] as { properties: Record<string, { maximum: number }> };
    expect([shard.properties['index']!.maximum, shard.properties['count']!.maximum]).toEqual([maxShards, maxShards]);
  });
});
