// Test support: another client of a shared staging API, writing to the same lists as the kit for as
// long as a run lasts: it creates products and customers, orders under its customers, changes and
// deletes some of its own records, and remembers what each should hold. Afterwards, checkOwnRecords
// reads them all back, so a test proves the kit neither deleted nor changed what it did not write.
// One request at a time, with a short pause, and never more than `maxWrites`: it stops by itself.
import { setTimeout as delay } from 'node:timers/promises';

export interface OtherWriterOptions {
  readonly baseUrl: string;
  readonly token: string;
  /** Most writes before it stops by itself; default 3,000. */
  readonly maxWrites?: number;
  /**
   * Pause between writes; default 25 ms, about thirty writes a second: a busy staging API, short of
   * a load test (every write also sends each webhook subscribed meanwhile an event).
   */
  readonly pauseMs?: number;
}

export interface OtherWrites {
  /** Writes answered 2xx. */
  readonly writes: number;
  /** Writes not answered 2xx (a shared target may throttle; these are retried, never counted as records). */
  readonly refused: number;
  /** Member path → the fields the record must hold. */
  readonly live: ReadonlyMap<string, Readonly<Record<string, unknown>>>;
  /** Member paths it deleted. */
  readonly deleted: readonly string[];
}

export interface OtherWriter {
  /** Stops writing and says what it wrote. */
  stop(): Promise<OtherWrites>;
}

type Body = Record<string, unknown>;

/** Starts writing at once; `stop()` ends it. */
export function startOtherWriter({ baseUrl, token, maxWrites = 3000, pauseMs = 25 }: OtherWriterOptions): OtherWriter {
  const live = new Map<string, Body>();
  const deleted: string[] = [];
  const customers: string[] = [];
  let writes = 0;
  let refused = 0;
  let stopped = false;

  const send = async (method: string, path: string, body?: Body): Promise<Body | undefined> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(5000),
    });
    const text = await response.text();
    if (response.status < 200 || response.status > 299) {
      refused += 1;
      return undefined;
    }
    writes += 1;
    return text === '' ? {} : (JSON.parse(text) as Body);
  };
  const memberOf = (collection: string, record: Body | undefined) =>
    record?.['id'] === undefined ? undefined : `/${collection}/${encodeURIComponent(String(record['id']))}`;
  const create = async (collection: string, path: string, body: Body) => {
    const member = memberOf(collection, await send('POST', path, body));
    if (member !== undefined) live.set(member, body);
    return member;
  };

  let n = 0;
  const loop = async () => {
    while (!stopped && writes + refused < maxWrites) {
      n += 1;
      const own = [...live.keys()].filter((path) => path.startsWith('/products/'));
      const pick = own[n % Math.max(1, own.length)];
      const kind = n % 10;
      if (kind < 4 || pick === undefined) {
        await create('products', '/products', { sku: `OTHER-${n}`, title: `Other client product ${n}`, priceCents: n });
      } else if (kind < 6) {
        const change = { priceCents: 100_000 + n };
        if ((await send('PATCH', pick, change)) !== undefined) live.set(pick, { ...live.get(pick), ...change });
      } else if (kind < 7) {
        if ((await send('DELETE', pick)) !== undefined) {
          live.delete(pick);
          deleted.push(pick);
        }
      } else if (kind < 9 || customers.length === 0) {
        const customer = await create('customers', '/customers', {
          name: `Other client ${n}`,
          email: `other.${n}@staging.example`,
          tier: 'free',
        });
        if (customer !== undefined) customers.push(customer);
      } else {
        const parent = customers[n % customers.length]!;
        await create('orders', `${parent}/orders`, { total: n / 10, status: 'pending' });
      }
      await delay(pauseMs);
    }
  };
  const running = loop();
  return {
    async stop() {
      stopped = true;
      await running;
      return { writes, refused, live, deleted };
    },
  };
}

/** What differs from what the other client wrote: a record gone or changed, or a deleted one back. */
export async function checkOwnRecords(baseUrl: string, token: string, wrote: OtherWrites): Promise<string[]> {
  const problems: string[] = [];
  const read = async (path: string) => {
    const response = await fetch(`${baseUrl}${path}`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(5000),
    });
    return { status: response.status, body: (await response.json().catch(() => undefined)) as Body | undefined };
  };
  for (const [path, fields] of wrote.live) {
    const { status, body } = await read(path);
    if (status !== 200) problems.push(`${path}: answered ${status}`);
    else
      for (const [name, value] of Object.entries(fields))
        if (body?.[name] !== value)
          problems.push(`${path}: ${name} is ${JSON.stringify(body?.[name])}, not ${JSON.stringify(value)}`);
  }
  for (const path of wrote.deleted) {
    const { status } = await read(path);
    if (status < 400) problems.push(`${path}: deleted, but answered ${status}`);
  }
  return problems;
}
