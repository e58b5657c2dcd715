// The plain-text body of a <failure> or <error>: what broke, and the exchanges that prove it.
import type { ExchangeRecord, RecordedBody } from '../../harness/model/evidence.js';
import { describeOutcome } from '../../harness/model/describe-outcome.js';
import type { ErroredCheck, FailedCheck } from '../../harness/model/run-result.js';
import { toCounterexampleText } from '../counterexample-text.js';
import { describeSequenceSteps, readSequenceSteps } from '../sequence-steps.js';

// CI pages render junit bodies inline; past these bounds report.json holds the full evidence.
const maxExchanges = 20;
const maxBodyChars = 1000;
const maxCounterexampleChars = 2000;

function describeBody(label: string, body: RecordedBody | undefined): string[] {
  if (body === undefined) return [];
  const cut = body.text.length > maxBodyChars;
  const size = `${body.bytes} bytes${body.encoding === 'base64' ? ', base64' : ''}${body.truncated ? ', truncated when recorded' : ''}`;
  return [
    `  ${label} body (${size}):`,
    `    ${cut ? `${body.text.slice(0, maxBodyChars)}… (cut; full body in report.json)` : body.text}`,
  ];
}

function describeExchange(exchange: ExchangeRecord, index: number): string[] {
  const { request, response, error } = exchange;
  const outcome = response ? `${response.status}` : 'no response';
  const note = exchange.note ? ` (${exchange.note})` : '';
  const lines = [
    `#${index + 1} ${exchange.direction} ${request.method} ${request.url} -> ${outcome} in ${exchange.durationMs} ms${note}`,
    ...describeBody('request', request.body),
    ...describeBody('response', response?.body),
  ];
  if (error) lines.push(`  error: ${error.code}: ${error.message}`);
  if (exchange.curl) lines.push(`  ${exchange.curl}`);
  return lines;
}

/** Text for a failed or errored check: message, expected/actual, replay data, then the evidence. */
export function describeCheckFailure(check: FailedCheck | ErroredCheck): string {
  const lines: string[] = [describeOutcome(check)];
  if (check.status === 'failed') {
    if (check.expected !== undefined) lines.push(`expected: ${check.expected}`);
    if (check.actual !== undefined) lines.push(`actual: ${check.actual}`);
  }
  const replayPath =
    check.status === 'failed' && check.replayPath !== undefined ? `, replay path: ${check.replayPath}` : '';
  lines.push(`rule: ${check.rule}`, `seed: ${check.seed}${replayPath}`);
  const sequence = check.status === 'failed' ? readSequenceSteps(check.counterexample) : undefined;
  if (sequence !== undefined) lines.push(...describeSequenceSteps(sequence));
  else if (check.status === 'failed' && check.counterexample !== undefined) {
    lines.push(`counterexample: ${toCounterexampleText(check.counterexample, maxCounterexampleChars)}`);
  }
  if (check.evidence.length > 0) {
    lines.push('', `evidence (${check.evidence.length} exchange${check.evidence.length === 1 ? '' : 's'}):`);
    check.evidence
      .slice(0, maxExchanges)
      .forEach((exchange, index) => lines.push(...describeExchange(exchange, index)));
    if (check.evidence.length > maxExchanges) {
      lines.push(`… ${check.evidence.length - maxExchanges} more exchanges in report.json`);
    }
  }
  return lines.join('\n');
}
