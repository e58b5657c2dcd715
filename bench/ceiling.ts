// Ceiling: one-at-a-time requests per second of a bare undici loop, against a bare Node server and
// against the reference server, and of the kit's client (with evidence recording) against the latter.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import { seedStore } from '../reference-server/test-support/seed-store.js';
import { serveApp } from '../reference-server/test-support/serve-app.js';
import { createKitClient } from './kit-client.js';
import { measureRates, median, type RateSample } from './measure-rate.js';

export interface CeilingResult {
  readonly samples: readonly RateSample[];
  /** Kit client / bare loop, both against the reference server: the median of the per-round ratios. */
  readonly kitRatio: number;
}

export async function measureCeiling(rounds: number, roundMs: number): Promise<CeilingResult> {
  const token = 'bench-token-0123456789abcdef';
  const served = await serveApp({ token, webhookSecret: 'bench-secret' });
  seedStore(served.reference.store.customers, 20, (i) => ({ name: `c${i}`, email: `c${i}@x.io`, tier: 'free' }));
  const page = JSON.stringify({ items: [{ id: 'cus_1', name: 'c' }], next_cursor: null, has_more: false });
  const bare = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(page);
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/customers?limit=5`;
  const referenceUrl = `${served.url}/customers?limit=5`;
  const agent = new Agent({ connections: 1 });
  const kit = createKitClient(token);
  const headers = { authorization: `Bearer ${token}` };
  try {
    const samples = await measureRates(
      [
        {
          label: 'bare undici loop → bare Node server',
          once: async () => void (await (await request(bareUrl, { dispatcher: agent, headers })).body.json()),
        },
        {
          label: 'bare undici loop → reference server',
          once: async () => void (await (await request(referenceUrl, { dispatcher: agent, headers })).body.json()),
        },
        {
          label: "kit's client (evidence on) → reference server",
          once: async () => void (await kit.send({ method: 'GET', url: referenceUrl })),
        },
      ],
      rounds,
      roundMs,
    );
    // Paired by round: each round of the kit's client ran right after a round of the bare loop, so
    // the median of the per-round ratios shrugs off a slow stretch of the machine.
    const bareRounds = samples[1]!.rounds;
    const kitRatio = median(samples[2]!.rounds.map((rate, round) => rate / bareRounds[round]!));
    return { samples, kitRatio };
  } finally {
    await kit.close();
    await agent.close();
    await new Promise<void>((resolve) => bare.close(() => resolve()));
    bare.closeAllConnections();
    await served.close();
  }
}
