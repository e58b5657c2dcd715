// A scripted cursor walk over hundreds of records while records are inserted and deleted between
// page fetches, the anchor included: keyset cursors must neither repeat nor skip a record that
// existed throughout (convention 4.2 rule 2).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../test-support/api-client.js';
import { seedStore } from '../test-support/seed-store.js';
import { serveApp, type ServedApp } from '../test-support/serve-app.js';

let ticks = 0;
// Inserted records keep landing among the seeded ones: several per millisecond, from the same
// starting millisecond as the seed.
const now = (): number => Date.UTC(2024, 0, 1) + Math.floor(ticks++ / 5);

let served: ServedApp;
let api: ApiClient;

beforeAll(async () => {
  served = await serveApp({ token: 't', webhookSecret: 's', now });
  api = createApiClient(served.url, 't');
});

afterAll(async () => {
  await api.close();
  await served.close();
});

async function createCustomer(label: string): Promise<string> {
  const answer = await api.call('POST', '/customers', { body: { name: label, email: `${label}@x.io` } });
  expect(answer.status).toBe(201);
  return answer.json.id as string;
}

it('walks 400 records with inserts and deletes (anchor included) between pages without a repeat or a gap', async () => {
  const initial = seedStore(served.reference.store.customers, 400, (index) => ({
    name: `seed${index}`,
    email: `seed${index}@x.io`,
    tier: 'free',
  }));
  const deleted = new Set<string>();
  const seen: string[] = [];
  let cursor: string | null = null;
  let pageCount = 0;
  // A fixed script so the run is reproducible: after each page, insert two records, delete the
  // anchor every third page, and delete one unseen and one already seen record.
  for (; pageCount < 200; pageCount += 1) {
    const answer = await api.call('GET', `/customers?limit=13${cursor === null ? '' : `&after=${cursor}`}`);
    expect(answer.status).toBe(200);
    const ids = (answer.json.items as { id: string }[]).map((item) => item.id);
    seen.push(...ids);
    if (!answer.json.has_more) break;
    cursor = answer.json.next_cursor as string;
    const anchor = ids[ids.length - 1]!;
    await createCustomer(`insert${pageCount}a`);
    await createCustomer(`insert${pageCount}b`);
    const victims = [initial[(pageCount * 37 + 11) % initial.length]!, seen[(pageCount * 7) % seen.length]!];
    if (pageCount % 3 === 0) victims.push(anchor);
    for (const victim of victims) {
      if (deleted.has(victim)) continue;
      expect((await api.call('DELETE', `/customers/${victim}`)).status).toBe(204);
      deleted.add(victim);
    }
  }
  expect(pageCount).toBeLessThan(200);
  expect(new Set(seen).size).toBe(seen.length);
  const missing = initial.filter((id) => !deleted.has(id) && !seen.includes(id));
  expect(missing).toEqual([]);
  expect(deleted.size).toBeGreaterThan(30);
});
