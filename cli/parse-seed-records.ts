// --seed-records of `apicert reference-server`: how many records each collection starts with, as
// `products=20000,orders=5000`. A collection the server does not have, or a count it cannot hold,
// is a usage error naming what to write instead.
import { UsageError } from '../harness/errors.js';
import { resourceDefinitions } from '../reference-server/resources/resource-definitions.js';
import { maxSeedRecords, type SeedCounts } from '../reference-server/seed-records.js';
import { parseList } from './parse-flag-values.js';

const collections = resourceDefinitions.map((definition) => definition.collection);

export function parseSeedRecords(raw: string | undefined): SeedCounts {
  const counts: Record<string, number> = {};
  for (const entry of parseList(raw) ?? []) {
    const match = /^([a-z]+)=(\d{1,7})$/.exec(entry);
    const collection = match?.[1];
    const count = Number(match?.[2]);
    if (collection === undefined || !(collections as readonly string[]).includes(collection)) {
      throw new UsageError(
        `--seed-records: "${entry.slice(0, 40)}" is not COLLECTION=COUNT with a collection of ${collections.join(', ')}; e.g. products=20000,orders=5000`,
      );
    }
    if (!(count <= maxSeedRecords)) {
      throw new UsageError(`--seed-records: ${collection} takes at most ${maxSeedRecords} records (got ${match?.[2]})`);
    }
    if (collection in counts)
      throw new UsageError(`--seed-records names ${collection} twice; give each collection once`);
    counts[collection] = count;
  }
  return counts;
}
