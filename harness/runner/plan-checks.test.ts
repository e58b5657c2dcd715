import { describe, expect, it } from 'vitest';
import type { SuiteDefinition } from '../check-api/suite-definition.js';
import { planChecks } from './plan-checks.js';
import { checkOf, emptyConfig } from './test-support/fake-runner-parts.js';

const pass: Parameters<typeof checkOf>[1] = async (ctx) => ctx.pass();

describe('planChecks', () => {
  it("lets a suite's checks run side by side, except those it names to run alone", () => {
    const suite: SuiteDefinition = {
      name: 'pagination',
      checks: [
        checkOf('pagination.reads', pass),
        checkOf('pagination.writes', pass),
        checkOf('pagination.reads-too', pass),
      ],
      checksSideBySide: 6,
      checksAlone: ['pagination.writes'],
      whyNotRunnable: () => undefined,
    };
    const planned = planChecks([suite], emptyConfig, undefined);
    expect(planned.map((p) => [p.check.id, p.sideBySide])).toEqual([
      ['pagination.reads', 6],
      ['pagination.writes', undefined],
      ['pagination.reads-too', 6],
    ]);
  });

  it('skips every check of a suite the config cannot drive, with its reason', () => {
    const suite: SuiteDefinition = {
      name: 'resources',
      checks: [checkOf('resources.a', pass)],
      whyNotRunnable: () => 'no collections',
    };
    expect(planChecks([suite], emptyConfig, undefined).map((p) => p.skipReason)).toEqual(['no collections']);
    expect(planChecks([suite], emptyConfig, ['pagination'])).toEqual([]);
  });
});
