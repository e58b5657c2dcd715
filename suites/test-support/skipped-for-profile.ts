// Test support: the checks a run in the convention's signature profile skips, saying so, because
// they judge what only other profiles have (a signed timestamp, several signatures per header).
import type { CheckResult } from '../../harness/model/run-result.js';

/** True for a check skipped because webhooks.receiver.profile or webhooks.sender.profile has nothing for it to judge. */
export function isSkippedForProfile(check: CheckResult): boolean {
  return (
    check.status === 'skipped' && /^the \S+ profile .*\(webhooks\.(receiver|sender)\.profile\)/.test(check.message)
  );
}
