// A check that provokes errors says in its coverage what it was answered (issue 35, item 4): a pass
// seen on one kind of answer must not read as one that saw every kind. On the reference server and
// on the second implementation, which refuse and bound differently.
import { describe, expect, it } from 'vitest';
import type { RunResult } from '../harness/model/run-result.js';
import { runBehindProxy } from './test-support/run-behind-proxy.js';
import { runOnSecondServer } from './test-support/second-server/run-on-second-server.js';
import { secondServerModeMatrix } from './test-support/second-server/mode-matrix.js';

const checks = ['resources.auth-required', 'pagination.invalid-params', 'pagination.explored-queries'];
const coveredBy = (run: RunResult, id: string) => run.checks.find((check) => check.id === id)?.coverage?.covered ?? [];

describe.each([
  ['reference', () => runBehindProxy({ changes: {}, checks })],
  ['second server', () => runOnSecondServer({ modes: secondServerModeMatrix[1]!, checks })],
] as const)('%s', (_name, run) => {
  it('names the statuses each credential probe, each invalid parameter and each explored query was answered with', async () => {
    const result = await run();
    for (const id of checks) expect(result.checks.find((check) => check.id === id)?.status).toBe('passed');
    expect(coveredBy(result, 'resources.auth-required')).toContainEqual(
      expect.stringMatching(/^PUT \/customers\/\{id\} without a valid credential: answered 40[13] \(8 of 8\)$/),
    );
    expect(coveredBy(result, 'pagination.invalid-params')).toContainEqual(
      expect.stringMatching(/^GET \/customers with invalid or over-max parameters: answered \d{3} \(\d+/),
    );
    // Windows are answered 200 (or refused, above the maximum, as pagination.overMaxPolicy allows), malformed values 4xx.
    expect(coveredBy(result, 'pagination.explored-queries')).toContainEqual(
      expect.stringMatching(
        /^GET \/customers [a-z_]+\/[a-z_]+: \d+ explored queries; those asking for a window of the list answered 200 \(\d+.*; those with a malformed value answered 4\d\d \(\d+/,
      ),
    );
  });
});
