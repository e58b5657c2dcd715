import { describe, expect, it } from 'vitest';
import { describeSequenceSteps, readSequenceSteps } from './sequence-steps.js';

describe('a stateful check’s counterexample as steps', () => {
  it('reads the numbered steps and marks the one that broke the rule', () => {
    const sequence = readSequenceSteps({
      steps: ['1. POST /customers → 201, id cus_1', '2. PUT /customers/cus_1 → 200', '3. GET /customers/cus_1 → 200'],
      breaks: 'step 3: 4.1',
      seed: 7,
    });
    expect(describeSequenceSteps(sequence!)).toEqual([
      'sequence (shrunk), step 3: 4.1:',
      '  1. POST /customers → 201, id cus_1',
      '  2. PUT /customers/cus_1 → 200',
      '  3. GET /customers/cus_1 → 200   ← breaks 4.1',
    ]);
  });

  it('reads nothing from another counterexample, and bounds an edited one', () => {
    expect(readSequenceSteps({ mutations: ['insert'] })).toBeUndefined();
    expect(readSequenceSteps({ steps: [1, 2] })).toBeUndefined();
    expect(readSequenceSteps(null)).toBeUndefined();
    const long = readSequenceSteps({ steps: Array.from({ length: 100 }, (_, i) => `${i + 1}. ${'x'.repeat(1000)}`) });
    expect(long?.steps).toHaveLength(41);
    expect(long?.steps[0]).toBe('(60 earlier steps in report.json)');
    expect(long?.steps[1]!.length).toBeLessThanOrEqual(401);
    expect(long?.breaks).toBe('step 100');
  });
});
