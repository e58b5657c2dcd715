import { describe, expect, it } from 'vitest';
import type { ExchangeRecord } from '../../../harness/check-api/check-context.js';
import { judgeBadInput } from './bad-input-verdict.js';

const record = {} as ExchangeRecord;
const answered = (status: number) => ({ answered: true as const, status, durationMs: 3, record });
const closed = { answered: false as const, code: 'APICERT_HTTP_CONNECTION_FAILED', reason: 'socket hang up', record: undefined };
const silent = { answered: false as const, code: 'APICERT_HTTP_TIMEOUT', reason: 'APICERT_HTTP_TIMEOUT: no headers within 10000 ms', record: undefined };

describe('judgeBadInput', () => {
  it('takes every 4xx and a closed connection as a refusal, whatever the policy', () => {
    for (const policy of ['either', 'refuse'] as const) {
      for (const outcome of [answered(400), answered(415), answered(499), closed]) expect(judgeBadInput(outcome, policy)).toEqual({ kind: 'refused' });
    }
  });

  it('passes a 2xx with advice by default (answer first, parse later: convention 4.3), and fails it once a refusal is pinned', () => {
    expect(judgeBadInput(answered(202), 'either')).toMatchObject({ kind: 'accepted', advice: expect.stringMatching(/^answered 202, accepting it: .*convention 4\.3/) });
    expect(judgeBadInput(answered(202), 'refuse')).toEqual({ kind: 'failed', problem: 'answered 202, accepting it; webhooks.receiver.malformedBody pins "refuse" (a 4xx or a closed connection)' });
  });

  it('fails a 5xx and no answer under any policy', () => {
    for (const policy of ['either', 'refuse'] as const) {
      expect(judgeBadInput(answered(500), policy)).toEqual({ kind: 'failed', problem: "answered 500, a server error for the sender's malformed body (convention 7/1)" });
      expect(judgeBadInput(silent, policy)).toMatchObject({ kind: 'failed', problem: expect.stringContaining('gave no answer') });
    }
  });
});
