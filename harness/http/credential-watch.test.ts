import { describe, expect, it } from 'vitest';
import { CredentialStoppedWorkingError } from '../errors.js';
import { fakeClient } from '../runner/test-support/fake-runner-parts.js';
import { withCredentialWatch } from './credential-watch.js';

const origin = 'http://127.0.0.1:9';
const read = { method: 'GET', url: `${origin}/orders/1` };

function watching(probeAnswers: (number | undefined)[], status = 401) {
  const { client, sent } = fakeClient(() => ({ status, delayMs: 5 }));
  const probes: number[] = [];
  const watched = withCredentialWatch(client, {
    targetOrigin: origin,
    probe: async () => {
      probes.push(probes.length);
      await new Promise((resolve) => setTimeout(resolve, 20));
      return probeAnswers.shift();
    },
    probeLine: 'GET /customers',
    credentialSource: 'the token in APICERT_TOKEN',
  });
  watched.arm();
  return { watched, probes, sent };
}

describe('withCredentialWatch', () => {
  it('gives a refusal the probe still passes to the check, asking the probe once for refusals that come together', async () => {
    const { watched, probes } = watching([200]);
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => watched.send(read)));
    expect(answers.map((answer) => answer.response.status)).toEqual([401, 401, 401, 401, 401]);
    expect(probes).toHaveLength(1);
    expect(watched.credentialStopped.aborted).toBe(false);
  });

  it('stops the run when the probe is refused too, before the check sees the refusal; later requests still go out', async () => {
    const { watched, sent } = watching([403]);
    const thrown = await watched.send({ ...read, method: 'DELETE' }).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(CredentialStoppedWorkingError);
    expect((thrown as CredentialStoppedWorkingError).message).toBe(
      'the credential stopped working: DELETE /orders/1 was answered 401 after 1 request, and GET /customers, accepted at the start of the run, is refused now too, so the run stopped; the token in APICERT_TOKEN has expired or been revoked: use one that lasts the whole run',
    );
    expect(watched.credentialStopped.reason).toBe(thrown);
    // Clean-up after the stop is sent, and its answer given as it is.
    expect((await watched.send(read)).response.status).toBe(401);
    expect(sent).toHaveLength(2);
  });

  it('asks nothing of refusals it does not judge: other credentials, a 403 to a write, other origins, before it is armed', async () => {
    const { watched, probes } = watching([401, 401, 401, 401]);
    await watched.send({ ...read, credential: 'wrong' });
    await watched.send({ ...read, credential: 'none' });
    await watched.send({ ...read, url: 'http://127.0.0.2:9/orders/1' });
    const { watched: forbidding, probes: forbiddenProbes } = watching([401], 403);
    await forbidding.send({ ...read, method: 'POST' });
    const { client } = fakeClient(() => ({ status: 401 }));
    let unarmedProbes = 0;
    const unarmed = withCredentialWatch(client, {
      targetOrigin: origin,
      probe: async () => (unarmedProbes += 1),
      probeLine: 'GET /customers',
      credentialSource: 'the token',
    });
    await unarmed.send(read);
    expect([probes.length, forbiddenProbes.length, unarmedProbes]).toEqual([0, 0, 0]);
  });
});
