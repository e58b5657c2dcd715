import { describe, expect, it } from 'vitest';
import { UsageError } from '../harness/errors.js';
import { parseRunPace, runPaceOfCommand } from './run-pace.js';

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
  });
});

describe('runPaceOfCommand', () => {
  it("reads the pace of the run a report's replayCommand describes", () => {
    const command =
      "npx apicert run --base-url 'http://127.0.0.1:4010' --suite resources --timeout-ms 12000 --rate-limit 5 --concurrency 2 --seed 7";
    expect(runPaceOfCommand(command, 'report.json')).toEqual({ timeoutMs: 12000, rateLimit: 5, concurrency: 2 });
    expect(runPaceOfCommand('npx apicert run --seed 7', 'report.json')).toEqual({});
  });

  it('blames the report, not the user, for a value it cannot use', () => {
    expect(() => runPaceOfCommand('npx apicert run --concurrency 0', 'old/report.json')).toThrow(
      /^old\/report\.json says its run was made with a value replay cannot use \(.*concurrency.*\); fix the report's replayCommand/,
    );
  });
});
