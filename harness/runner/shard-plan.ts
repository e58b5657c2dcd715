// How `apicert run --shard i/n` splits a run across machines. Pure.
//
// The unit is a group of collections that share data: a list's records must not change while another
// shard pages through it, so every collection a group creates records in (its own, those a
// {fixture:NAME} names, those a nested list's members live under) is owned by one shard, with every
// check that writes to or pages through it. Each webhook suite runs whole in one shard: the sender's
// in the shard that owns the collection whose writes trigger its deliveries; the receiver's, which
// posts only to the receiver URL and touches no collection, is a unit of its own. The
// openapi-contract suite sends nothing; it judges the answers of the shard it runs in, so it runs in
// every shard.
import type { ApicertConfig, CollectionConfig } from '../config/config-types.js';
import { UsageError } from '../errors.js';
import type { ShardPlanPart } from '../model/shard.js';
import type { SuiteName } from '../model/run-result.js';

/** The suites that judge each collection, run in every shard on the collections it owns. */
const perCollectionSuites: readonly SuiteName[] = ['resources', 'pagination'];
/** The suites that run whole in one shard. */
const wholeTargetSuites: readonly SuiteName[] = ['webhooks-sender', 'webhooks-receiver'];
/** Suites that send no request of their own: they run in every shard. */
const everyShardSuites: readonly SuiteName[] = ['openapi-contract'];

// Rough cost of a unit, to balance the shards: one per list, and the webhook suites, which wait out
// the sender's retries and the receiver's answers.
const senderWeight = 3;
const receiverWeight = 2;

interface Unit {
  readonly collections: string[];
  readonly suites: SuiteName[];
  readonly weight: number;
}

/**
 * The run split into `count` shards: for each, the collections it owns and the suites it runs.
 * Deterministic: the same config and count give the same plan on every machine. Throws UsageError
 * when the config cannot be split that many ways.
 */
export function planShards(config: ApicertConfig, count: number): ShardPlanPart[] {
  const units = findUnits(config);
  if (units.length < count) {
    const groups = units.map(unitName).join(', ');
    throw new UsageError(
      `--shard i/${count}: the config splits into only ${units.length} part${units.length === 1 ? '' : 's'} that can run apart (${groups || 'none'}); ` +
        `collections linked by related lists, {fixture:NAME} or shared paths stay together, so use at most ${Math.max(units.length, 1)} shard${units.length === 1 ? '' : 's'}`,
    );
  }
  // Longest first, each to the lightest shard (the first of equals): balanced, and the same everywhere.
  const sorted = [...units].sort((a, b) => b.weight - a.weight || unitName(a).localeCompare(unitName(b)));
  const loads = Array.from({ length: count }, () => ({ weight: 0, collections: [] as string[], suites: new Set<SuiteName>() }));
  for (const unit of sorted) {
    const lightest = loads.reduce((best, load) => (load.weight < best.weight ? load : best));
    lightest.weight += unit.weight;
    lightest.collections.push(...unit.collections);
    for (const suite of unit.suites) lightest.suites.add(suite);
  }
  const order = config.collections.map((collection) => collection.name);
  const suiteOrder = [...perCollectionSuites, ...wholeTargetSuites, ...everyShardSuites];
  return loads.map((load) => {
    const suites = new Set([...load.suites, ...everyShardSuites]);
    return {
      collections: [...load.collections].sort((a, b) => order.indexOf(a) - order.indexOf(b)),
      suites: suiteOrder.filter((suite) => suites.has(suite)),
    };
  });
}

/** The config a shard runs with: only the collections it owns (their links all stay inside). */
export function configOfShard(config: ApicertConfig, part: ShardPlanPart): ApicertConfig {
  return { ...config, collections: config.collections.filter((collection) => part.collections.includes(collection.name)) };
}

function unitName(unit: Unit): string {
  return unit.collections.length > 0 ? unit.collections.join('+') : unit.suites.join('+');
}

// The groups of linked collections (union-find over the links the config shows), the sender's suite
// joined to the group of its collection, and the receiver's suite on its own.
function findUnits(config: ApicertConfig): Unit[] {
  const names = config.collections.map((collection) => collection.name);
  const parent = new Map(names.map((name) => [name, name]));
  const root = (name: string): string => {
    let current = name;
    while (parent.get(current) !== current) current = parent.get(current)!;
    return current;
  };
  const join = (a: string, b: string): void => {
    if (!parent.has(a) || !parent.has(b)) return;
    const [ra, rb] = [root(a), root(b)];
    if (ra !== rb) parent.set(rb, ra);
  };
  for (const collection of config.collections) {
    for (const other of linkedCollections(collection, config.collections)) join(collection.name, other);
  }
  const groups = new Map<string, string[]>();
  for (const name of names) groups.set(root(name), [...(groups.get(root(name)) ?? []), name]);
  const units: Unit[] = [...groups.values()].map((collections) => ({
    collections,
    suites: [...perCollectionSuites],
    weight: collections.reduce((sum, name) => sum + 1 + (config.collections.find((c) => c.name === name)?.related.length ?? 0), 0),
  }));
  const receiver: Unit[] = config.webhooks.receiver === undefined ? [] : [{ collections: [], suites: ['webhooks-receiver'], weight: receiverWeight }];
  const senderCollection = config.webhooks.sender?.collection;
  if (config.webhooks.sender === undefined) return [...units, ...receiver];
  const host = units.find((unit) => senderCollection !== undefined && unit.collections.includes(senderCollection));
  // A sender whose collection is not configured cannot run; its skip is reported in one shard.
  if (host === undefined) return [...units, { collections: [], suites: ['webhooks-sender'], weight: senderWeight }, ...receiver];
  const withSender = units.map((unit) => (unit === host ? { ...unit, suites: [...unit.suites, 'webhooks-sender' as const], weight: unit.weight + senderWeight } : unit));
  return [...withSender, ...receiver];
}

/**
 * The collections whose records `collection`'s checks create or read: those its bodies name with
 * {fixture:NAME}, those under whose path its nested lists' members live, and those at its own path.
 */
export function linkedCollections(collection: CollectionConfig, all: readonly CollectionConfig[]): string[] {
  const linked = new Set<string>();
  const text = JSON.stringify([collection.sample, collection.replace, collection.patch, collection.related]);
  for (const match of text.matchAll(/\{fixture:([^}"]+)\}/g)) linked.add(match[1]!);
  const paths = [collection.path, ...collection.related.flatMap((related) => [related.path, related.memberPath])];
  for (const other of all) {
    if (other.name === collection.name) continue;
    // A nested list's members at /orders/{childId} are records of the collection at /orders.
    if (paths.some((path) => isUnder(path, other.path) || isUnder(other.path, path))) linked.add(other.name);
  }
  return [...linked];
}

// Whether `path` is `base` or lies under it, comparing the literal segments before any placeholder.
function isUnder(path: string, base: string): boolean {
  const trim = (p: string): string => p.replace(/\/+$/, '');
  const [p, b] = [trim(path), trim(base)];
  return p === b || p.startsWith(`${b}/`);
}
