import { defineCheck } from '../define-check.js';
import { collectionSegments, looksPlural } from './internal/plural-nouns.js';

// Convention 2/1: collections are plural nouns. Word forms are a judgement, so a singular-looking
// name is advice, never a failure.
export const pluralCollectionNames = defineCheck({
  id: 'resources.plural-collection-names',
  suite: 'resources',
  conformanceClass: 'resources-core',
  rule: '2/1',
  title: 'Collection paths use plural nouns',
  proves: 'Every configured collection and related-collection path names its collection with a plural noun (advisory).',
  level: 'advisory',
  leavesOpen:
    'Rule 2/1 is stated, but word forms can only be judged by heuristic (data, news, status), so a singular-looking name is advice, never a failure.',
  covers: 'Every configured path: each collection and each related list, every collection segment of it.',
  probes: ['a collection segment that looks singular'],
  provenBy: ['singular-collection-name'],
  async run(ctx) {
    const paths = ctx.config.collections.flatMap((c) => [c.path, ...c.related.map((r) => r.path)]);
    for (const path of paths) {
      ctx.cover(path);
      for (const segment of collectionSegments(path)) {
        if (!looksPlural(segment))
          ctx.advise(`"${segment}" in ${path} looks singular; convention 2/1 names collections with plural nouns`);
      }
    }
    return ctx.pass();
  },
});
