// The exit codes of apicert's outside contract (0, 1, 2, 3; 130 extends it): CI scripts gate on them,
// so they never change. The README lists them.
export const ExitCode = {
  /** Every required conformance class passed. */
  Conformant: 0,
  /** At least one required check failed or errored, or a required class was skipped, or the reports could not be written. */
  NotConformant: 1,
  /** Usage or config error: nothing was run against the target. */
  UsageOrConfig: 2,
  /** The target could not be reached at all before any check ran. */
  Unreachable: 3,
  /** An extension, the shell's code for Ctrl-C: the run was stopped before any check ran (no report). */
  Interrupted: 130,
} as const;

export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];
