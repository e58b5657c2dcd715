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

/**
 * A target that accepts one token at a time, and a client that sends whichever token it was last
 * given: `revoke` makes the target take the next token only, `refresh` hands the client the one the
 * token source has now.
 */
function rotating(source: () => string | Error, trustedForMs = 1000, onSend?: (token: string) => void) {
  const state = { sending: 'tok_1', accepting: 'tok_1', refreshRuns: 0 };
  const { client, sent } = fakeClient(() => ({ status: state.sending === state.accepting ? 200 : 401, delayMs: 5 }));
  const tokensSent: string[] = [];
  const tracking = {
    send: async (request: Parameters<typeof client.send>[0]) => {
      tokensSent.push(state.sending);
      onSend?.(state.sending);
      return client.send(request);
    },
    close: () => client.close(),
  };
  const watched = withCredentialWatch(tracking, {
    targetOrigin: origin,
    probe: async () => (await tracking.send({ method: 'GET', url: `${origin}/customers` })).response.status,
    probeLine: 'GET /customers',
    credentialSource: 'the token in APICERT_TOKEN',
    trustedForMs,
    refresh: {
      describe: 'command "print-token"',
      run: async () => {
        state.refreshRuns += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        const next = source();
        if (next instanceof Error) throw next;
        state.sending = next;
      },
    },
  });
  watched.arm();
  return { watched, state, sent, tokensSent };
}

describe('withCredentialWatch with a refresh', () => {
  it('refreshes once for refusals that come together, sends each refused request again with the new token, and goes on', async () => {
    const { watched, state, sent, tokensSent } = rotating(() => 'tok_2');
    state.accepting = 'tok_2';
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => watched.send(read)));
    expect(answers.map((answer) => answer.response.status)).toEqual([200, 200, 200, 200, 200]);
    expect(state.refreshRuns).toBe(1);
    expect(watched.credentialStopped.aborted).toBe(false);
    // Five refused, one probe refused, one accepted with the new token, five sent again with it.
    expect(tokensSent.filter((token) => token === 'tok_1')).toHaveLength(6);
    expect(tokensSent.filter((token) => token === 'tok_2')).toHaveLength(6);
    const again = sent.filter((request) => request.note !== undefined);
    expect(again.map((request) => request.note)).toEqual(
      Array(5).fill('sent again with a refreshed credential: the token it first went out with was refused'),
    );
  });

  it('refreshes again on a later refusal, once the token it gave expires too', async () => {
    let next = 1;
    const { watched, state } = rotating(() => `tok_${++next}`, 0);
    for (const accepting of ['tok_2', 'tok_3', 'tok_4']) {
      state.accepting = accepting;
      expect((await watched.send(read)).response.status).toBe(200);
      expect((await watched.send(read)).response.status).toBe(200);
    }
    expect(state.refreshRuns).toBe(3);
  });

  it('stops the run, saying why, when the refresh fails', async () => {
    const { watched, state } = rotating(() => new Error('the refresh command "print-token" failed (exit code 3)'));
    state.accepting = 'tok_2';
    const thrown = await watched.send(read).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(CredentialStoppedWorkingError);
    expect((thrown as Error).message).toBe(
      'the credential stopped working: GET /orders/1 was answered 401 after 1 request, and GET /customers, accepted at the start of the run, is refused now too; ' +
        'a new token was asked for once, and the refresh command "print-token" failed (exit code 3), so the run stopped; fix target.auth.refresh, or use a token that lasts the whole run',
    );
    expect(state.refreshRuns).toBe(1);
  });

  it('stops the run when the probe refuses the new token too', async () => {
    const { watched, state } = rotating(() => 'tok_still_wrong');
    state.accepting = 'tok_2';
    const results = await Promise.all([1, 2, 3].map(() => watched.send(read).catch((error: unknown) => error)));
    for (const result of results) expect(result).toBeInstanceOf(CredentialStoppedWorkingError);
    expect((results[0] as Error).message).toMatch(
      /is refused now too; the refresh \(command "print-token"\) gave a new token, and GET \/customers refuses it too, so the run stopped; make target\.auth\.refresh give a token the target accepts$/,
    );
    expect(state.refreshRuns).toBe(1);
  });

  it('never refreshes twice for one refusal: a new token refused again at once stops the run', async () => {
    // The target takes tok_2 for the probe after the refresh only, then refuses it too.
    let sentWithNewToken = 0;
    const { watched, state } = rotating(
      () => 'tok_2',
      0,
      (token) => {
        if (token === 'tok_2' && ++sentWithNewToken === 2) state.accepting = 'tok_3';
      },
    );
    state.accepting = 'tok_2';
    const thrown = await watched.send(read).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(CredentialStoppedWorkingError);
    expect((thrown as Error).message).toMatch(
      /; the token the refresh \(command "print-token"\) had just given for this refusal is refused as well, and one refusal never gets two refreshes, so the run stopped; the target takes new tokens back as soon as it gives them$/,
    );
    expect(state.refreshRuns).toBe(1);
  });
});
