import type { CheckContext, CredentialFlaw, TargetResponse } from '../../harness/check-api/check-context.js';
import type { ExchangeRecord } from '../../harness/model/evidence.js';
import { defineCheck } from '../define-check.js';
import { asRecord, isSuccess } from '../internal/answer-shape.js';
import { locateCreatedRecord } from '../internal/fixtures/locate-created-record.js';
import { mapInParallel, settledInOrder } from '../internal/map-in-parallel.js';
import { surfaceInventory, type SurfaceOperation } from '../internal/surface-inventory.js';
import { credentialFlawNames, credentialFlawsFor } from './internal/credential-flaws.js';
import { prepareSubject, registrationProbe, requestFor, type OperationSubject } from './internal/operation-subject.js';
import { describeChangedFields, findChangedFields } from './internal/record-fields.js';
import { describePinned, isRefusedStatus } from './internal/status-policy.js';
import { isUndeclaredNotOffered } from '../internal/operations-offered.js';
import { describeStatuses } from '../internal/status-tally.js';

/** One operation that served a request lacking a valid credential, or let one change its record. */
interface Hole {
  readonly operation: string;
  readonly what: string;
  readonly exchanges: readonly ExchangeRecord[];
}

// Convention 5/1: each request carries its own credential. A request that lacks a valid one, in any
// way, is refused (401 or 403) on every operation of every collection, member, related list and
// child, and on the webhook registration, and changes nothing.
export const authRequired = defineCheck({
  id: 'resources.auth-required',
  suite: 'resources',
  conformanceClass: 'resources-auth',
  rule: '5/1, 5/2',
  level: 'normative',
  leavesOpen:
    'The kind of token and its header (5/2: not shown): target.auth. The status of a refusal: 401 or 403; pin resources.refusedStatus.',
  title: 'Every operation refuses a request without a valid credential, and changes nothing',
  proves:
    'Every operation of the surface (list, read, create, replace, change and delete on every collection and related collection, and the webhook registration) answers 401/403 to each way a request can lack a valid credential, and a refused write leaves the record as it was.',
  covers:
    'Every operation of convention 4.1 on every configured collection, member, related list and child, and the webhook registration (webhooks.sender.register) when configured.',
  probes: [...Object.values(credentialFlawNames), 'a refused write that still changes the record'],
  provenBy: [
    'auth-not-enforced',
    'wrong-token-accepted',
    'nested-routes-unauthenticated',
    'token-compared-by-prefix',
    'token-compared-by-suffix',
    'refused-write-applied',
  ],
  async run(ctx) {
    const inventory = surfaceInventory(ctx.config);
    if (inventory.lists.length === 0) return ctx.skip('no collections are configured');
    if (ctx.config.target.auth.none)
      return ctx.skip('target.auth.none says the API takes no credential, so there is none to leave out or get wrong');
    const flaws = credentialFlawsFor(ctx.config.target.auth);
    for (const { flaw, why } of flaws.leftOut) ctx.leaveOut(credentialFlawNames[flaw], why);
    // Lists side by side, each operation sent in every flawed way at once. Within a list, the list,
    // read and create probes go at once too (none writes the record, and each is judged by its status
    // alone), with the read the first write is judged against; then the writes one at a time (a served
    // DELETE or PUT would change what the next sees), each judged against the read after the one before.
    const perList = await mapInParallel(inventory.lists, ctx.config.target.concurrency, async (list) => {
      const prepared = await prepareSubject(ctx, list);
      if (!prepared.ok) return prepared;
      const { subject } = prepared;
      const operations = inventory.operations.filter((candidate) => candidate.list === list);
      const writes = operations.filter(writesMember);
      const [others, firstBefore] = await settledInOrder([
        mapInParallel(
          operations.filter((operation) => !writesMember(operation)),
          operations.length,
          (operation) => probeOperation(ctx, operation, subject, flaws.probed),
        ),
        writes.length > 0 ? readRecord(ctx, subject) : Promise.resolve(undefined),
      ] as const);
      const found: Hole[] = others.flatMap((probed) => probed.holes);
      // A probe that was served (a create that upserts on a unique field, say) may have changed the
      // record after that read; a served write, or a read that answered no record, leaves it unknown.
      // Then the record is read again, just before the next write.
      let before = found.length > 0 ? undefined : firstBefore;
      for (const operation of writes) {
        before ??= await readRecord(ctx, subject);
        const probed = await probeOperation(ctx, operation, subject, flaws.probed, before);
        found.push(...probed.holes);
        before = probed.after;
      }
      return { ok: true as const, holes: found };
    });
    const holes: Hole[] = [];
    for (const result of perList) {
      if (!result.ok) return result.outcome;
      holes.push(...result.holes);
    }
    const register = ctx.config.webhooks.sender?.register;
    for (const operation of inventory.operations.filter((candidate) => candidate.verb === 'register')) {
      holes.push(
        ...(await probeRegistration(ctx, operation, register?.body ?? {}, register?.idField ?? 'id', flaws.probed)),
      );
    }
    ctx.info(`${inventory.operations.length} operations × ${flaws.probed.length} ways to lack a valid credential`);
    if (holes.length === 0) return ctx.pass();

    const expected = describeExpected(ctx);
    const operations = new Set(holes.map((hole) => hole.operation)).size;
    const [first] = holes;
    return ctx.fail(
      `${operations} of ${inventory.operations.length} operations did not refuse a request that lacked a valid credential: ${describeHoles(holes)}`,
      {
        expected,
        actual: first === undefined ? '' : `${first.operation} ${first.what}`,
        exchanges: holes.flatMap((hole) => hole.exchanges).slice(0, 12),
      },
    );
  },
});

// Operations with the same story are named together, so a whole surface answering one wrong status
// reads as one line, not one per operation.
function describeHoles(holes: readonly Hole[]): string {
  const byWhat = new Map<string, string[]>();
  for (const hole of holes) byWhat.set(hole.what, [...(byWhat.get(hole.what) ?? []), hole.operation]);
  return [...byWhat].map(([what, operations]) => `${operations.join(', ')} ${what}`).join('; ');
}

function describeExpected(ctx: CheckContext): string {
  const pinned = ctx.config.resources.refusedStatus;
  return pinned === 'either'
    ? '401 or 403, and nothing changed'
    : `${describePinned(pinned, 'refusedStatus')}, and nothing changed`;
}

function writesMember(operation: SurfaceOperation): boolean {
  return operation.verb === 'replace' || operation.verb === 'change' || operation.verb === 'delete';
}

/** A probed operation: its holes and, after a write all refused, the record as then read (undefined: unknown). */
interface Probed {
  readonly holes: Hole[];
  readonly after?: Readonly<Record<string, unknown>>;
}

/**
 * Sends the operation with each flaw; a served one is a hole, and a refused write must leave the
 * record as `before` (read just before: an earlier operation that was served may have changed it).
 */
async function probeOperation(
  ctx: CheckContext,
  operation: SurfaceOperation,
  subject: OperationSubject,
  flaws: readonly CredentialFlaw[],
  before?: Readonly<Record<string, unknown>>,
): Promise<Probed> {
  const request = requestFor(operation, subject);
  const answers = await mapInParallel(flaws, flaws.length, async (flaw) => ({
    flaw,
    response: await ctx.request({
      ...request,
      credential: flaw,
      ...(operation.verb === 'create' ? { creates: true } : {}),
      note: `${operation.verb} with ${credentialFlawNames[flaw]}`,
    }),
  }));
  // A method the target does not offer, refused as such before any credential is looked at: nothing
  // was served, and there is no operation to protect.
  const list = operation.list;
  if (
    list !== undefined &&
    operation.verb !== 'register' &&
    operation.verb !== 'list' &&
    operation.verb !== 'read' &&
    answers.every(({ response }) => response.status === 405) &&
    isUndeclaredNotOffered(
      ctx,
      list.related ?? list.collection,
      operation.verb,
      operation.label,
      405,
      list.related === undefined ? undefined : list.collection,
    )
  )
    return { holes: [] };
  ctx.cover(
    `${operation.label} without a valid credential: answered ${describeStatuses(answers.map(({ response }) => response.status))}`,
  );
  const served = answers.filter(
    ({ response }) => !isRefusedStatus(response.status, ctx.config.resources.refusedStatus),
  );
  for (const { response } of served) {
    if (operation.verb === 'create' && isSuccess(response.status)) trackUnexpectedCreate(ctx, response, subject);
  }
  const holes: Hole[] = [];
  if (served.length > 0)
    holes.push({
      operation: operation.label,
      what: describeServed(ctx, served, flaws),
      exchanges: served.slice(0, 2).map(({ response }) => response.record),
    });
  if (!writesMember(operation) || served.length > 0) return { holes };
  const { changed, current } = await recordChanged(ctx, subject, before);
  if (changed !== undefined)
    holes.push({
      operation: operation.label,
      what: `refused every such request but the record changed: ${changed.summary}`,
      exchanges: [changed.read.record],
    });
  return { holes, ...(current !== undefined ? { after: current } : {}) };
}

async function probeRegistration(
  ctx: CheckContext,
  operation: SurfaceOperation,
  body: Readonly<Record<string, unknown>>,
  idField: string,
  flaws: readonly CredentialFlaw[],
): Promise<Hole[]> {
  const answers = await mapInParallel(flaws, flaws.length, async (flaw) => ({
    flaw,
    response: await ctx.request({
      ...registrationProbe(operation, body),
      credential: flaw,
      creates: true,
      note: `register a webhook with ${credentialFlawNames[flaw]}`,
    }),
  }));
  ctx.cover(
    `${operation.label} without a valid credential: answered ${describeStatuses(answers.map(({ response }) => response.status))}`,
  );
  const served = answers.filter(
    ({ response }) => !isRefusedStatus(response.status, ctx.config.resources.refusedStatus),
  );
  for (const { response } of served) {
    const id = asRecord(response.json)?.[idField];
    if (!isSuccess(response.status)) continue;
    if (typeof id === 'string' || typeof id === 'number')
      ctx.fixtures.track(`${operation.pathTemplate.replace(/\/+$/, '')}/${encodeURIComponent(String(id))}`);
    else
      ctx.warn(
        `${operation.label} without a valid credential answered ${response.status} without "${idField}": a subscription to 127.0.0.1:9 it made may remain on the target; remove it by hand`,
      );
  }
  if (served.length === 0) return [];
  return [
    {
      operation: operation.label,
      what: describeServed(ctx, served, flaws),
      exchanges: served.slice(0, 2).map(({ response }) => response.record),
    },
  ];
}

/** "answered 200 to a wrong token…", or, for a refusal under another pinned status, which key pins what. */
function describeServed(
  ctx: CheckContext,
  served: readonly { flaw: CredentialFlaw; response: TargetResponse }[],
  flaws: readonly CredentialFlaw[],
): string {
  const statuses = [...new Set(served.map(({ response }) => response.status))];
  const which =
    served.length === flaws.length
      ? `all ${flaws.length} ways to lack a valid credential`
      : served.map(({ flaw }) => credentialFlawNames[flaw]).join(', ');
  const pinned = ctx.config.resources.refusedStatus;
  const isOtherRefusal = pinned !== 'either' && statuses.every((status) => status === 401 || status === 403);
  return `answered ${statuses.join('/')} to ${which}${isOtherRefusal ? ` (resources.refusedStatus pins ${pinned})` : ''}`;
}

// A create that should have been refused made a record: it is still the kit's to delete.
function trackUnexpectedCreate(ctx: CheckContext, response: TargetResponse, subject: OperationSubject): void {
  const located = locateCreatedRecord(response, {
    baseUrl: ctx.baseUrl,
    postPath: subject.createPath,
    memberPrefix: subject.memberPrefix,
    idField: subject.idField,
  });
  if (located.found) ctx.fixtures.track(located.memberPath);
  else
    ctx.warn(
      `POST ${subject.createPath} without a valid credential answered ${response.status} but ${located.why}: a record it made may remain on the target`,
    );
}

async function readRecord(ctx: CheckContext, subject: OperationSubject): Promise<Readonly<Record<string, unknown>>> {
  const read = await ctx.request({
    path: subject.record.memberPath,
    note: 'read the record before the requests without a valid credential',
  });
  return (read.status === 200 ? asRecord(read.json) : undefined) ?? subject.snapshot;
}

/** Reads the record again: how it changed from `before`, if it did, and the record as read (when it answered one). */
async function recordChanged(
  ctx: CheckContext,
  subject: OperationSubject,
  before: Readonly<Record<string, unknown>> | undefined,
): Promise<{ changed?: { summary: string; read: TargetResponse }; current?: Readonly<Record<string, unknown>> }> {
  const snapshot = before ?? subject.snapshot;
  const read = await ctx.request({ path: subject.record.memberPath, note: 'verify the record is unchanged' });
  const current = asRecord(read.json);
  if (read.status !== 200 || current === undefined)
    return { changed: { summary: `the record now answers ${read.status}`, read } };
  const fields = findChangedFields(snapshot, current);
  return {
    ...(fields.length === 0 ? {} : { changed: { summary: describeChangedFields(fields, snapshot, current), read } }),
    current,
  };
}
