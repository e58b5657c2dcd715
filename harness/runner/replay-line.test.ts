import { describe, expect, it } from 'vitest';
import { toRunOptions } from '../model/run-options.js';
import { describeReplayCommand } from './replay-line.js';

describe('describeReplayCommand', () => {
  it('names only the base URL and the seed for a run with no flags', () => {
    expect(describeReplayCommand('http://127.0.0.1:4010', 42, toRunOptions({}))).toBe(
      'npx apicert run --base-url http://127.0.0.1:4010 --seed 42',
    );
  });

  it('spells every option as the flag that gives it, quoting what a shell would read', () => {
    const options = toRunOptions({
      openapi: 'docs/open api.yaml',
      configPath: "it's.json",
      suites: ['resources', 'pagination'],
      requirement: { required: ['resources-core'], strict: true, also: [] },
      pace: { timeoutMs: 12000, rateLimit: 0.5, concurrency: 2 },
      shard: { index: 2, count: 3 },
    });
    expect(describeReplayCommand('http://h:1/api', 7, options)).toBe(
      "npx apicert run --base-url http://h:1/api --openapi 'docs/open api.yaml' --config 'it'\\''s.json'" +
        ' --suite resources,pagination --require resources-core --strict --timeout-ms 12000 --rate-limit 0.5' +
        ' --concurrency 2 --shard 2/3 --seed 7',
    );
  });

  it('names opt-in classes required on top of the default with --require', () => {
    const options = toRunOptions({ requirement: { strict: false, also: ['openapi-contract'] } });
    expect(describeReplayCommand('http://h', 1, options)).toBe(
      'npx apicert run --base-url http://h --require openapi-contract --seed 1',
    );
  });

  it('is the replay command for a run apicert replay made', () => {
    const options = toRunOptions({ configPath: 'c.json', replayOf: { report: 'old/report.json', check: 'a.b' } });
    expect(describeReplayCommand('http://h', 1, options)).toBe(
      'npx apicert replay old/report.json --check a.b --config c.json --base-url http://h',
    );
    const every = toRunOptions({ replayOf: { report: 'r.json' } });
    expect(describeReplayCommand('http://h', 1, every)).toBe('npx apicert replay r.json --base-url http://h');
  });
});
