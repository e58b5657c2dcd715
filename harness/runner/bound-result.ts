// Everything the target chooses is cut before it reaches a report: the words a check writes (they
// quote URLs, cursors, ids), the exchanges it keeps as evidence (their URLs, headers and curl lines)
// and its counterexample. Each cut leaves a marker saying how much went, so the reports stay bounded
// whatever the target sends, and a reader knows what is missing. Pure; nothing here recurses deeper
// than `resultBounds.counterexampleDepth`.
import type { ExchangeRecord, RecordedRequest, RecordedResponse } from '../model/evidence.js';
import { recordedUrlChars } from '../http/exchange-record.js';
import { cutWithMarker } from '../model/cut-with-marker.js';
import type { CheckCoverage, CheckResult, Finding } from '../model/run-result.js';
import { chartBounds } from '../model/check-chart.js';
import { boundChartLists, mapChartText } from './check-charts.js';

/** The documented bounds (docs/http-client.md). */
export const resultBounds = {
  /** A message, expected, actual, finding or note. */
  textChars: 2000,
  /** A URL in evidence (a cursor can grow without limit); records already keep no more. */
  urlChars: recordedUrlChars,
  /** A header name or value in evidence. */
  headerChars: 1000,
  /** Headers kept per request or response. */
  headers: 64,
  /** A curl line. */
  curlChars: 4000,
  /** Exchanges kept as one check's evidence: the first 10 and the last 15 (where a walk broke). */
  evidenceExchanges: 25,
  /** A counterexample: levels kept, items per array, keys per object, characters per string. */
  counterexampleDepth: 12,
  counterexampleItems: 100,
  counterexampleKeys: 50,
  counterexampleChars: 500,
  /** Findings kept per check, once identical ones are told as one with a count. */
  findingsPerCheck: 50,
  /** Covered and left-out items kept per check (a check of every operation under many failure kinds names many). */
  coverageItems: 200,
  /** One covered or left-out item. */
  coverageItemChars: 300,
} as const;

/** The result with every target-chosen string and list cut to resultBounds. */
export function boundResult(result: CheckResult): CheckResult {
  const text = (value: string): string => cutWithMarker(value, resultBounds.textChars);
  const findings: Finding[] = boundFindings(result.findings).map((finding) => ({
    ...finding,
    message: text(finding.message),
  }));
  const left = result.evidence.length - resultBounds.evidenceExchanges;
  if (left > 0)
    findings.push({
      level: 'info',
      message: `${left} exchange(s) in the middle were left out of the evidence (the first 10 and the last 15 are kept)`,
    });
  const kept = left > 0 ? [...result.evidence.slice(0, 10), ...result.evidence.slice(-15)] : result.evidence;
  const evidence = kept.map(boundExchange);
  const coverage = {
    ...(result.coverage === undefined ? {} : { coverage: boundCoverage(result.coverage) }),
    ...(result.charts === undefined
      ? {}
      : {
          charts: result.charts
            .slice(0, chartBounds.chartsPerCheck)
            .map((chart) => mapChartText(boundChartLists(chart), (t) => cutWithMarker(t, chartBounds.labelChars))),
        }),
  };
  switch (result.status) {
    case 'passed':
      return { ...result, evidence, findings, ...coverage };
    case 'skipped':
      return { ...result, message: text(result.message), evidence, findings, ...coverage };
    case 'errored':
      return {
        ...result,
        message: text(result.message),
        error: { ...result.error, message: text(result.error.message) },
        evidence,
        findings,
        ...coverage,
      };
    case 'failed':
      return {
        ...result,
        ...coverage,
        message: text(result.message),
        ...(result.expected !== undefined ? { expected: text(result.expected) } : {}),
        ...(result.actual !== undefined ? { actual: text(result.actual) } : {}),
        ...(result.counterexample !== undefined ? { counterexample: boundValue(result.counterexample, 0) } : {}),
        evidence,
        findings,
      };
  }
}

/** The coverage lists cut to resultBounds.coverageItems, each item to coverageItemChars; a last item says how many went. */
export function boundCoverage(coverage: CheckCoverage): CheckCoverage {
  const item = (value: string): string => cutWithMarker(value, resultBounds.coverageItemChars);
  const max = resultBounds.coverageItems;
  const covered = coverage.covered.slice(0, max).map(item);
  if (coverage.covered.length > max)
    covered.push(`(${coverage.covered.length - max} more items left out of this list)`);
  const leftOut = coverage.leftOut.slice(0, max).map((entry) => ({ item: item(entry.item), why: item(entry.why) }));
  if (coverage.leftOut.length > max)
    leftOut.push({
      item: `(${coverage.leftOut.length - max} more items)`,
      why: 'left out of this list to keep the report bounded',
    });
  return { requests: coverage.requests, covered, leftOut };
}

/** One exchange with its URL, headers and curl line cut; bodies are bounded when recorded. */
export function boundExchange(exchange: ExchangeRecord): ExchangeRecord {
  const request: RecordedRequest = {
    ...exchange.request,
    url: cutWithMarker(exchange.request.url, resultBounds.urlChars),
    headers: boundHeaders(exchange.request.headers),
  };
  const response: RecordedResponse | undefined =
    exchange.response === undefined
      ? undefined
      : { ...exchange.response, headers: boundHeaders(exchange.response.headers) };
  return {
    ...exchange,
    request,
    ...(response !== undefined ? { response } : {}),
    ...(exchange.curl !== undefined ? { curl: cutWithMarker(exchange.curl, resultBounds.curlChars) } : {}),
    ...(exchange.error !== undefined
      ? { error: { ...exchange.error, message: cutWithMarker(exchange.error.message, resultBounds.textChars) } }
      : {}),
  };
}

function boundHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  const bounded: Record<string, string> = {};
  let kept = 0;
  let left = 0;
  for (const name in headers) {
    if (kept === resultBounds.headers) {
      left += 1;
      continue;
    }
    kept += 1;
    bounded[cutWithMarker(name, resultBounds.headerChars)] = cutWithMarker(
      headers[name] ?? '',
      resultBounds.headerChars,
    );
  }
  // A name no HTTP header can have (it holds spaces), so a target cannot forge the marker.
  if (left > 0) bounded[`(${left} more headers left out)`] = '';
  return bounded;
}

// A counterexample is built by a check from target data: bounded in depth, width and length.
function boundValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return cutWithMarker(value, resultBounds.counterexampleChars);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= resultBounds.counterexampleDepth) return '[nested deeper: cut]';
  if (Array.isArray(value)) {
    const items: unknown[] = [];
    const shown = Math.min(value.length, resultBounds.counterexampleItems);
    for (let index = 0; index < shown; index += 1) items.push(boundValue(value[index], depth + 1));
    if (value.length > shown) items.push(`[${value.length - shown} more items cut]`);
    return items;
  }
  const bounded: Record<string, unknown> = {};
  let kept = 0;
  let left = 0;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (kept === resultBounds.counterexampleKeys) {
      left += 1;
      continue;
    }
    kept += 1;
    bounded[cutWithMarker(key, resultBounds.counterexampleChars)] = boundValue(
      (value as Record<string, unknown>)[key],
      depth + 1,
    );
  }
  if (left > 0) bounded['…'] = `${left} more keys cut`;
  return bounded;
}

// A target that answers every create the same unreadable way draws the same warning from each: one
// line with a count says as much, and a check keeps at most findingsPerCheck of them.
function boundFindings(findings: readonly Finding[]): Finding[] {
  const counted = new Map<string, { finding: Finding; times: number }>();
  for (const finding of findings) {
    const key = `${finding.level}\u0000${finding.message}`;
    const seen = counted.get(key);
    if (seen === undefined) counted.set(key, { finding, times: 1 });
    else seen.times += 1;
  }
  const told = [...counted.values()].map(({ finding, times }) =>
    times === 1 ? finding : { ...finding, message: `${finding.message} (${times} times)` },
  );
  const left = told.length - resultBounds.findingsPerCheck;
  if (left <= 0) return told;
  return [
    ...told.slice(0, resultBounds.findingsPerCheck),
    {
      level: 'info',
      message: `${left} more finding(s) were left out (the first ${resultBounds.findingsPerCheck} are kept)`,
    },
  ];
}
