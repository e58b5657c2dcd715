// Walk: a full cursor walk over 100,000 records, through the kit's client and through a bare undici
// loop, with the latency of the first and last ten pages (cursor pages should cost the same deep).
// The two walk in turns, and each keeps its fastest walk: noise only ever adds time.
import { Agent, request } from 'undici';
import { seedStore } from '../reference-server/test-support/seed-store.js';
import { serveApp } from '../reference-server/test-support/serve-app.js';
import { createKitClient } from './kit-client.js';
import { median } from './measure-rate.js';

export interface WalkSample {
  readonly label: string;
  readonly pages: number;
  readonly items: number;
  readonly pagesPerSecond: number;
  readonly itemsPerSecond: number;
  /** Median latency of the first 10 and the last 10 pages, ms. */
  readonly firstPagesMs: number;
  readonly lastPagesMs: number;
}

interface Page {
  readonly items: readonly unknown[];
  readonly next_cursor: string | null;
  readonly has_more: boolean;
}

export async function measureCursorWalk(records: number, pageSize: number, rounds: number): Promise<WalkSample[]> {
  const token = 'bench-token-0123456789abcdef';
  const served = await serveApp({ token, webhookSecret: 'bench-secret' });
  seedStore(served.reference.store.customers, records, (i) => ({ name: `c${i}`, email: `c${i}@x.io`, tier: 'free' }));
  const kit = createKitClient(token);
  const agent = new Agent({ connections: 1 });
  const headers = { authorization: `Bearer ${token}` };
  const listUrl = (after: string | undefined) =>
    `${served.url}/customers?limit=${pageSize}${after === undefined ? '' : `&after=${encodeURIComponent(after)}`}`;
  try {
    const fetchers: ReadonlyArray<readonly [string, (url: string) => Promise<Page>]> = [
      [
        'bare undici loop',
        async (url) => (await (await request(url, { dispatcher: agent, headers })).body.json()) as Page,
      ],
      ["kit's client (evidence on)", async (url) => (await kit.send({ method: 'GET', url })).response.json as Page],
    ];
    const best = new Map<string, WalkSample>();
    for (let round = 0; round < rounds; round += 1) {
      for (const [label, fetchPage] of fetchers) {
        await walk(fetchPage, listUrl, 20); // warm-up
        const started = performance.now();
        const { latencies, items } = await walk(fetchPage, listUrl, Number.POSITIVE_INFINITY);
        const seconds = (performance.now() - started) / 1000;
        const sample: WalkSample = {
          label,
          pages: latencies.length,
          items,
          pagesPerSecond: latencies.length / seconds,
          itemsPerSecond: items / seconds,
          firstPagesMs: median(latencies.slice(0, 10)),
          lastPagesMs: median(latencies.slice(-10)),
        };
        const kept = best.get(label);
        if (kept === undefined || sample.pagesPerSecond > kept.pagesPerSecond) best.set(label, sample);
      }
    }
    const samples = [...best.values()];
    return samples;
  } finally {
    await kit.close();
    await agent.close();
    await served.close();
  }
}

async function walk(
  fetchPage: (url: string) => Promise<Page>,
  listUrl: (after: string | undefined) => string,
  maxPages: number,
): Promise<{ latencies: number[]; items: number }> {
  const latencies: number[] = [];
  let items = 0;
  let after: string | undefined;
  while (latencies.length < maxPages) {
    const started = performance.now();
    const page = await fetchPage(listUrl(after));
    latencies.push(performance.now() - started);
    items += page.items.length;
    if (!page.has_more || page.next_cursor === null) break;
    after = page.next_cursor;
  }
  return { latencies, items };
}
