// Runs checks one after another, each isolated: a failing, throwing or hanging check never stops
// the others, and the records it created are deleted whatever happened: a check's own when it ends,
// those it kept for its suite when the suite's last check has run.
import type { Check } from '../../suites/define-check.js';
import { CheckCrashedError, CheckTimeoutError, RunBudgetExceededError, toErrorInfo, type ErrorInfo } from '../errors.js';
import type { CheckOutcome } from '../model/check-outcome.js';
import type { ExchangeRecord } from '../model/evidence.js';
import type { CheckResult, Finding } from '../model/run-result.js';
import { createCheckContext, type CheckEnvironment } from './create-check-context.js';
import { deleteTrackedRecords } from './delete-tracked-records.js';
import { redactResultText } from './redact-result.js';
import { deriveCheckSeed } from './seeded-random.js';
import { createSuiteScope, type SuiteScopeHandle } from './suite-scope.js';

/** A check to run, or to report as skipped because its suite cannot run against this config. */
export interface PlannedCheck {
  readonly check: Check;
  readonly skipReason?: string;
}

export interface RunChecksOptions {
  readonly planned: readonly PlannedCheck[];
  readonly environment: CheckEnvironment;
  readonly runSeed: number;
  readonly checkTimeoutMs: number;
  readonly totalRunMs: number;
  readonly onCheckStart?: (index: number, total: number, check: Check) => void;
}

export interface RunChecksResult {
  readonly results: CheckResult[];
  readonly interrupted?: string;
}

// Evidence for a failure that named no exchanges: the last few the check made.
const defaultEvidenceExchanges = 20;

export async function runChecks(options: RunChecksOptions): Promise<RunChecksResult> {
  const { planned, runSeed } = options;
  const runStarted = performance.now();
  const results: CheckResult[] = [];
  let interrupted: string | undefined;

  const scopes = new Map<string, SuiteScopeHandle>();
  const closeScope = async (suite: string): Promise<void> => {
    const scope = scopes.get(suite);
    scopes.delete(suite);
    const problems = scope === undefined ? [] : await deleteTrackedRecords(options.environment, scope.tracked);
    const at = results.findLastIndex((r) => r.suite === suite);
    if (problems.length === 0 || at < 0) return;
    const last = results[at]!;
    const findings = [...last.findings, ...problems.map((message) => ({ level: 'warning' as const, message }))];
    results[at] = redactResultText({ ...last, findings }, options.environment.secrets ?? []);
  };

  for (const [index, { check, skipReason }] of planned.entries()) {
    const seed = deriveCheckSeed(runSeed, check.id);
    if (skipReason !== undefined) {
      results.push(baseResult(check, seed, { status: 'skipped', durationMs: 0, message: skipReason }));
      continue;
    }
    const remainingMs = options.totalRunMs - (performance.now() - runStarted);
    if (remainingMs <= 0) {
      interrupted ??= `the run passed its total budget of ${options.totalRunMs} ms (budgets.totalRunMs); later checks were not run`;
      const error = new RunBudgetExceededError(interrupted).toInfo();
      results.push(baseResult(check, seed, { status: 'errored', durationMs: 0, message: error.message, error }));
      continue;
    }
    options.onCheckStart?.(index, planned.length, check);
    let scope = scopes.get(check.suite);
    if (scope === undefined) scopes.set(check.suite, (scope = createSuiteScope()));
    const result = await runOneCheck(check, seed, Math.min(options.checkTimeoutMs, remainingMs), options.environment, scope);
    results.push(redactResultText(result, options.environment.secrets ?? []));
    // The next suite starts on a target without this one's records.
    const isLastOfSuite = !planned.slice(index + 1).some((p) => p.check.suite === check.suite && p.skipReason === undefined);
    if (isLastOfSuite) await closeScope(check.suite);
  }
  // Scopes of suites whose later checks the run budget cut off.
  for (const suite of [...scopes.keys()]) await closeScope(suite);
  return interrupted === undefined ? { results } : { results, interrupted };
}

async function runOneCheck(check: Check, seed: number, budgetMs: number, environment: CheckEnvironment, scope: SuiteScopeHandle): Promise<CheckResult> {
  const controller = new AbortController();
  const handle = createCheckContext(environment, seed, controller.signal, scope.scope);
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new CheckTimeoutError(
        `${check.id} did not finish within ${Math.round(budgetMs)} ms (budgets.checkTimeoutMs); the target may be hanging`,
      );
      controller.abort(error);
      reject(error);
    }, budgetMs);
  });

  let outcome: CheckOutcome | undefined;
  let error: ErrorInfo | undefined;
  try {
    outcome = await Promise.race([check.run(handle.ctx), timedOut]);
  } catch (thrown) {
    error = controller.signal.aborted ? toErrorInfo(controller.signal.reason) : describeThrown(thrown);
  } finally {
    clearTimeout(timer);
  }
  const durationMs = Math.round(performance.now() - started);

  const cleanupProblems = await deleteTrackedRecords(environment, handle.tracked);
  const findings: Finding[] = [...handle.findings, ...cleanupProblems.map((message) => ({ level: 'warning' as const, message }))];

  if (error !== undefined || outcome === undefined) {
    const info = error ?? { code: 'APICERT_CHECK_CRASHED', message: `${check.id} returned no outcome` };
    return baseResult(check, seed, {
      status: 'errored',
      durationMs,
      message: `${info.code}: ${info.message}`,
      error: info,
      evidence: lastExchanges(handle.exchanges),
      findings,
    });
  }
  switch (outcome.status) {
    case 'passed':
      return baseResult(check, seed, { status: 'passed', durationMs, findings });
    case 'skipped':
      return baseResult(check, seed, { status: 'skipped', durationMs, message: outcome.reason, findings });
    case 'failed': {
      const { details } = outcome;
      return baseResult(check, seed, {
        status: 'failed',
        durationMs,
        message: outcome.message,
        evidence: details.exchanges ?? lastExchanges(handle.exchanges),
        findings,
        ...(details.expected !== undefined ? { expected: details.expected } : {}),
        ...(details.actual !== undefined ? { actual: details.actual } : {}),
        ...(details.counterexample !== undefined ? { counterexample: details.counterexample } : {}),
        ...(details.replayPath !== undefined ? { replayPath: details.replayPath } : {}),
      });
    }
  }
}

// A non-apicert throw is a bug in the check, not in the target: report it, keep going.
function describeThrown(thrown: unknown): ErrorInfo {
  const info = toErrorInfo(thrown);
  if (info.code !== 'APICERT_CHECK_CRASHED') return info;
  return new CheckCrashedError(`the check crashed: ${info.message}`).toInfo();
}

function lastExchanges(exchanges: readonly ExchangeRecord[]): ExchangeRecord[] {
  return exchanges.slice(-defaultEvidenceExchanges);
}

type ResultFields = Omit<CheckResult, 'id' | 'suite' | 'class' | 'title' | 'rule' | 'seed' | 'evidence' | 'findings'> & {
  readonly evidence?: readonly ExchangeRecord[];
  readonly findings?: readonly Finding[];
};

function baseResult(check: Check, seed: number, fields: ResultFields): CheckResult {
  return {
    id: check.id,
    suite: check.suite,
    class: check.conformanceClass,
    title: check.title,
    rule: check.rule,
    seed,
    evidence: [],
    findings: [],
    ...fields,
  };
}
