// Runs one check isolated: a throw, a hang or a time-out becomes an errored result, and the records
// the check created are deleted whatever happened.
import { setMaxListeners } from 'node:events';
import type { Check } from '../check-api/check.js';
import {
  CheckBlockedError,
  CheckCrashedError,
  CheckIncompleteError,
  CheckTimeoutError,
  RunInterruptedError,
  TargetStoppedAnsweringError,
  toErrorInfo,
  type ErrorInfo,
} from '../errors.js';
import type { CheckOutcome } from '../model/check-outcome.js';
import type { ExchangeRecord } from '../model/evidence.js';
import { describeError } from '../model/describe-outcome.js';
import type { CheckResult, Finding } from '../model/run-result.js';
import type { SharedCause } from '../model/shared-cause.js';
import { createCheckContext, type CheckEnvironment } from './create-check-context.js';
import { deleteTrackedRecords } from './delete-tracked-records.js';
import type { SuiteScopeHandle } from './suite-scope.js';

// Evidence for a failure that named no exchanges: the last few the check made.
const defaultEvidenceExchanges = 20;

export async function runOneCheck(
  check: Check,
  seed: number,
  budgetMs: number,
  environment: CheckEnvironment,
  scope: SuiteScopeHandle,
  interrupt?: AbortSignal,
  targetStopped?: AbortSignal,
): Promise<CheckResult> {
  const controller = new AbortController();
  // Each request in flight listens on the check's signal (the client, its time-outs, the limiter's
  // queue): a check working side by side has more than Node's default of 10 without leaking any.
  setMaxListeners(Math.max(256, 16 * environment.config.target.concurrency), controller.signal);
  // Detail on the progress line names its check: with suites side by side, two checks run at once.
  const onProgress = environment.onProgress;
  const checkEnvironment = {
    ...environment,
    checkId: check.id,
    ...(onProgress === undefined ? {} : { onProgress: (detail: string) => onProgress(`${check.id} ${detail}`) }),
  };
  const handle = createCheckContext(checkEnvironment, seed, controller.signal, scope.scope, budgetMs);
  const started = performance.now();
  let createsCutOff = 0;
  let stop: (error: Error) => void = () => {};
  const stopped = new Promise<never>((_, reject) => {
    stop = (error) => {
      // Counted before the abort settles them.
      createsCutOff = handle.pendingCreates();
      controller.abort(error);
      reject(error);
    };
  });
  const timer = setTimeout(
    () =>
      stop(
        new CheckTimeoutError(
          `${check.id} did not finish within ${Math.round(budgetMs)} ms (budgets.checkTimeoutMs); the target may be hanging`,
        ),
      ),
    budgetMs,
  );
  let interruption: RunInterruptedError | undefined;
  const onInterrupt = (): void => {
    const error = new RunInterruptedError(`${check.id} was stopped: the run was interrupted`);
    interruption = error;
    // Creates already sent may finish, so their records are tracked and deleted; nothing new is sent.
    void handle.refuseNewRequests(error).then(() => stop(error));
  };
  interrupt?.addEventListener('abort', onInterrupt, { once: true });
  // A silent target: nothing is waited for, a create in flight would only run into its time-out. A
  // run stopped on an answering target (its request budget, a credential it no longer takes) lets
  // the creates already sent finish, as an interrupt does, so their records are deleted.
  const onTargetStopped = (): void => {
    const reason = targetStopped?.reason as Error;
    if (reason instanceof TargetStoppedAnsweringError) stop(reason);
    else void handle.refuseNewRequests(reason).then(() => stop(reason));
  };
  targetStopped?.addEventListener('abort', onTargetStopped, { once: true });

  let outcome: CheckOutcome | undefined;
  let error: ErrorInfo | undefined;
  try {
    outcome = await Promise.race([check.run(handle.ctx), stopped]);
  } catch (thrown) {
    error = controller.signal.aborted ? toErrorInfo(controller.signal.reason) : describeThrown(thrown);
  } finally {
    clearTimeout(timer);
    interrupt?.removeEventListener('abort', onInterrupt);
    targetStopped?.removeEventListener('abort', onTargetStopped);
  }
  // A check the interrupt stopped is reported as such, whatever it threw on its refused request;
  // one that still came to a verdict (its last create was let finish) keeps it.
  if (interruption !== undefined && outcome === undefined) error = interruption.toInfo();
  const durationMs = Math.round(performance.now() - started);

  const cleanupProblems = await deleteTrackedRecords(environment, handle.tracked);
  // The target may have finished a create whose answer the kit no longer waited for: its record
  // was never tracked, so no clean-up can find it.
  if (createsCutOff > 0) {
    cleanupProblems.push(
      `${createsCutOff} create(s) were unanswered when the check stopped; a record one of them made may remain on the target`,
    );
  }
  const coverage = handle.coverage();
  const charts = handle.charts();
  const covered = (result: CheckResult): CheckResult => ({
    ...result,
    coverage,
    ...(charts.length > 0 ? { charts } : {}),
  });
  const findings: Finding[] = [
    ...handle.findings,
    ...cleanupProblems.map((message) => ({ level: 'warning' as const, message })),
  ];

  // A 401 to the configured credential explains any failure that follows it (convention 5/1).
  const credentialCause: { cause?: SharedCause } =
    handle.refusedCredential.length > 0
      ? { cause: { key: 'credential-refused', subjects: handle.refusedCredential } }
      : {};
  if (error !== undefined || outcome === undefined) {
    const info = error ?? { code: 'APICERT_CHECK_CRASHED', message: `${check.id} returned no outcome` };
    return covered(
      erroredResult(check, seed, info, {
        durationMs,
        evidence: lastExchanges(handle.exchanges),
        findings,
        ...credentialCause,
      }),
    );
  }
  switch (outcome.status) {
    case 'passed':
      return covered(toCheckResult(check, seed, { status: 'passed', durationMs, findings }));
    case 'skipped':
      return covered(toCheckResult(check, seed, { status: 'skipped', durationMs, message: outcome.reason, findings }));
    case 'incomplete':
    case 'blocked': {
      const error =
        outcome.status === 'incomplete'
          ? new CheckIncompleteError(outcome.reason)
          : new CheckBlockedError(outcome.reason);
      const blockedBy = outcome.status === 'blocked' ? outcome.blockedBy : undefined;
      // The exchanges show how far it got, or what blocked it.
      return covered(
        erroredResult(check, seed, error.toInfo(), {
          durationMs,
          evidence: lastExchanges(handle.exchanges),
          findings,
          ...(blockedBy !== undefined ? { blockedBy } : {}),
          ...credentialCause,
        }),
      );
    }
    case 'failed': {
      const { details } = outcome;
      return covered(
        toCheckResult(check, seed, {
          status: 'failed',
          durationMs,
          message: outcome.message,
          evidence: details.exchanges ?? lastExchanges(handle.exchanges),
          findings,
          ...(details.expected !== undefined ? { expected: details.expected } : {}),
          ...(details.actual !== undefined ? { actual: details.actual } : {}),
          ...(details.counterexample !== undefined ? { counterexample: details.counterexample } : {}),
          ...(details.replayPath !== undefined ? { replayPath: details.replayPath } : {}),
          ...(details.cause !== undefined ? { cause: details.cause } : credentialCause),
        }),
      );
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

// Omit over each variant of the union, so a status keeps the fields that belong to it.
type OmitFromEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

type ResultFields = OmitFromEach<
  CheckResult,
  'id' | 'suite' | 'class' | 'title' | 'rule' | 'level' | 'seed' | 'evidence' | 'findings'
> & {
  readonly evidence?: readonly ExchangeRecord[];
  readonly findings?: readonly Finding[];
};

/** A check's result from its verdict fields; the check supplies id, suite, class, title, rule and level. */
export function toCheckResult(check: Check, seed: number, fields: ResultFields): CheckResult {
  return {
    id: check.id,
    suite: check.suite,
    class: check.conformanceClass,
    title: check.title,
    rule: check.rule,
    level: check.level,
    seed,
    evidence: [],
    findings: [],
    ...fields,
  };
}

/** An errored result: its message names the error code, however the error arose. */
export function erroredResult(
  check: Check,
  seed: number,
  error: ErrorInfo,
  extra: {
    readonly durationMs: number;
    readonly evidence?: readonly ExchangeRecord[];
    readonly findings?: readonly Finding[];
    readonly blockedBy?: string;
    readonly cause?: SharedCause;
  },
): CheckResult {
  return toCheckResult(check, seed, { status: 'errored', message: describeError(error), error, ...extra });
}
