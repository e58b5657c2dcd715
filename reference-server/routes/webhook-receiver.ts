// The receiver role: POST /webhook-receiver takes signed deliveries (no bearer token: the
// signature over the raw bytes is the credential); GET /webhook-receiver/events/{id} and
// /records/{id} (bearer) show what it received and processed.
import express, { type Express, type Request } from 'express';
import { HttpError } from '../http/http-error.js';
import { bodyLimitBytes } from '../http/json-body.js';
import { methodNotAllowed } from '../http/method-not-allowed.js';
import type { ReceivedEvent, ReceiveOutcome } from '../webhooks/receiver-ledger.js';
import { isDigestPrefixOfSignature, verifySignatureHeader } from '../webhooks/signature.js';
import { verifyStandardWebhook } from '../webhooks/standard-webhooks-signature.js';
import type { ServerContext } from './server-context.js';

/** Mounts POST /webhook-receiver; call before the bearer-token check. */
export function mountSignedReceiver(app: Express, ctx: ServerContext): void {
  // Raw bytes, never re-serialized: the HMAC is over exactly what arrived. inflate: false keeps
  // compressed bodies out (415), since their wire bytes are not the JSON.
  const limit = ctx.defects.has('receiver-no-body-limit') ? 64 * 1024 * 1024 : bodyLimitBytes;
  const rawBody = express.raw({ type: () => true, limit, inflate: false });
  // receiver-closes-oversized: a body declared above the limit is refused by closing the connection.
  const closesOversized: express.RequestHandler = (req, _res, next) => {
    if (ctx.defects.has('receiver-closes-oversized') && Number(req.get('content-length')) > limit)
      return void req.socket.destroy();
    next();
  };
  app.post('/webhook-receiver', closesOversized, rawBody, async (req, res) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const parsed = parseJson(raw);
    if (ctx.defects.has('receiver-refuses-everything') || !isSignatureAccepted(ctx, req, raw, parsed)) {
      // receiver-marks-seen-before-verifying: the dedupe store was written before the signature was
      // checked, so the id of a delivery refused here stays marked seen.
      const claimedId = (parsed?.value as { id?: unknown } | undefined)?.id;
      if (ctx.defects.has('receiver-marks-seen-before-verifying') && typeof claimedId === 'string')
        ctx.ledger.markSeen(claimedId);
      throw new HttpError(
        401,
        'invalid_signature',
        ctx.receiverProfile === 'standard-webhooks'
          ? 'webhook-signature must be v1,<HMAC-SHA256 of id.timestamp.body>, with a timestamp within 5 minutes'
          : 'X-Signature must be sha256=<HMAC-SHA256 of the raw body>',
      );
    }
    if (parsed === undefined) {
      if (ctx.defects.has('receiver-500-on-bad-json')) throw new HttpError(500, 'internal_error', 'internal error');
      throw new HttpError(400, 'malformed_json', 'the delivery body is not valid JSON');
    }
    const event = asReceivedEvent(parsed.value);
    let answer: Record<string, unknown> = { received: true };
    if (typeof event === 'string') {
      if (!ctx.defects.has('receiver-accepts-invalid-event')) throw new HttpError(400, 'invalid_event', event);
    } else {
      const outcome = await receiveOnce(ctx, event, raw);
      if (outcome === 'rejected-duplicate')
        throw new HttpError(409, 'duplicate_event', 'this event id was already received');
      if (outcome === 'rejected-out-of-order')
        throw new HttpError(409, 'out_of_order_event', 'an update arrived before the create of its record');
      answer = { received: true, duplicate: outcome === 'duplicate' };
    }
    if (ctx.defects.has('receiver-slow-ack')) await ctx.timers.delay(ctx.tuning.receiverSlowAckMs);
    res.status(200).json(answer);
  });
  app.all('/webhook-receiver', methodNotAllowed('POST'));
}

/** Mounts the observation routes; call after the bearer-token check. */
export function mountReceiverObservation(app: Express, ctx: ServerContext): void {
  app.get('/webhook-receiver/events/:eventId', (req, res) => {
    const tally = ctx.ledger.tally(String(req.params.eventId));
    if (tally === undefined) throw new HttpError(404, 'not_found', 'no delivery with this event id was received');
    res.status(200).json(tally);
  });
  app.get('/webhook-receiver/records/:recordId', (req, res) => {
    const record = ctx.ledger.mirrored(String(req.params.recordId));
    if (record === undefined) throw new HttpError(404, 'not_found', 'no event about this record was received');
    res.status(200).json(record);
  });
}

function isSignatureAccepted(
  ctx: ServerContext,
  req: Request,
  raw: Buffer,
  parsed: { value: unknown } | undefined,
): boolean {
  if (ctx.defects.has('receiver-skips-verification')) return true;
  if (ctx.receiverProfile === 'standard-webhooks') {
    return verifyStandardWebhook(
      { id: req.get('webhook-id'), timestamp: req.get('webhook-timestamp'), signature: req.get('webhook-signature') },
      ctx.webhookSecret,
      raw,
      Math.floor(Date.now() / 1000),
      {
        ignoresTimestamp: ctx.defects.has('receiver-ignores-timestamp'),
        firstSignatureOnly: ctx.defects.has('receiver-reads-first-signature-only'),
      },
    );
  }
  // The defect re-serializes first, so any body not in JSON.stringify's exact form fails.
  const signed = ctx.defects.has('receiver-verifies-reserialized-body')
    ? Buffer.from(parsed === undefined ? '' : JSON.stringify(parsed.value), 'utf8')
    : raw;
  if (ctx.defects.has('receiver-compares-digest-prefix'))
    return isDigestPrefixOfSignature(req.get('x-signature'), ctx.webhookSecret, signed);
  return verifySignatureHeader(req.get('x-signature'), ctx.webhookSecret, signed);
}

// receiver-dedupe-not-atomic: how long the slip's store round trip takes between "seen?" and "mark
// seen". Long enough that two copies sent together both land inside it on a busy machine.
const dedupeRaceWindowMs = 150;

async function receiveOnce(ctx: ServerContext, event: ReceivedEvent, raw: Buffer): Promise<ReceiveOutcome> {
  if (!ctx.defects.has('receiver-dedupe-not-atomic')) return ctx.ledger.receive(event, raw);
  const isRepeat = ctx.ledger.isRepeat(event, raw);
  await ctx.timers.delay(dedupeRaceWindowMs);
  return ctx.ledger.receive(event, raw, isRepeat);
}

function parseJson(raw: Buffer): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(raw.toString('utf8')) as unknown };
  } catch {
    return undefined;
  }
}

// Returns the event, or why the body is not one.
function asReceivedEvent(value: unknown): ReceivedEvent | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return 'the delivery body must be a JSON object';
  const { event, id, data } = value as Record<string, unknown>;
  if (typeof event !== 'string' || event.length === 0 || event.length > 200) return 'event must be a non-empty string';
  if (typeof id !== 'string' || id.length === 0 || id.length > 200) return 'id must be a non-empty string';
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return 'data must be an object';
  const recordId = (data as Record<string, unknown>).id;
  if (recordId !== undefined && typeof recordId !== 'string') return 'data.id must be a string when present';
  if (isNestedDeeperThan(data, maxDataDepth)) return `data must not nest deeper than ${maxDataDepth} levels`;
  return { event, id, data: data as Record<string, unknown> };
}

// JSON.parse takes any depth, but JSON.stringify overflows the stack on a few thousand levels:
// kept data is answered again by GET /webhook-receiver/records/{id}, so it must stay shallow.
const maxDataDepth = 32;

function isNestedDeeperThan(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth > limit) return true;
    for (const child of Object.values(current)) pending.push([child, depth + 1]);
  }
  return false;
}
