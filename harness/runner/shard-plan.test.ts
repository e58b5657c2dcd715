import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { suites as registry } from '../../suites/index.js';
import type { ApicertConfig } from '../config/config-types.js';
import { validateConfig } from '../config/validate-config.js';
import { UsageError } from '../errors.js';
import { planChecks } from './plan-checks.js';
import { configOfShard, linkedCollections, planShards } from './shard-plan.js';

function configOf(raw: unknown): ApicertConfig {
  const validation = validateConfig(raw);
  if (!validation.ok) throw new Error(validation.problems.join('\n'));
  return validation.config;
}

const example = configOf(
  JSON.parse(readFileSync(new URL('../../apicert.config.example.json', import.meta.url), 'utf8')),
);

interface Shape {
  readonly collections: number;
  /** [from, to]: collection `from` names `to` with {fixture:}; only to earlier ones, as fixtures cannot loop. */
  readonly fixtures: readonly (readonly [number, number])[];
  /** [from, to]: a list nested under `from` whose members live under collection `to`'s path. */
  readonly nested: readonly (readonly [number, number])[];
  readonly sender?: number;
  readonly receiver: boolean;
}

function rawConfig(shape: Shape): unknown {
  const name = (i: number): string => `c${i}`;
  return {
    target: { baseUrl: 'http://127.0.0.1:1' },
    collections: Array.from({ length: shape.collections }, (_, i) => {
      const refs = shape.fixtures.filter(([from]) => from === i).map(([, to]) => to);
      const nested = shape.nested
        .filter(([from]) => from === i)
        .map(([, to], n) => ({
          name: `n${i}x${n}`,
          path: `/${name(i)}/{id}/kids${n}`,
          memberPath: `/${name(to)}/{childId}`,
          sample: { n: '{unique}' },
        }));
      return {
        name: name(i),
        path: `/${name(i)}`,
        sample: {
          title: 'x {unique}',
          ...Object.fromEntries(refs.map((to, r) => [`ref${r}`, `{fixture:${name(to)}}`])),
        },
        ...(nested.length > 0 ? { related: nested } : {}),
      };
    }),
    webhooks: {
      ...(shape.sender !== undefined
        ? {
            sender: {
              register: { method: 'POST', path: '/hooks', body: { url: '{sinkUrl}' } },
              collection: name(shape.sender),
            },
          }
        : {}),
      ...(shape.receiver ? { receiver: { url: '/receiver' } } : {}),
    },
  };
}

const shapes: fc.Arbitrary<Shape> = fc.integer({ min: 1, max: 7 }).chain((collections) => {
  const pair = fc.tuple(fc.integer({ min: 0, max: collections - 1 }), fc.integer({ min: 0, max: collections - 1 }));
  return fc.record({
    collections: fc.constant(collections),
    fixtures: fc.array(pair, { maxLength: 3 }).map((pairs) => pairs.filter(([from, to]) => to < from)),
    nested: fc.array(pair, { maxLength: 3 }),
    sender: fc.option(fc.integer({ min: 0, max: collections - 1 }), { nil: undefined }),
    receiver: fc.boolean(),
  }) as fc.Arbitrary<Shape>;
});

/** How many ways the config splits: the largest count planShards accepts. */
function unitsOf(config: ApicertConfig): number {
  for (let count = config.collections.length + 2; count >= 1; count -= 1) {
    try {
      planShards(config, count);
      return count;
    } catch {
      // too many
    }
  }
  return 0;
}

/**
 * What each shard judges, as (check, collection) for the checks that judge each collection and
 * (check) for the others: the runner's own plan of each shard's checks on the shard's config.
 */
function judgedUnits(config: ApicertConfig, count: number): string[][] {
  return planShards(config, count).map((part) => {
    const shardConfig = configOfShard(config, part);
    return planChecks(registry, shardConfig, part.suites).flatMap(({ check }) => {
      if (check.suite === 'resources' || check.suite === 'pagination')
        return shardConfig.collections.map((c) => `${check.id} on ${c.name}`);
      return [check.id];
    });
  });
}

describe('planShards', () => {
  it('splits the example config into its linked collections, the sender with its collection, and the receiver', () => {
    expect(planShards(example, 3)).toEqual([
      {
        collections: ['customers', 'orders'],
        suites: ['resources', 'pagination', 'webhooks-sender', 'openapi-contract'],
      },
      { collections: [], suites: ['webhooks-receiver', 'openapi-contract'] },
      { collections: ['products'], suites: ['resources', 'pagination', 'openapi-contract'] },
    ]);
    expect(planShards(example, 1)).toEqual([
      {
        collections: ['customers', 'orders', 'products'],
        suites: ['resources', 'pagination', 'webhooks-sender', 'webhooks-receiver', 'openapi-contract'],
      },
    ]);
  });

  it('refuses more shards than parts that can run apart, saying how many there are', () => {
    expect(() => planShards(example, 4)).toThrow(UsageError);
    expect(() => planShards(example, 4)).toThrow(
      /only 3 parts.*customers\+orders, products, webhooks-receiver.*at most 3 shards/,
    );
  });

  it('splits only the suites --suite names', () => {
    expect(planShards(example, 1, ['webhooks-receiver'])).toEqual([{ collections: [], suites: ['webhooks-receiver'] }]);
    expect(() => planShards(example, 2, ['webhooks-receiver'])).toThrow(
      /the run of the suites --suite names splits into only 1 part/,
    );
    expect(planShards(example, 2, ['pagination'])).toEqual([
      { collections: ['customers', 'orders'], suites: ['pagination'] },
      { collections: ['products'], suites: ['pagination'] },
    ]);
    // The sender alone still owns the collection its writes go to.
    expect(planShards(example, 2, ['webhooks-sender', 'webhooks-receiver'])).toEqual([
      { collections: ['customers', 'orders'], suites: ['webhooks-sender'] },
      { collections: [], suites: ['webhooks-receiver'] },
    ]);
  });

  it("splits alike whatever the machine's locale: names of equal weight in code-unit order", () => {
    const twins = configOf({
      target: { baseUrl: 'http://127.0.0.1:1' },
      collections: [
        { name: 'zebras', path: '/customers', sample: { a: '{unique}' } },
        { name: 'aardvarks', path: '/products', sample: { a: '{unique}' } },
        { name: 'Bees', path: '/x', sample: { a: '{unique}' } },
      ],
    });
    // Not localeCompare's aardvarks, Bees, zebras (nor Danish, where aa sorts after z).
    expect(planShards(twins, 3).map((part) => part.collections)).toEqual([['Bees'], ['aardvarks'], ['zebras']]);
  });

  it("keeps a collection at the sender's registration path, or the receiver's, with that suite", () => {
    const raw = JSON.parse(readFileSync(new URL('../../apicert.config.example.json', import.meta.url), 'utf8')) as {
      collections: unknown[];
    };
    raw.collections.push({ name: 'subscriptions', path: '/webhooks', sample: { url: 'https://x.example/{unique}' } });
    raw.collections.push({ name: 'receipts', path: '/webhook-receiver', sample: { a: '{unique}' } });
    const config = configOf(raw);
    const plan = planShards(config, 3);
    expect(plan.find((part) => part.suites.includes('webhooks-sender'))!.collections).toEqual([
      'customers',
      'orders',
      'subscriptions',
    ]);
    expect(plan.find((part) => part.suites.includes('webhooks-receiver'))!.collections).toEqual(['receipts']);
    expect(() => planShards(config, 4)).toThrow(/only 3 parts/);
  });

  it('keeps a nested list with the collection its members live in, and a {fixture:} with the collection it names', () => {
    const [customers, orders] = example.collections;
    expect(linkedCollections(customers!, example.collections)).toEqual(['orders']);
    expect(linkedCollections(orders!, example.collections)).toEqual(['customers']);
  });

  it('puts every check on every collection in exactly one shard, each webhook suite whole in one, linked collections together', () => {
    fc.assert(
      fc.property(shapes, fc.integer({ min: 1, max: 9 }), (shape, wanted) => {
        const config = configOf(rawConfig(shape));
        const units = unitsOf(config);
        const count = Math.min(wanted, units);
        const plan = planShards(config, count);
        // Same on every machine.
        expect(planShards(config, count)).toEqual(plan);
        // Every collection in exactly one shard, with everything it is linked to.
        const owner = new Map<string, number>();
        plan.forEach((part, index) =>
          part.collections.forEach((name) => {
            expect(owner.has(name)).toBe(false);
            owner.set(name, index);
          }),
        );
        expect([...owner.keys()].sort()).toEqual(config.collections.map((c) => c.name).sort());
        for (const collection of config.collections) {
          for (const linked of linkedCollections(collection, config.collections))
            expect(owner.get(linked)).toBe(owner.get(collection.name));
        }
        // Each webhook suite in exactly one shard; the sender's with the collection its writes go to.
        const senders = plan.flatMap((part, index) => (part.suites.includes('webhooks-sender') ? [index] : []));
        expect(senders).toHaveLength(shape.sender === undefined ? 0 : 1);
        if (shape.sender !== undefined) expect(senders[0]).toBe(owner.get(`c${shape.sender}`));
        expect(plan.filter((part) => part.suites.includes('webhooks-receiver'))).toHaveLength(shape.receiver ? 1 : 0);
        // No shard is left with nothing to judge.
        for (const part of plan)
          expect(part.collections.length > 0 || part.suites.some((s) => s.startsWith('webhooks'))).toBe(true);
        // Every (check, collection) and every whole-target check in exactly one shard, none lost.
        const whole = judgedUnits(config, 1)[0]!.filter((unit) => !unit.startsWith('openapi-contract'));
        const split = judgedUnits(config, count)
          .flat()
          .filter((unit) => !unit.startsWith('openapi-contract'));
        expect([...split].sort()).toEqual([...whole].sort());
        expect(new Set(split).size).toBe(split.length);
        // More shards than parts is refused.
        expect(() => planShards(config, units + 1)).toThrow(UsageError);
      }),
      { seed: 20261125, numRuns: 150 },
    );
  });
});
