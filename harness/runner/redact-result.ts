// Exchanges are redacted when recorded; the words a check writes (message, expected, actual,
// findings, counterexample) are redacted here, so a check that quotes a secret still cannot leak it.
// Redaction comes before the cut to resultBounds: a cut through a secret would leave its first part,
// which redaction could no longer recognise.
import { redactText, secretVariants } from '../http/redact.js';
import type { CheckCoverage, CheckResult, ConfigDerivation, RunNote } from '../model/run-result.js';
import { cutWithMarker } from '../model/cut-with-marker.js';
import { boundResult, resultBounds } from './bound-result.js';
import { mapChartText } from './check-charts.js';

/** A check's result as reports get it: redacted, then cut to resultBounds. */
export function toReportedResult(result: CheckResult, secrets: readonly string[]): CheckResult {
  // A copy through JSON text: V8 makes a cut string a view into the one it was cut from, so a
  // 120-character excerpt in a message would otherwise keep a 4 MiB answer alive until the run ends.
  return JSON.parse(JSON.stringify(boundResult(redactResultText(result, secrets)))) as CheckResult;
}

/** A run note as reports get it: redacted, then cut to resultBounds. */
export function toReportedNote(note: RunNote, secrets: readonly string[]): RunNote {
  const redacted = redactNoteText(note, secrets);
  return { ...redacted, message: cutWithMarker(redacted.message, resultBounds.textChars) };
}

// A document may have hundreds of operations; the report keeps the first keys, and says how many more.
const maxDerivedKeys = 200;
const maxDerivationChars = 300;

/** The derivation of a config as reports get it: the document is the target's, so redacted and cut like its words. */
export function toReportedDerivation(derivation: ConfigDerivation, secrets: readonly string[]): ConfigDerivation {
  const variants = secretVariants(secrets);
  const clean = (text: string): string =>
    cutWithMarker(secrets.length === 0 ? text : redactText(text, variants), maxDerivationChars);
  const omitted = derivation.keys.length - maxDerivedKeys;
  return {
    source: clean(derivation.source),
    specification: clean(derivation.specification),
    keys: derivation.keys
      .slice(0, maxDerivedKeys)
      .map((key) => ({ kind: key.kind, pointer: clean(key.pointer), text: clean(key.text) })),
    ...(omitted > 0 ? { omitted } : {}),
  };
}

export function redactResultText(result: CheckResult, secrets: readonly string[]): CheckResult {
  if (secrets.length === 0) return result;
  const variants = secretVariants(secrets);
  const clean = (text: string): string => redactText(text, variants);
  const findings = result.findings.map((finding) => ({ ...finding, message: clean(finding.message) }));
  const coverage = {
    ...(result.coverage === undefined ? {} : { coverage: redactCoverage(result.coverage, clean) }),
    ...(result.charts === undefined ? {} : { charts: result.charts.map((chart) => mapChartText(chart, clean)) }),
  };
  switch (result.status) {
    case 'passed':
      return { ...result, findings, ...coverage };
    case 'skipped':
      return { ...result, message: clean(result.message), findings, ...coverage };
    case 'errored':
      return {
        ...result,
        message: clean(result.message),
        error: { ...result.error, message: clean(result.error.message) },
        findings,
        ...coverage,
      };
    case 'failed':
      return {
        ...result,
        ...coverage,
        message: clean(result.message),
        ...(result.expected !== undefined ? { expected: clean(result.expected) } : {}),
        ...(result.actual !== undefined ? { actual: clean(result.actual) } : {}),
        ...(result.counterexample !== undefined
          ? { counterexample: redactValue(result.counterexample, clean, 0) }
          : {}),
        findings,
      };
  }
}

function redactCoverage(coverage: CheckCoverage, clean: (text: string) => string): CheckCoverage {
  return {
    requests: coverage.requests,
    covered: coverage.covered.map(clean),
    leftOut: coverage.leftOut.map(({ item, why }) => ({ item: clean(item), why: clean(why) })),
  };
}

/** The same for a run-level note. */
function redactNoteText<T extends { readonly message: string }>(note: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return note;
  return { ...note, message: redactText(note.message, secretVariants(secrets)) };
}

// Every string and key of a counterexample, down to the depth boundResult keeps (what lies deeper is
// cut whole), so the walk stays within that depth however deep the target's data nests.
function redactValue(value: unknown, clean: (text: string) => string, depth: number): unknown {
  if (typeof value === 'string') return clean(value);
  if (value === null || typeof value !== 'object' || depth >= resultBounds.counterexampleDepth) return value;
  if (Array.isArray(value)) return value.map((item: unknown) => redactValue(item, clean, depth + 1));
  const redacted: Record<string, unknown> = {};
  for (const key in value) {
    if (Object.hasOwn(value, key))
      redacted[clean(key)] = redactValue((value as Record<string, unknown>)[key], clean, depth + 1);
  }
  return redacted;
}
