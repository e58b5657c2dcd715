import { describe, expect, it } from 'vitest';
import {
  HttpBodyTooLargeError,
  HttpConnectionError,
  HttpTimeoutError,
  TargetStoppedAnsweringError,
} from '../errors.js';
import type { HttpClient, HttpExchange, HttpRequest } from './http-types.js';
import { withUnansweredBreaker } from './unanswered-breaker.js';

const target = 'http://127.0.0.1:9';

type Answer = number | Error;

/** A client whose answers come from a queue: a status, or an error to throw. */
function scriptedClient(answers: Answer[]): { client: HttpClient; sent: HttpRequest[] } {
  const sent: HttpRequest[] = [];
  const client: HttpClient = {
    async send(request) {
      sent.push(request);
      const answer = answers.shift() ?? 200;
      if (answer instanceof Error) throw answer;
      return {
        response: { status: answer, headers: {}, body: Buffer.alloc(0), text: '', json: undefined },
        durationMs: 1,
      } as unknown as HttpExchange;
    },
    async close() {},
  };
  return { client, sent };
}

const timeout = (): Error => new HttpTimeoutError('no response headers within 300 ms');
const reset = (): Error => new HttpConnectionError('connection reset by the target (ECONNRESET)');

async function sendAll(client: HttpClient, requests: readonly HttpRequest[]): Promise<string[]> {
  const outcomes: string[] = [];
  for (const request of requests) {
    try {
      outcomes.push(String((await client.send(request)).response.status));
    } catch (error) {
      outcomes.push((error as { code: string }).code);
    }
  }
  return outcomes;
}

const get = (path = '/customers'): HttpRequest => ({ method: 'GET', url: `${target}${path}` });

describe('withUnansweredBreaker', () => {
  it('stops after the limit of time-outs and resets in a row, naming the budgets to raise', async () => {
    const { client } = scriptedClient([timeout(), reset(), timeout()]);
    const breaker = withUnansweredBreaker(client, { targetOrigin: target, limit: 3, requestTimeoutMs: 300 });
    await sendAll(breaker, [get(), get()]);
    expect(breaker.stopped.aborted).toBe(false);
    await sendAll(breaker, [get()]);
    expect(breaker.stopped.aborted).toBe(true);
    const reason = breaker.stopped.reason as TargetStoppedAnsweringError;
    expect(reason).toBeInstanceOf(TargetStoppedAnsweringError);
    expect(reason.code).toBe('APICERT_TARGET_STOPPED_ANSWERING');
    expect(reason.message).toBe(
      'the target stopped answering: 3 exchanges in a row timed out or were reset, so the run stopped; ' +
        'if the target is only slow, raise budgets.requestTimeoutMs (300 ms), or budgets.unansweredInARow (3) to allow more in a row',
    );
  });

  it('is stopped by the time the unanswered request rejects, so its caller sees the stop first', async () => {
    const { client } = scriptedClient([timeout()]);
    const breaker = withUnansweredBreaker(client, { targetOrigin: target, limit: 1, requestTimeoutMs: 300 });
    await expect(breaker.send(get())).rejects.toSatisfy(() => breaker.stopped.aborted);
    expect(breaker.stopped.reason).toMatchObject({
      message: expect.stringMatching(/^the target stopped answering: 1 exchange timed out or was reset,/),
    });
  });

  it('starts counting again after any answer, whatever its status or size', async () => {
    const { client } = scriptedClient([
      timeout(),
      timeout(),
      500,
      timeout(),
      timeout(),
      new HttpBodyTooLargeError('too large'),
      timeout(),
      timeout(),
    ]);
    const breaker = withUnansweredBreaker(client, { targetOrigin: target, limit: 3, requestTimeoutMs: 300 });
    await sendAll(
      breaker,
      Array.from({ length: 8 }, () => get()),
    );
    expect(breaker.stopped.aborted).toBe(false);
  });

  it('neither counts nor resets on exchanges with another origin', async () => {
    const { client } = scriptedClient([timeout(), timeout(), 200, timeout()]);
    const breaker = withUnansweredBreaker(client, { targetOrigin: target, limit: 3, requestTimeoutMs: 300 });
    await sendAll(breaker, [get(), get(), { method: 'GET', url: 'http://127.0.0.2:9/next' }, get()]);
    expect(breaker.stopped.aborted).toBe(true);
    const other = withUnansweredBreaker(scriptedClient([timeout(), timeout(), timeout()]).client, {
      targetOrigin: target,
      limit: 3,
      requestTimeoutMs: 300,
    });
    await sendAll(
      other,
      Array.from({ length: 3 }, () => ({ method: 'POST', url: 'http://127.0.0.2:9/receiver' })),
    );
    expect(other.stopped.aborted).toBe(false);
  });

  it('does not count a request its caller abandoned', async () => {
    const abandoned = new AbortController();
    abandoned.abort(new Error('check budget spent'));
    const { client } = scriptedClient([timeout(), timeout(), timeout()]);
    const breaker = withUnansweredBreaker(client, { targetOrigin: target, limit: 3, requestTimeoutMs: 300 });
    await sendAll(
      breaker,
      Array.from({ length: 3 }, () => ({ ...get(), signal: abandoned.signal })),
    );
    expect(breaker.stopped.aborted).toBe(false);
  });

  it("counts a webhook delivery's time-out but not its closed connection, which is how a receiver may refuse it", async () => {
    const delivery: HttpRequest = { method: 'POST', url: `${target}/webhook-receiver`, isWebhookDelivery: true };
    const refusing = withUnansweredBreaker(scriptedClient([reset(), reset(), reset()]).client, {
      targetOrigin: target,
      limit: 3,
      requestTimeoutMs: 300,
    });
    await sendAll(refusing, [delivery, delivery, delivery]);
    expect(refusing.stopped.aborted).toBe(false);
    const hanging = withUnansweredBreaker(scriptedClient([timeout(), timeout(), timeout()]).client, {
      targetOrigin: target,
      limit: 3,
      requestTimeoutMs: 300,
    });
    await sendAll(hanging, [delivery, delivery, delivery]);
    expect(hanging.stopped.aborted).toBe(true);
  });

  it('once stopped, still sends requests (clean-up), until one more goes unanswered; then fails them at once', async () => {
    const { client, sent } = scriptedClient([timeout(), timeout(), 204, 204, timeout(), 204]);
    const breaker = withUnansweredBreaker(client, { targetOrigin: target, limit: 2, requestTimeoutMs: 300 });
    await sendAll(breaker, [get(), get()]);
    expect(breaker.stopped.aborted).toBe(true);
    const deletes = ['/customers/1', '/customers/2', '/customers/3', '/customers/4', '/customers/5'].map((path) => ({
      method: 'DELETE',
      url: `${target}${path}`,
    }));
    expect(await sendAll(breaker, deletes)).toEqual([
      '204',
      '204',
      'APICERT_HTTP_TIMEOUT',
      'APICERT_TARGET_STOPPED_ANSWERING',
      'APICERT_TARGET_STOPPED_ANSWERING',
    ]);
    expect(sent).toHaveLength(5);
    // Another origin is not the silent target.
    expect(await sendAll(breaker, [{ method: 'GET', url: 'http://127.0.0.2:9/' }])).toEqual(['204']);
  });
});
