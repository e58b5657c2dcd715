// Chooses which checks run: the selected suites, each check skipped with a reason when its suite
// cannot be driven by the config. Pure.
import type { SuiteDefinition } from '../check-api/suite-definition.js';
import type { ApicertConfig } from '../config/config-types.js';
import type { SuiteName } from '../model/run-result.js';
import type { PlannedCheck } from './run-checks.js';

export function planChecks(
  suites: readonly SuiteDefinition[],
  config: ApicertConfig,
  selected: readonly SuiteName[] | undefined,
  extraSkipReasons: Partial<Record<SuiteName, string>> = {},
  /** Only these checks, by id (apicert replay); default every check of the selected suites. */
  onlyChecks?: ReadonlySet<string>,
): PlannedCheck[] {
  return suites
    .filter((suite) => selected === undefined || selected.includes(suite.name))
    .flatMap((suite) => {
      const skipReason = suite.whyNotRunnable(config) ?? extraSkipReasons[suite.name];
      return suite.checks
        .filter((check) => onlyChecks === undefined || onlyChecks.has(check.id))
        .map((check) => ({
          check,
          ...(skipReason !== undefined ? { skipReason } : {}),
          ...(suite.runsAlongside !== undefined ? { alongside: suite.runsAlongside } : {}),
          ...(suite.checksSideBySide !== undefined && suite.checksAlone?.includes(check.id) !== true
            ? { sideBySide: suite.checksSideBySide }
            : {}),
          ...(suite.runsAfterAllOthers === true ? { afterAllOthers: true } : {}),
        }));
    });
}
