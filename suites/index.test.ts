import { describe, expect, it } from 'vitest';
import { suiteNames } from '../harness/model/run-result.js';
import { suites } from './index.js';

describe('the suite registry', () => {
  it('defines every suite of the model\'s one list, once each and in its order', () => {
    expect(suites.map((suite) => suite.name)).toEqual(suiteNames);
  });
});
