// Runs the planned checks, one after another, except that a suite which declares it may run
// alongside another (SuiteDefinition.runsAlongside) runs in a second lane while that suite runs.
// Results come back in planned order. Records a check kept for its suite are deleted when the
// suite's last check has run.
import type { Check } from '../check-api/check.js';
import { RunBudgetExceededError, RunInterruptedError, toErrorInfo, type ApicertError } from '../errors.js';
import { readSecrets } from '../http/growing-secrets.js';
import type { CheckResult, RunNote, SuiteName } from '../model/run-result.js';
import type { CheckEnvironment } from './create-check-context.js';
import { deleteTrackedRecords } from './delete-tracked-records.js';
import { toReportedNote, toReportedResult } from './redact-result.js';
import { erroredResult, runOneCheck, toCheckResult } from './run-one-check.js';
import { deriveCheckSeed } from './seeded-random.js';
import { createSuiteScope, type SuiteScopeHandle } from './suite-scope.js';

/** A check to run, or to report as skipped because its suite cannot run against this config. */
export interface PlannedCheck {
  readonly check: Check;
  readonly skipReason?: string;
  /** Suites this check's suite may run at the same time as, preferred first (SuiteDefinition.runsAlongside). */
  readonly alongside?: readonly SuiteName[];
  /** How many checks of this check's suite may run at once (SuiteDefinition.checksSideBySide). */
  readonly sideBySide?: number;
  /** Starts only once every earlier check, side lanes included, has finished (SuiteDefinition.runsAfterAllOthers). */
  readonly afterAllOthers?: boolean;
}

export interface RunChecksOptions {
  readonly planned: readonly PlannedCheck[];
  readonly environment: CheckEnvironment;
  readonly runSeed: number;
  /** Seeds to use instead of the ones derived from runSeed, by check id (apicert replay of a merged run). */
  readonly checkSeeds?: ReadonlyMap<string, number>;
  readonly checkTimeoutMs: number;
  readonly totalRunMs: number;
  /** performance.now() when the run's total budget started (before the reachability probe); default now. */
  readonly budgetStartedAt?: number;
  /** Aborted when the user stops the run: the running checks are stopped, later ones not run. */
  readonly interrupt?: AbortSignal;
  /**
   * Aborted, with the error as its reason, when the target stopped answering: the running checks are
   * stopped at once and later ones not run, all errored with that error.
   */
  readonly targetStopped?: AbortSignal;
  /** `started`: how many planned checks were started or skipped before this one. */
  readonly onCheckStart?: (started: number, total: number, check: Check) => void;
}

export interface RunChecksResult {
  readonly results: CheckResult[];
  /** Run-level notes, such as records a suite's clean-up could not delete. */
  readonly notes: RunNote[];
  readonly interrupted?: string;
}

// A timer may fire a little before the clock says its time is up, so a check cut off by the run's
// budget can leave a sliver of it; no check starts on a sliver.
const minimumCheckBudgetMs = 10;

// Errors that stop the whole run, not just their check: the run's interruption says why.
const stopsTheRun = new Set([
  'APICERT_TARGET_STOPPED_ANSWERING',
  'APICERT_CREDENTIAL_STOPPED_WORKING',
  'APICERT_RUN_BUDGET_EXCEEDED',
]);
const interruptedMessage =
  'the run was interrupted (Ctrl-C or SIGTERM); the running checks were stopped and later ones not run';

export async function runChecks(options: RunChecksOptions): Promise<RunChecksResult> {
  const { planned, runSeed, environment } = options;
  // Read at each use: a token refreshed mid-run joins the list.
  const secrets = (): readonly string[] => readSecrets(environment.secrets);
  const runStarted = options.budgetStartedAt ?? performance.now();
  const results: (CheckResult | undefined)[] = planned.map(() => undefined);
  const scopes = new Map<SuiteName, SuiteScopeHandle>();
  const notes: RunNote[] = [];
  let interrupted: string | undefined;
  let started = 0;

  // The suite's shared records belong to no one check, so what their clean-up left is a run note.
  const closeScope = async (suite: SuiteName): Promise<void> => {
    const scope = scopes.get(suite);
    scopes.delete(suite);
    if (scope === undefined || scope.tracked.length === 0) return;
    environment.onProgress?.(`${suite}: deleting the ${scope.tracked.length} records its checks shared`);
    const problems = await deleteTrackedRecords(environment, scope.tracked);
    for (const message of problems) notes.push(toReportedNote({ level: 'warning', suite, message }, secrets()));
  };

  const runEntry = async (index: number, closesScope = true): Promise<void> => {
    const { check, skipReason } = planned[index]!;
    const seed = options.checkSeeds?.get(check.id) ?? deriveCheckSeed(runSeed, check.id);
    started += 1;
    if (skipReason !== undefined) {
      results[index] = toCheckResult(check, seed, { status: 'skipped', durationMs: 0, message: skipReason });
      return;
    }
    // Not run: reported as errored, so the class it belongs to cannot pass on it.
    const notRun = (error: ApicertError): void => {
      results[index] = erroredResult(check, seed, error.toInfo(), { durationMs: 0 });
    };
    if (options.targetStopped?.aborted === true) {
      const error = toErrorInfo(options.targetStopped.reason);
      interrupted ??= error.message;
      results[index] = erroredResult(check, seed, error, { durationMs: 0 });
      return;
    }
    if (options.interrupt?.aborted === true) {
      interrupted ??= interruptedMessage;
      return notRun(new RunInterruptedError(interruptedMessage));
    }
    const remainingMs = options.totalRunMs - (performance.now() - runStarted);
    if (remainingMs < minimumCheckBudgetMs) {
      interrupted ??= `the run passed its total budget of ${options.totalRunMs} ms (budgets.totalRunMs); later checks were not run`;
      return notRun(new RunBudgetExceededError(interrupted));
    }
    options.onCheckStart?.(started - 1, planned.length, check);
    let scope = scopes.get(check.suite);
    if (scope === undefined) scopes.set(check.suite, (scope = createSuiteScope()));
    const result = await runOneCheck(
      check,
      seed,
      Math.min(options.checkTimeoutMs, remainingMs),
      environment,
      scope,
      options.interrupt,
      options.targetStopped,
    );
    if (result.status === 'errored' && result.error.code === 'APICERT_RUN_INTERRUPTED')
      interrupted ??= interruptedMessage;
    if (result.status === 'errored' && stopsTheRun.has(result.error.code)) interrupted ??= result.error.message;
    results[index] = toReportedResult(result, secrets());
    // The next suite starts on a target without this one's records.
    const isLastOfSuite = !planned
      .slice(index + 1)
      .some((p) => p.check.suite === check.suite && p.skipReason === undefined);
    if (closesScope && isLastOfSuite) await closeScope(check.suite);
  };
  // Consecutive checks of a suite that allows it run side by side; its scope closes after the last.
  const runGroup = async (group: readonly number[]): Promise<void> => {
    if (group.length === 1) return runEntry(group[0]!);
    let next = 0;
    const width = Math.min(planned[group[0]!]!.sideBySide ?? 1, group.length);
    await Promise.all(
      Array.from({ length: width }, async () => {
        while (next < group.length) await runEntry(group[next++]!, false);
      }),
    );
    const suite = planned[group[0]!]!.check.suite;
    const isLastOfSuite = !planned
      .slice(group.at(-1)! + 1)
      .some((p) => p.check.suite === suite && p.skipReason === undefined);
    if (isLastOfSuite) await closeScope(suite);
  };
  const runLane = async (indexes: readonly number[]): Promise<void> => {
    for (const group of groupSideBySide(planned, indexes)) await runGroup(group);
  };

  const { main, sideLanes } = splitLanes(planned);
  const startedLanes: Promise<void>[] = [];
  const runMainLane = async (): Promise<void> => {
    for (const group of groupSideBySide(planned, main)) {
      const suite = planned[group[0]!]!.check.suite;
      const lane = sideLanes.get(suite);
      if (lane !== undefined) {
        sideLanes.delete(suite);
        const sideLane = runLane(lane);
        // Looked at below, with the main lane; meanwhile a rejection must not count as unhandled.
        sideLane.catch(() => {});
        startedLanes.push(sideLane);
      }
      if (planned[group[0]!]!.afterAllOthers === true) await Promise.allSettled(startedLanes);
      await runGroup(group);
    }
  };
  // Settled together: a side lane is never left running unwatched, even when the main lane throws.
  const [mainLane] = await Promise.allSettled([runMainLane()]);
  const lanes = [mainLane!, ...(await Promise.allSettled(startedLanes))];
  const failedLane = lanes.find((lane): lane is PromiseRejectedResult => lane.status === 'rejected');
  if (failedLane !== undefined) throw failedLane.reason;
  // Scopes of suites whose later checks the run budget cut off.
  for (const suite of [...scopes.keys()]) await closeScope(suite);
  const finished = results.filter((r): r is CheckResult => r !== undefined);
  return interrupted === undefined ? { results: finished, notes } : { results: finished, notes, interrupted };
}

/**
 * The indexes of a lane in runs to start together: consecutive checks of a suite that allows
 * several at once form one run, every other check a run of its own. Pure.
 */
export function groupSideBySide(planned: readonly PlannedCheck[], indexes: readonly number[]): number[][] {
  const groups: number[][] = [];
  for (const index of indexes) {
    const last = groups.at(-1);
    const entry = planned[index]!;
    const head = last === undefined ? undefined : planned[last[0]!]!;
    const joins =
      head !== undefined &&
      (entry.sideBySide ?? 1) > 1 &&
      (head.sideBySide ?? 1) > 1 &&
      head.check.suite === entry.check.suite;
    if (joins) last!.push(index);
    else groups.push([index]);
  }
  return groups;
}

/**
 * The planned indexes to run one after another, and the side lanes: for each suite that others may
 * run alongside, the indexes that start with its first check. A suite runs alongside another only
 * when that one has a check to run; otherwise it keeps its place in the main lane. Pure.
 */
export function splitLanes(planned: readonly PlannedCheck[]): { main: number[]; sideLanes: Map<SuiteName, number[]> } {
  const runs = (suite: SuiteName): boolean =>
    planned.some((p) => p.check.suite === suite && p.skipReason === undefined && p.alongside === undefined);
  const main: number[] = [];
  const sideLanes = new Map<SuiteName, number[]>();
  for (const [index, { alongside }] of planned.entries()) {
    const host = alongside?.find(runs);
    if (host !== undefined) sideLanes.set(host, [...(sideLanes.get(host) ?? []), index]);
    else main.push(index);
  }
  return { main, sideLanes };
}
