import { describe, expect, it } from 'vitest';
import { suiteNames } from '../harness/model/run-result.js';
import { allChecks, suites } from './index.js';

describe('the suite registry', () => {
  it("defines every suite of the model's one list, once each and in its order", () => {
    expect(suites.map((suite) => suite.name)).toEqual(suiteNames);
  });

  it('names only its own checks as the ones that run alone', () => {
    for (const suite of suites) {
      for (const id of suite.checksAlone ?? [])
        expect(
          suite.checks.map((check) => check.id),
          `${suite.name}: ${id}`,
        ).toContain(id);
    }
  });
});

describe('each check of a rule', () => {
  it.each(allChecks.map((check) => [check.id, check] as const))(
    '%s says what part of the surface it covers and which ways of breaking its rule it probes',
    (_id, check) => {
      expect(check.covers?.trim().length ?? 0).toBeGreaterThan(0);
      expect(check.probes?.length ?? 0).toBeGreaterThan(0);
      for (const probe of check.probes ?? []) expect(probe.trim()).not.toBe('');
    },
  );
});
