import { describe, expect, it } from 'vitest';
import { readRunOptions, type ReportProblem } from './read-run-options.js';

const fail: ReportProblem = (pointer, problem) => {
  throw new Error(`${pointer} ${problem}`);
};

describe('readRunOptions', () => {
  it('reads back every option a run records', () => {
    const options = {
      configPath: 'apicert.config.json',
      openapi: 'openapi.yaml',
      suites: ['resources'],
      checks: ['resources.create-then-read'],
      requirement: { required: ['resources-core'], strict: true, also: [] },
      pace: { timeoutMs: 5000, rateLimit: 0.5, concurrency: 4 },
      shard: { index: 1, count: 2 },
      replayOf: { report: 'old/report.json', check: 'resources.create-then-read' },
    };
    expect(readRunOptions(options, fail)).toEqual(options);
    expect(readRunOptions({ requirement: { strict: false, also: [] }, pace: {} }, fail)).toEqual({
      requirement: { strict: false, also: [] },
      pace: {},
    });
  });

  it('ignores keys a later apicert may add', () => {
    expect(readRunOptions({ requirement: { strict: false, also: [] }, pace: { later: 1 }, later: 2 }, fail)).toEqual({
      requirement: { strict: false, also: [] },
      pace: {},
    });
  });

  it('holds each value to the bounds its flag has, naming it by its JSON pointer', () => {
    const base = { requirement: { strict: false, also: [] }, pace: {} };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...base, pace: { concurrency: 65 } }, /^\/options\/pace\/concurrency must be an integer from 1 to 64$/],
      [{ ...base, pace: { timeoutMs: 1.5 } }, /^\/options\/pace\/timeoutMs must be an integer/],
      [{ ...base, pace: { rateLimit: 0 } }, /^\/options\/pace\/rateLimit must be a number from 0.01/],
      [{ ...base, suites: ['nope'] }, /^\/options\/suites must be a non-empty array of resources, /],
      [{ ...base, shard: { index: 3, count: 2 } }, /^\/options\/shard must be \{index, count\}/],
      [{ ...base, configPath: 7 }, /^\/options\/configPath must be a non-empty string$/],
      [{ ...base, requirement: { also: [] } }, /^\/options\/requirement\/strict must be true or false$/],
      [{ ...base, replayOf: { check: 'x' } }, /^\/options\/replayOf must be \{report, check\?\}/],
      [{ pace: {} }, /^\/options\/requirement must be an object$/],
    ];
    for (const [options, message] of cases)
      expect(() => readRunOptions(options, fail), JSON.stringify(options)).toThrow(message);
    expect(() => readRunOptions('npx apicert run', fail)).toThrow(/^\/options must be an object$/);
  });
});
