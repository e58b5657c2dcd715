// resources.error-responses-are-json says in its coverage which errors it saw and judged, and which
// it hoped to provoke and did not get (issue 35, row 9), on both servers.
import { describe, expect, it } from 'vitest';
import type { ApicertConfig } from '../../harness/config/config-types.js';
import { runOneAgainstReference } from '../test-support/run-against-reference.js';
import { secondServerModeMatrix } from '../test-support/second-server/mode-matrix.js';
import { runOnSecondServer } from '../test-support/second-server/run-on-second-server.js';
import { errorResponsesAreJson } from './error-responses-are-json.js';

const malformed = 'POST /customers (a malformed JSON body)';

async function onSecondServer(malformedBodyEmpty500: boolean) {
  const run = await runOnSecondServer({
    modes: secondServerModeMatrix[0]!,
    quirks: { malformedBodyEmpty500 },
    checks: [errorResponsesAreJson.id],
  });
  const [result] = run.checks;
  if (result === undefined) throw new Error('no result');
  return result;
}

describe('resources.error-responses-are-json coverage', () => {
  it('lists each error it saw, with its answer, on the reference server', async () => {
    const result = await runOneAgainstReference(errorResponsesAreJson);
    expect(result.status).toBe('passed');
    expect(result.coverage?.covered).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^GET \/customers\/\{id\} \(an unknown id\): answered 404 application\/json, \d+ bytes$/),
        expect.stringMatching(
          /^POST \/customers \(a malformed JSON body\): answered 400 application\/json, \d+ bytes$/,
        ),
        expect.stringMatching(/^GET \/customers \(no credential\): answered 401 application\/json, \d+ bytes$/),
      ]),
    );
  });

  it('lists a malformed body answered 500 as left out, with the answer and why, and still passes on the rest', async () => {
    const result = await runOneAgainstReference(errorResponsesAreJson, { defects: ['500-on-malformed-json'] });
    expect(result.status).toBe('passed');
    expect(result.coverage?.covered).not.toContainEqual(expect.stringMatching(/malformed/));
    expect(result.coverage?.leftOut).toContainEqual({
      item: malformed,
      why: expect.stringMatching(
        /^hoped for a 4xx, answered 500 application\/json, \d+ bytes: no client error to judge the body of \(resources\.malformed-json-rejected judges the status\)$/,
      ),
    });
  });

  it('lists the credential error as left out under target.auth.none', async () => {
    const open = (config: ApicertConfig): ApicertConfig => ({
      ...config,
      target: { ...config.target, auth: { ...config.target.auth, none: true } },
    });
    const result = await runOneAgainstReference(errorResponsesAreJson, {
      defects: ['auth-not-enforced'],
      configure: open,
    });
    expect(result.status).toBe('passed');
    expect(result.coverage?.leftOut).toContainEqual({
      item: 'GET /customers (no credential)',
      why: 'target.auth.none: true: no credential to leave out',
    });
  });

  it('still fails on a plain-text error body', async () => {
    const result = await runOneAgainstReference(errorResponsesAreJson, { defects: ['error-body-not-json'] });
    expect(result.status).toBe('failed');
  });

  it('lists the problem+json errors it judged on the second server', async () => {
    const result = await onSecondServer(false);
    expect(result.status).toBe('passed');
    expect(result.coverage?.covered).toContainEqual(
      expect.stringMatching(
        /^POST \/customers \(a malformed JSON body\): answered 400 application\/problem\+json, \d+ bytes$/,
      ),
    );
  });

  it('lists the second server answering a malformed body 500 text/plain, empty, as Feathers does, as left out', async () => {
    const result = await onSecondServer(true);
    expect(result.status).toBe('passed');
    expect(result.coverage?.leftOut).toContainEqual({
      item: malformed,
      why: 'hoped for a 4xx, answered 500 text/plain, empty: no client error to judge the body of (resources.malformed-json-rejected judges the status)',
    });
    expect(result.coverage?.covered).toContainEqual(
      expect.stringMatching(/^GET \/customers\/\{id\} \(an unknown id\): answered 404 application\/problem\+json/),
    );
  });
});
