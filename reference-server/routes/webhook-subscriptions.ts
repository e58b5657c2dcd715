// /webhooks: register, list, read and remove the URLs that receive events. The signing secret is
// write-only: no answer ever contains it.
import type { Express, RequestHandler } from 'express';
import { HttpError } from '../http/http-error.js';
import { requireObjectBody } from '../http/json-body.js';
import { methodNotAllowed } from '../http/method-not-allowed.js';
import type { StoredSubscription } from '../store.js';
import { sendListPage } from './send-list-page.js';
import type { ServerContext } from './server-context.js';

export function mountWebhookSubscriptions(app: Express, ctx: ServerContext, jsonBody: RequestHandler): void {
  const subscriptions = ctx.store.webhooks;
  const present = (subscription: StoredSubscription): Record<string, unknown> =>
    ctx.defects.has('secret-echoed')
      ? { id: subscription.id, url: subscription.url, secret: subscription.secret, createdAt: subscription.createdAt }
      : { id: subscription.id, url: subscription.url, createdAt: subscription.createdAt };
  const findOr404 = (id: string): StoredSubscription => {
    const found = subscriptions.get(id);
    if (found === undefined) throw new HttpError(404, 'not_found', 'no webhook subscription with this id');
    return found;
  };

  app.get('/webhooks', async (req, res) => {
    await sendListPage(req, res, ctx, { view: () => subscriptions.list(), idPrefix: subscriptions.idPrefix, present });
  });
  app.post('/webhooks', jsonBody, (req, res) => {
    const { url, secret } = parseSubscription(requireObjectBody(req.body));
    const now = ctx.timestamp();
    const subscription: StoredSubscription = { id: subscriptions.newId(), url, secret, createdAt: now, updatedAt: now };
    subscriptions.insert(subscription);
    res.location(`/webhooks/${subscription.id}`);
    res.status(201).json(present(subscription));
  });
  app.all('/webhooks', methodNotAllowed('GET, POST'));
  app.get('/webhooks/:id', (req, res) => {
    res.status(200).json(present(findOr404(String(req.params.id))));
  });
  app.delete('/webhooks/:id', (req, res) => {
    // Removing a subscription also stops its pending retries (the sender checks before each).
    subscriptions.remove(findOr404(String(req.params.id)).id);
    res.status(204).end();
  });
  app.all('/webhooks/:id', methodNotAllowed('GET, DELETE'));
}

// http: is allowed next to https: so subscribers on loopback can be tested; the convention's
// "HTTPS is used" (6.5) is the deployer's duty.
function parseSubscription(body: Readonly<Record<string, unknown>>): { url: string; secret: string } {
  for (const name of Object.keys(body)) {
    if (name !== 'url' && name !== 'secret')
      throw new HttpError(400, 'unknown_field', `unknown field "${name.slice(0, 60)}"; allowed: url, secret`);
  }
  const { url, secret } = body;
  if (typeof url !== 'string' || url.length > 2048 || !isHttpUrl(url)) {
    throw new HttpError(400, 'validation_failed', 'url must be an absolute http(s) URL of at most 2048 characters');
  }
  if (typeof secret !== 'string' || secret.length < 1 || secret.length > 512) {
    throw new HttpError(400, 'validation_failed', 'secret must be a string of 1 to 512 characters');
  }
  return { url, secret };
}

function isHttpUrl(text: string): boolean {
  try {
    const parsed = new URL(text);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}
