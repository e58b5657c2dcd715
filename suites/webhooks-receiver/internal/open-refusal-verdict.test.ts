import { describe, expect, it } from 'vitest';
import type { ExchangeRecord } from '../../../harness/check-api/check-context.js';
import { judgeOpenRefusal } from './open-refusal-verdict.js';

const record = {} as ExchangeRecord;
const answered = (status: number) => ({ answered: true as const, status, durationMs: 3, record });
const closed = {
  answered: false as const,
  code: 'APICERT_HTTP_CONNECTION_FAILED',
  reason: 'APICERT_HTTP_CONNECTION_FAILED: the connection was reset',
  record: undefined,
};
const silent = {
  answered: false as const,
  code: 'APICERT_HTTP_TIMEOUT',
  reason: 'APICERT_HTTP_TIMEOUT: no headers within 10000 ms',
  record: undefined,
};

describe('judgeOpenRefusal', () => {
  it('takes a 4xx or a closed connection as refused, whatever the policy', () => {
    for (const policy of ['either', 'refuse'] as const) {
      for (const outcome of [answered(400), answered(413), closed])
        expect(judgeOpenRefusal(outcome, policy, 'webhooks.receiver.x')).toEqual({ kind: 'refused' });
    }
  });

  it('by default accepts a 2xx or a 5xx with advice, and fails only no answer', () => {
    expect(judgeOpenRefusal(answered(200), 'either', 'webhooks.receiver.x')).toMatchObject({
      kind: 'accepted',
      advice: expect.stringMatching(/^answered 200, accepting it: the convention leaves this open/),
    });
    expect(judgeOpenRefusal(answered(500), 'either', 'webhooks.receiver.x')).toMatchObject({
      kind: 'accepted',
      advice: expect.stringContaining('a 5xx invites the sender to retry'),
    });
    expect(judgeOpenRefusal(silent, 'either', 'webhooks.receiver.x')).toMatchObject({
      kind: 'failed',
      problem: expect.stringContaining('a receiver answers quickly (convention 4.3, 6/3)'),
    });
  });

  it("fails a 5xx under any policy when the check says a server error misreports the sender's bad body", () => {
    for (const policy of ['either', 'refuse'] as const) {
      expect(judgeOpenRefusal(answered(500), policy, 'webhooks.receiver.x', 'fail')).toEqual({
        kind: 'failed',
        problem: "answered 500, a server error for the sender's bad body (convention 7/1)",
      });
    }
    expect(judgeOpenRefusal(answered(202), 'either', 'webhooks.receiver.x', 'fail')).toMatchObject({
      kind: 'accepted',
    });
  });

  it('pinned to refuse, fails a 2xx and a 5xx', () => {
    expect(judgeOpenRefusal(answered(202), 'refuse', 'webhooks.receiver.x')).toEqual({
      kind: 'failed',
      problem: 'answered 202, accepting it; webhooks.receiver.x pins "refuse" (a 4xx or a closed connection)',
    });
    expect(judgeOpenRefusal(answered(503), 'refuse', 'webhooks.receiver.x')).toMatchObject({ kind: 'failed' });
  });
});
