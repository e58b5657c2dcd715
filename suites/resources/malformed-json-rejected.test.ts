// resources.malformed-json-rejected names in its coverage the answers it saw (issue 35, item 4), on both servers.
import { describe, expect, it } from 'vitest';
import { runOneAgainstReference } from '../test-support/run-against-reference.js';
import { secondServerModeMatrix } from '../test-support/second-server/mode-matrix.js';
import { runOnSecondServer } from '../test-support/second-server/run-on-second-server.js';
import { malformedJsonRejected } from './malformed-json-rejected.js';

const item = 'POST /customers (malformed JSON bodies): answered';

async function onSecondServer(malformedBodyEmpty500: boolean) {
  const run = await runOnSecondServer({
    modes: secondServerModeMatrix[1]!,
    quirks: { malformedBodyEmpty500 },
    checks: [malformedJsonRejected.id],
  });
  return run.checks[0];
}

describe('resources.malformed-json-rejected coverage', () => {
  it('names the refusal it saw on the reference server, and the 500 it fails on with the defect', async () => {
    const clean = await runOneAgainstReference(malformedJsonRejected);
    expect(clean.status).toBe('passed');
    expect(clean.coverage?.covered).toContain(`${item} 400 application/json`);
    const defective = await runOneAgainstReference(malformedJsonRejected, { defects: ['500-on-malformed-json'] });
    expect(defective.status).toBe('failed');
    expect(defective.coverage?.covered).toContain(`${item} 500 application/json`);
  });

  it('names the refusal on the second server, and fails its empty text/plain 500', async () => {
    const clean = await onSecondServer(false);
    expect(clean?.status).toBe('passed');
    expect(clean?.coverage?.covered).toContain(`${item} 400 application/problem+json`);
    const quirky = await onSecondServer(true);
    expect(quirky?.status).toBe('failed');
    expect(quirky?.coverage?.covered).toContain(`${item} 500 text/plain`);
  });
});
