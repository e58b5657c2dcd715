// How `apicert run --shard i/n` splits a run across machines. Pure.
//
// The unit is a group of collections that share data: a list's records must not change while another
// shard pages through it, so every collection a group creates records in (its own, those a
// {fixture:NAME} names, those a nested list's members live under) is owned by one shard, with every
// check that writes to or pages through it. Each webhook suite runs whole in one shard: the sender's
// in the shard that owns the collection whose writes trigger its deliveries; the receiver's, which
// posts only to the receiver URL and touches no collection, is a unit of its own. The
// openapi-contract suite sends nothing; it judges the answers of the shard it runs in, so it runs in
// every shard. Only the links the config shows can be followed: the planner cannot see a service
// that keeps the same records at two unrelated paths.
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
 * Deterministic: the same config, suites and count give the same plan on every machine, whatever its
 * locale. `selected` is --suite (default every suite). Throws UsageError when the run cannot be
 * split that many ways.
 */
export function planShards(config: ApicertConfig, count: number, selected?: readonly SuiteName[]): ShardPlanPart[] {
  const isSelected = (suite: SuiteName): boolean => selected === undefined || selected.includes(suite);
  const units = findUnits(config, isSelected);
  if (units.length < count) {
    const groups = units.map(unitName).join(', ');
    throw new UsageError(
      `--shard i/${count}: the ${selected === undefined ? 'config' : 'run of the suites --suite names'} splits into only ${units.length} part${units.length === 1 ? '' : 's'} that can run apart (${groups || 'none'}); ` +
        `collections linked by related lists, {fixture:NAME}, webhook paths or shared paths stay together, so use at most ${Math.max(units.length, 1)} shard${units.length === 1 ? '' : 's'}`,
    );
  }
  // Longest first, each to the lightest shard (the first of equals): balanced, and the same everywhere.
  // Code-unit order, not localeCompare: a shard on a machine with another locale must split alike.
  const sorted = [...units].sort((a, b) => b.weight - a.weight || compareCodeUnits(unitName(a), unitName(b)));
  const loads = Array.from({ length: count }, () => ({
    weight: 0,
    collections: [] as string[],
    suites: new Set<SuiteName>(),
  }));
  for (const unit of sorted) {
    const lightest = loads.reduce((best, load) => (load.weight < best.weight ? load : best));
    lightest.weight += unit.weight;
    lightest.collections.push(...unit.collections);
    for (const suite of unit.suites) lightest.suites.add(suite);
  }
  const order = config.collections.map((collection) => collection.name);
  const suiteOrder = [...perCollectionSuites, ...wholeTargetSuites, ...everyShardSuites];
  return loads.map((load) => {
    const suites = new Set([...load.suites, ...everyShardSuites.filter(isSelected)]);
    return {
      collections: [...load.collections].sort((a, b) => order.indexOf(a) - order.indexOf(b)),
      suites: suiteOrder.filter((suite) => suites.has(suite)),
    };
  });
}

/** The config a shard runs with: only the collections it owns (their links all stay inside). */
export function configOfShard(config: ApicertConfig, part: ShardPlanPart): ApicertConfig {
  return {
    ...config,
    collections: config.collections.filter((collection) => part.collections.includes(collection.name)),
  };
}

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function unitName(unit: Unit): string {
  return unit.collections.length > 0 ? unit.collections.join('+') : unit.suites.join('+');
}

// The groups of linked collections (union-find over the links the config shows), the sender's suite
// joined to the group of its collection and of any collection at its registration path, the
// receiver's suite to the group of any collection at its URL or observe path, else on its own.
function findUnits(config: ApicertConfig, isSelected: (suite: SuiteName) => boolean): Unit[] {
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
  const sender = isSelected('webhooks-sender') ? config.webhooks.sender : undefined;
  const receiver = isSelected('webhooks-receiver') ? config.webhooks.receiver : undefined;
  // A webhook suite writes where its paths lead: the collections there go with it, and with each other.
  const senderLinks =
    sender === undefined ? [] : collectionsAt(config.collections, [sender.register.path], sender.collection);
  const receiverLinks =
    receiver === undefined ? [] : collectionsAt(config.collections, [receiver.url, receiver.observe?.urlTemplate]);
  for (const links of [senderLinks, receiverLinks]) for (const name of links.slice(1)) join(links[0]!, name);
  const judgesCollections = perCollectionSuites.some(isSelected);
  const groups = new Map<string, string[]>();
  for (const name of names) groups.set(root(name), [...(groups.get(root(name)) ?? []), name]);
  const units: Unit[] = [...groups.values()].map((collections) => ({
    collections,
    suites: perCollectionSuites.filter(isSelected),
    weight: collections.reduce(
      (sum, name) => sum + 1 + (config.collections.find((c) => c.name === name)?.related.length ?? 0),
      0,
    ),
  }));
  // A webhook suite joins the group its paths lead to; without the per-collection suites, a group is
  // only a unit when a webhook suite needs it.
  const attach = (suite: SuiteName, links: readonly string[], weight: number): void => {
    const host = units.find((unit) => links.some((name) => unit.collections.includes(name)));
    if (host === undefined) units.push({ collections: [], suites: [suite], weight });
    else units[units.indexOf(host)] = { ...host, suites: [...host.suites, suite], weight: host.weight + weight };
  };
  if (sender !== undefined) attach('webhooks-sender', senderLinks, senderWeight);
  if (receiver !== undefined) attach('webhooks-receiver', receiverLinks, receiverWeight);
  return judgesCollections
    ? units
    : units
        .filter((unit) => unit.suites.length > 0)
        .map((unit) => ({ ...unit, collections: unit.suites.length > 0 ? unit.collections : [] }));
}

// The collections a webhook suite touches: the one named (the sender's), and those whose path a
// path of the suite lies at or under (an absolute URL counts by its path).
function collectionsAt(
  collections: readonly CollectionConfig[],
  paths: readonly (string | undefined)[],
  named?: string,
): string[] {
  const found = new Set<string>(named !== undefined && collections.some((c) => c.name === named) ? [named] : []);
  for (const raw of paths) {
    if (raw === undefined) continue;
    const path = /^https?:\/\//i.test(raw) ? safePathOf(raw) : raw;
    if (path === undefined) continue;
    for (const collection of collections)
      if (isUnder(path, collection.path) || isUnder(collection.path, path)) found.add(collection.name);
  }
  return [...found];
}

function safePathOf(url: string): string | undefined {
  try {
    return new URL(url).pathname;
  } catch {
    return undefined;
  }
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
