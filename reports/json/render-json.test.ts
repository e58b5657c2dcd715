import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import type { FailedCheck, RunResult } from '../../harness/model/run-result.js';
import {
  sampleFailingRun,
  sampleFullRun,
  sampleHostileRun,
  sampleMixedRun,
  samplePassedRun,
} from '../../harness/model/test-support/sample-run.js';
import { renderJsonReport } from './render-json.js';
import { reportSchema } from './report-schema.js';

// strict: an unknown keyword or a typo in the schema fails compilation instead of being ignored.
const validate = new Ajv({ strict: true, allErrors: true }).compile(reportSchema);

function validateJson(text: string): boolean {
  return validate(JSON.parse(text));
}

type JsonPath = readonly (string | number)[];

/** The JSON report of the failing sample with the value at `path` replaced (or removed when `value` is absent). */
function brokenReport(path: JsonPath, ...value: [unknown?]): unknown {
  return brokenReportOf(sampleFailingRun(), path, ...value);
}

function brokenReportOf(run: RunResult, path: JsonPath, ...value: [unknown?]): unknown {
  const report: unknown = JSON.parse(renderJsonReport(run));
  let parent = report as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (value.length === 0) delete parent[last];
  else parent[last] = value[0];
  return report;
}

describe('renderJsonReport', () => {
  it('is the run itself, pretty-printed with two spaces and a final newline', () => {
    const run = sampleMixedRun();
    const text = renderJsonReport(run);
    expect(JSON.parse(text)).toEqual(run);
    expect(text.startsWith('{\n  "tool": {\n    "name": "apicert",')).toBe(true);
    expect(text.endsWith('}\n')).toBe(true);
  });

  it('writes a bigint in a counterexample as a string instead of throwing', () => {
    const report = JSON.parse(renderJsonReport(sampleFullRun())) as RunResult;
    expect(report.checks[0]).toMatchObject({ status: 'failed' });
    expect((report.checks[0] as FailedCheck).counterexample).toEqual({
      deliveries: [1, 2],
      big: '12345678901234567890n',
      nested: { ok: null },
    });
  });

  it('keeps hostile strings exactly (JSON escaping is lossless)', () => {
    const run = sampleHostileRun();
    expect(JSON.parse(renderJsonReport(run))).toEqual(run);
  });
});

describe('report.schema.json', () => {
  it.each([
    ['passed', samplePassedRun],
    ['failing', sampleFailingRun],
    ['mixed', sampleMixedRun],
    ['hostile', sampleHostileRun],
    ['full (every optional field)', sampleFullRun],
  ])('accepts the %s sample run', (_name, build) => {
    const ok = validateJson(renderJsonReport(build()));
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it.each<[string, JsonPath, ...[unknown?]]>([
    ['a missing summary', ['summary']],
    ['an unknown check status', ['checks', 1, 'status'], 'flaky'],
    ['an unknown suite', ['checks', 0, 'suite'], 'graphql'],
    ['a field the model does not have', ['checks', 0, 'stack'], 'at x'],
    ['an extra top-level field', ['secretToken'], 'x'],
    ['a malformed check id', ['checks', 0, 'id'], 'Pagination Cursor'],
    ['a startedAt that is not ISO-8601', ['startedAt'], 'yesterday'],
    ['a negative count', ['summary', 'failed'], -1],
    ['a fractional seed', ['seed'], 4.2],
    ['a class verdict of errored', ['classes', 0, 'verdict'], 'errored'],
    ['a header name in upper case', ['checks', 1, 'evidence', 0, 'request', 'headers', 'Authorization'], 'x'],
    ['a body without its size', ['checks', 1, 'evidence', 0, 'response', 'body', 'bytes']],
    ['an error code outside APICERT_*', ['checks', 1, 'error'], { code: 'ECONNRESET', message: 'x' }],
    ['a tool name other than apicert', ['tool', 'name'], 'other'],
    ['evidence that is not an array', ['checks', 1, 'evidence'], {}],
  ])('rejects a report with %s', (_what, path, ...value) => {
    expect(validate(brokenReport(path, ...value))).toBe(false);
  });

  // sampleMixedRun's checks: 0 passed, 1 failed, 2 skipped, 3 errored.
  it.each<[string, JsonPath, ...[unknown?]]>([
    ['a passed check with a message', ['checks', 0, 'message'], 'fine'],
    ['a failed check without its message', ['checks', 1, 'message']],
    ['a failed check with an error', ['checks', 1, 'error'], { code: 'APICERT_CHECK_CRASHED', message: 'x' }],
    ['a skipped check without its reason', ['checks', 2, 'message']],
    ['a skipped check with a counterexample', ['checks', 2, 'counterexample'], { a: 1 }],
    ['an errored check without its error', ['checks', 3, 'error']],
    ['an errored check with expected', ['checks', 3, 'expected'], 'x'],
    ['a run note of an unknown level', ['notes'], [{ level: 'fatal', message: 'x' }]],
  ])('rejects a check result that mixes variants: %s', (_what, path, ...value) => {
    const run = sampleMixedRun();
    expect(run.checks.map((check) => check.status)).toEqual(['passed', 'failed', 'skipped', 'errored']);
    expect(validate(JSON.parse(renderJsonReport(run)))).toBe(true);
    expect(validate(brokenReportOf(run, path, ...value))).toBe(false);
  });
});
