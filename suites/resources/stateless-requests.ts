import type { CheckContext, TargetResponse } from '../../harness/check-api/check-context.js';
import type { ExchangeRecord } from '../../harness/model/evidence.js';
import { defineCheck } from '../define-check.js';
import { asRecord, isSuccess } from '../internal/answer-shape.js';
import { surfaceInventory } from '../internal/surface-inventory.js';
import { ensureListed, type ListUnderTest } from './internal/listed-records.js';
import { cookieHeaderOf } from './internal/cookie-header.js';
import { mapInParallel } from '../internal/map-in-parallel.js';

/** One way a list showed state carried from an earlier request. */
interface Carried {
  readonly list: string;
  readonly what: string;
  readonly exchanges: readonly ExchangeRecord[];
}

// Convention 1 and 5/1: the service keeps no per-client conversation state; each request carries
// everything needed to handle it. Derived from the ways a server can carry state from one request
// to the next: a session it needs (a cookie, an earlier request on the connection), a credential it
// remembers (per connection, per client, in a cookie it set), a setting it remembers (a page size).
export const statelessRequests = defineCheck({
  id: 'resources.stateless-requests',
  suite: 'resources',
  conformanceClass: 'resources-auth',
  rule: '1, 5/1',
  level: 'normative',
  title: 'Each request stands alone: no session is needed, and none stands in for the credential',
  proves:
    'On every list, the same credentialed request succeeds repeatedly without cookies, on a shared and a fresh connection; a request without the credential is refused right after a valid one on the same connection, on a new one, and with any cookie the service set; and a page size sent once is not applied to a later request that sends none.',
  covers:
    'Every configured list: each collection and each related list (under a parent the kit creates). Under target.auth.none the credential probes are left out (no credential to judge), and the check is skipped unless it finds state carried.',
  probes: [
    'a session needed: a later request on the same connection without a cookie',
    'a session needed: a request on a fresh connection',
    'the credential remembered for the connection',
    'the credential remembered for the client (a fresh connection)',
    'a cookie the service set standing in for the credential',
    'a page size remembered from an earlier request',
  ],
  provenBy: [
    'session-cookie-required',
    'credential-remembered-per-connection',
    'session-cookie-stands-in-for-token',
    'page-size-remembered',
  ],
  async run(ctx) {
    const inventory = surfaceInventory(ctx.config);
    if (inventory.lists.length === 0) return ctx.skip('no collections are configured');
    const carried: Carried[] = [];
    // Every top-level list is probed for a needed session before the kit writes anything: a server
    // that needs one would refuse the writes first, and the failure would name the wrong cause.
    // Side by side, each on a connection of its own; read in list order.
    const topLevel = [...inventory.lists.entries()].filter(([, target]) => target.related === undefined);
    const sessions = await mapInParallel(topLevel, ctx.config.target.concurrency, ([index, target]) =>
      probeSession(ctx, target.label, target.collection.path, `list-${index}`),
    );
    for (const [position, [, target]] of topLevel.entries()) {
      ctx.cover(`GET ${target.label}`);
      carried.push(...sessions[position]!);
    }
    if (carried.length > 0) {
      for (const target of inventory.lists.filter((candidate) => candidate.related !== undefined)) {
        ctx.leaveOut(
          `GET ${target.label}`,
          'the service needs a session, so the records these probes need cannot be written',
        );
      }
    } else {
      // Then the lists side by side, each on connections of its own; the verdict reads them in order.
      const perList = await mapInParallel(inventory.lists, ctx.config.target.concurrency, async (target, index) => {
        const prepared = await ensureListed(ctx, target, 2);
        if (!prepared.ok) return prepared;
        const found: Carried[] = [];
        if (target.related !== undefined) {
          ctx.cover(`GET ${target.label}`);
          found.push(...(await probeSession(ctx, target.label, prepared.list.path, `list-${index}`)));
        }
        if (found.length === 0) found.push(...(await probeRemembered(ctx, prepared.list, `list-${index}`)));
        return { ok: true as const, found };
      });
      for (const result of perList) {
        if (!result.ok) return result.outcome;
        carried.push(...result.found);
      }
    }
    if (carried.length === 0) {
      // With no credential, the probes that need none (a session, a page size) judge only that no
      // state is needed; the rule this class stands for, that state never stands in for the
      // credential, went unjudged. A pass here would pass resources-auth on it alone (issue 35, row 8).
      return ctx.config.target.auth.none
        ? ctx.skip(
            `${noCredential} (a credential remembered for the connection or the client, a cookie standing in for it); the probes that need none found no state carried, which does not judge rule 5/1`,
          )
        : ctx.pass();
    }
    const lists = [...new Set(carried.map((entry) => entry.list))];
    return ctx.fail(
      `${lists.length} of ${inventory.lists.length} lists carry state from one request to the next: ${carried.map((entry) => `${entry.list} ${entry.what}`).join('; ')}`,
      {
        expected:
          'each request handled on its own: the credential on every request, no cookie or earlier request needed',
        actual: `${carried[0]!.list} ${carried[0]!.what}`,
        exchanges: carried.flatMap((entry) => entry.exchanges).slice(0, 12),
      },
    );
  },
});

// A session the server needs: on one dedicated connection, and on a fresh one, without cookies.
async function probeSession(ctx: CheckContext, label: string, path: string, connection: string): Promise<Carried[]> {
  const attempts = [
    { connection: `${connection}-session`, note: 'first request on a connection, no cookie' },
    { connection: `${connection}-session`, note: 'second request on the same connection, no cookie' },
    { connection: `${connection}-session`, note: 'third request on the same connection, no cookie' },
    { freshConnection: true, note: 'a fresh connection, no cookie' },
  ];
  // Its own exchanges, not the check's last few: other lists are probed meanwhile.
  const exchanges: ExchangeRecord[] = [];
  for (const attempt of attempts) {
    const response = await ctx.request({ path, ...attempt });
    exchanges.push(response.record);
    if (response.status !== 200) {
      const hint = response.headers['set-cookie'] === undefined ? '' : ' (the target sets a cookie: session state?)';
      return [
        {
          list: label,
          what: `answered ${response.status} to a valid request (${attempt.note})${hint}; expected 200`,
          exchanges,
        },
      ];
    }
  }
  return [];
}

/** Why the credential probes are left out of an API that takes no credential (target.auth.none). */
const noCredential = 'target.auth.none: true: no credential to judge';

const credentialProbes = [
  'the credential remembered for the connection',
  'the credential remembered for the client',
  'a cookie standing in for the credential',
] as const;

// A credential or a setting the server remembers from an earlier request.
async function probeRemembered(ctx: CheckContext, list: ListUnderTest, connection: string): Promise<Carried[]> {
  const { path } = list;
  const carried: Carried[] = [];
  const add = (what: string, ...responses: TargetResponse[]): void =>
    void carried.push({ list: list.label, what, exchanges: responses.map((r) => r.record) });
  // Served or not is what shows state; which refusal status is right is resources.auth-required's to judge.
  const refused = (status: number): boolean => !isSuccess(status);
  const expected = 'a refusal';
  const pinned = `${connection}-remembered`;

  if (ctx.config.target.auth.none) {
    for (const probe of credentialProbes) ctx.leaveOut(`${list.label}: ${probe}`, noCredential);
    return probeRememberedSize(ctx, list, pinned);
  }

  // A service that serves requests without any credential remembers nothing here: its hole is
  // resources.auth-required's to judge, not a state to blame.
  const unauthenticated = await ctx.request({
    path,
    credential: 'none',
    freshConnection: true,
    note: 'a request without the credential, before any valid one',
  });
  if (isSuccess(unauthenticated.status)) {
    for (const probe of credentialProbes) {
      ctx.leaveOut(
        `${list.label}: ${probe}`,
        `it answered ${unauthenticated.status} to a request without the credential before any valid one (resources.auth-required judges that)`,
      );
    }
    return [...carried, ...(await probeRememberedSize(ctx, list, pinned))];
  }

  // The credential, remembered for the connection that carried it, or for the client on a new one.
  const valid = await ctx.request({ path, connection: pinned, note: 'a valid request first' });
  const cookie = cookieHeaderOf(valid.headers['set-cookie']);
  const sameConnection = await ctx.request({
    path,
    connection: pinned,
    credential: 'none',
    note: 'then the same request without the credential, on the same connection',
  });
  if (!refused(sameConnection.status))
    add(
      `served a request without the credential (${sameConnection.status}) on a connection that had carried a valid one; expected ${expected}`,
      valid,
      sameConnection,
    );
  const freshConnection = await ctx.request({
    path,
    credential: 'none',
    freshConnection: true,
    note: 'the same request without the credential, on a new connection',
  });
  if (!refused(freshConnection.status))
    add(
      `served a request without the credential (${freshConnection.status}) right after a valid one from the same client; expected ${expected}`,
      freshConnection,
    );

  // A cookie it set, standing in for the credential.
  if (cookie === undefined) {
    ctx.cover(`${list.label}: the service set no cookie`);
  } else {
    const withCookie = await ctx.request({
      path,
      credential: 'none',
      headers: { cookie },
      freshConnection: true,
      note: 'the cookies the service set, without the credential',
    });
    if (!refused(withCookie.status))
      add(
        `served a request that carried only the cookie it had set (${withCookie.status}); expected ${expected}`,
        withCookie,
      );
  }

  carried.push(...(await probeRememberedSize(ctx, list, pinned)));
  return carried;
}

// A page size sent once, applied to a later request that sends none on the same connection.
async function probeRememberedSize(ctx: CheckContext, list: ListUnderTest, pinned: string): Promise<Carried[]> {
  const { path } = list;
  const carried: Carried[] = [];
  const add = (what: string, ...responses: TargetResponse[]): void =>
    void carried.push({ list: list.label, what, exchanges: responses.map((r) => r.record) });
  const sizeParam = list.styles.includes('offset') || list.styles.includes('cursor') ? 'limit' : 'per_page';
  const before = await ctx.request({ path, connection: pinned, note: 'the default page' });
  const small = await ctx.request({
    path,
    connection: pinned,
    query: { [sizeParam]: 1 },
    note: `a page of one (${sizeParam}=1)`,
  });
  const after = await ctx.request({ path, connection: pinned, note: 'the default page again' });
  const [sizeBefore, sizeAfter] = [itemCount(before), itemCount(after)];
  if (sizeBefore === undefined || sizeAfter === undefined || sizeBefore < 2) {
    ctx.leaveOut(
      `${list.label}: a remembered page size`,
      `the default page held ${sizeBefore ?? 'no list of'} items, so a page of one would not differ`,
    );
  } else if (sizeAfter < sizeBefore && sizeAfter === itemCount(small)) {
    add(
      `answered a request without a page size with ${sizeAfter} item(s), the size an earlier request asked for (${sizeParam}=1); it had answered ${sizeBefore}`,
      before,
      small,
      after,
    );
  }
  return carried;
}

function itemCount(response: TargetResponse): number | undefined {
  const items = asRecord(response.json)?.items;
  return response.status === 200 && Array.isArray(items) ? items.length : undefined;
}
