import { describe, expect, it } from 'vitest';
import { UsageError } from '../harness/errors.js';
import { allChecks } from '../suites/index.js';
import { parseRunOptions, parseRunPace } from './run-options-of-flags.js';

const classes = allChecks.map((check) => check.conformanceClass);

describe('parseRunPace', () => {
  it('sets only the options whose flags were given', () => {
    expect(parseRunPace({})).toEqual({});
    expect(parseRunPace({ timeoutMs: '9000', rateLimit: '2.5', concurrency: '3' })).toEqual({
      timeoutMs: 9000,
      rateLimit: 2.5,
      concurrency: 3,
    });
  });

  it('refuses a value out of bounds, naming the flag', () => {
    expect(() => parseRunPace({ concurrency: '65' })).toThrow(UsageError);
    expect(() => parseRunPace({ concurrency: '65' })).toThrow(/concurrency/);
    expect(() => parseRunPace({ timeoutMs: '0' })).toThrow(/timeout-ms/);
    expect(() => parseRunPace({ rateLimit: '1000001' })).toThrow('--rate-limit must be a number of at most 1000000');
  });
});

describe('parseRunOptions', () => {
  it('gives the defaults of a run with no flags: every class that ran, the config’s pace', () => {
    expect(parseRunOptions({}, classes)).toEqual({ requirement: { strict: false, also: [] }, pace: {} });
  });

  it('turns every flag into its option, as data', () => {
    const options = parseRunOptions(
      {
        config: 'api/apicert.config.json',
        openapi: 'openapi.yaml',
        suite: 'resources,pagination',
        require: 'resources-core',
        strict: true,
        timeoutMs: '12000',
        rateLimit: '5',
        concurrency: '2',
        shard: '2/3',
      },
      classes,
    );
    expect(options).toEqual({
      configPath: 'api/apicert.config.json',
      openapi: 'openapi.yaml',
      suites: ['resources', 'pagination'],
      requirement: { required: ['resources-core'], strict: true, also: [] },
      pace: { timeoutMs: 12000, rateLimit: 5, concurrency: 2 },
      shard: { index: 2, count: 3 },
    });
  });

  it('adds opt-in classes to the default when --require names only those', () => {
    expect(parseRunOptions({ require: 'advisory' }, classes).requirement).toEqual({ strict: true, also: [] });
    expect(parseRunOptions({ require: 'openapi-contract', openapi: 'o.json' }, classes).requirement).toEqual({
      strict: false,
      also: ['openapi-contract'],
    });
  });

  it('refuses a class no check belongs to, and the contract class without a document', () => {
    expect(() => parseRunOptions({ require: 'resources-cor' }, classes)).toThrow(/unknown conformance class/);
    expect(() => parseRunOptions({ require: 'openapi-contract' }, classes)).toThrow(/--openapi/);
  });
});
