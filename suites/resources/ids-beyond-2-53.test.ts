// Ids are kept as the target wrote them (issue 36, item 2). A gateway in front of the reference
// server gives every record a 64-bit numeric id, as a Java or Go service does, handed out one after
// the other from 2^60: neighbouring ids are the same number once read as doubles, so a kit that
// rounds them reads, replaces and deletes the wrong record (or none) and leaves its own behind. The
// verdicts behind the gateway equal those without it, every member request names an id the gateway
// gave, an id sent back in a body is a JSON number again, and nothing the kit made is left.
import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../harness/model/run-result.js';
import { runBehindProxy } from '../test-support/run-behind-proxy.js';

const suitesRun = ['resources', 'pagination'];
const onlyApi = (example: Record<string, unknown>) => ({ ...example, webhooks: {} });

/** The gateway's two-way table: the reference server's ids (cus_…) and the numbers it shows for them. */
function idGateway() {
  const numberOf = new Map<string, string>();
  const idOf = new Map<string, string>();
  let next = 2n ** 60n;
  const toNumber = (id: string): string => {
    let digits = numberOf.get(id);
    if (digits === undefined) {
      next += 1n;
      digits = next.toString();
      numberOf.set(id, digits);
      idOf.set(digits, id);
    }
    return digits;
  };
  const isInRange = (digits: string): boolean => BigInt(digits) > 2n ** 60n && BigInt(digits) < 2n ** 60n + 1_000_000n;
  return { toNumber, idOf, numberOf, isInRange };
}

async function runBehindIdGateway(): Promise<{
  run: RunResult;
  memberRequests: string[];
  unknownNumbers: string[];
  bodiesWithIds: string[];
  left: Record<string, number>;
}> {
  const gateway = idGateway();
  const memberRequests: string[] = [];
  const unknownNumbers: string[] = [];
  const bodiesWithIds: string[] = [];
  const left: Record<string, number> = {};
  const run = await runBehindProxy({
    changes: {
      forwardPath: (method, path) =>
        path.replace(/(?<=[/=])(\d{17,})(?=[/?&#]|$)/g, (digits) => {
          memberRequests.push(`${method} ${path.split('?')[0]!}`);
          const id = gateway.idOf.get(digits);
          // The kit's own unknown-id probe (99999999999999999999) is no id the gateway gave, and need not be.
          if (id === undefined && gateway.isInRange(digits)) unknownNumbers.push(digits);
          return id ?? digits;
        }),
      // A number of 17 digits or more in a body is an id; a string of digits is not (a Go decoder refuses it).
      requestBody: (_method, _path, body) => {
        const text = body.toString('utf8');
        if (!/\d{17,}/.test(text)) return body;
        bodiesWithIds.push(text);
        return Buffer.from(
          text.replace(/(?<![\d".])(\d{17,})(?![\d".])/g, (digits) =>
            JSON.stringify(gateway.idOf.get(digits) ?? digits),
          ),
        );
      },
      answerBody: (_method, _path, _status, body) =>
        Buffer.from(
          body
            .toString('utf8')
            .replace(/"((?:cus|ord|prd)_[0-9a-z]+)"/g, (_quoted, id: string) => gateway.toNumber(id)),
        ),
    },
    config: onlyApi,
    afterRun: async (server) => {
      for (const collection of ['customers', 'orders', 'products']) {
        const answer = await fetch(`${server.url}/${collection}?limit=100`, {
          headers: { authorization: `Bearer ${server.token}` },
        });
        left[collection] = ((await answer.json()) as { items: unknown[] }).items.length;
      }
    },
  });
  return { run, memberRequests, unknownNumbers, bodiesWithIds, left };
}

const verdicts = (run: RunResult) =>
  run.checks.filter((check) => suitesRun.includes(check.suite)).map((check) => `${check.id}: ${check.status}`);

describe('ids beyond 2^53, as a 64-bit service writes them', () => {
  it('are read, sent and written back exactly: the verdicts of the plain server, nothing left behind', async () => {
    const [behind, plain] = [await runBehindIdGateway(), await runBehindProxy({ changes: {}, config: onlyApi })];
    expect(verdicts(behind.run)).toEqual(verdicts(plain));
    expect(verdicts(behind.run).length).toBeGreaterThan(20);
    // The kit addressed members by the numbers it was given, each one the gateway handed out.
    expect(behind.memberRequests.length).toBeGreaterThan(30);
    expect(behind.unknownNumbers).toEqual([]);
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'])
      expect(behind.memberRequests.some((request) => request.startsWith(`${method} /`))).toBe(true);
    // An order's customerId, filled from {fixture:customers}, goes back as the number it was read as.
    expect(behind.bodiesWithIds.some((body) => /"customerId":\d{17,}[,}]/.test(body))).toBe(true);
    expect(behind.bodiesWithIds.filter((body) => /"\d{17,}"/.test(body))).toEqual([]);
    expect(behind.left).toEqual({ customers: 0, orders: 0, products: 0 });
    const warnings = behind.run.checks.flatMap((check) => check.findings.filter((f) => f.level === 'warning'));
    expect(warnings).toEqual([]);
  });
});
