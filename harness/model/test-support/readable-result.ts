// For assertions: a check result whose every variant's fields can be read. A test asserts the status
// first, then reads `message`, `error` or `counterexample` without narrowing by hand; the model
// itself keeps each field on the variant it belongs to.
import type { CheckResult, ErroredCheck, FailedCheck } from '../run-result.js';

export type ReadableResult = CheckResult &
  Partial<Pick<FailedCheck, 'message' | 'expected' | 'actual' | 'counterexample' | 'replayPath'>> &
  Partial<Pick<ErroredCheck, 'error'>>;
