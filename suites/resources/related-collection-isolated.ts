import { defineCheck } from '../define-check.js';
import { createChild, nestedPath } from '../internal/fixtures/create-child.js';
import { createRecord } from '../internal/fixtures/create-record.js';
import { idsOf, walkList } from '../internal/fixtures/find-in-list.js';

// Convention 2/3: a related collection nested under a member lists that member's children only.
export const relatedCollectionIsolated = defineCheck({
  id: 'resources.related-collection-isolated',
  suite: 'resources',
  conformanceClass: 'resources-core',
  rule: '2/3, 4.1',
  level: 'normative',
  title: "A nested collection lists its parent's children and no other parent's",
  proves: "Children created under parent A are listed under A, and none of parent B's children appear under A.",
  covers: 'Every related list: two children under one parent and one under another.',
  probes: ["another parent's child listed", "a parent's own child missing"],
  provenBy: ['nested-list-leaks-other-parents'],
  async run(ctx) {
    let exercised = 0;
    for (const collection of ctx.config.collections) {
      for (const related of collection.related) {
        ctx.cover(`GET ${related.path}`);
        const parentA = await createRecord(ctx, collection);
        if (!parentA.ok) return parentA.outcome;
        const parentB = await createRecord(ctx, collection);
        if (!parentB.ok) return parentB.outcome;
        const childrenOfA = [
          await createChild(ctx, collection, related, parentA.id),
          await createChild(ctx, collection, related, parentA.id),
        ];
        const childOfB = await createChild(ctx, collection, related, parentB.id);
        for (const child of [...childrenOfA, childOfB]) if (!child.ok) return child.outcome;
        const idsOfA = childrenOfA.map((c) => (c.ok ? c.id : undefined));
        const idOfB = childOfB.ok ? childOfB.id : undefined;

        const listPath = nestedPath(related, parentA.id);
        const walk = await walkList(ctx, listPath, "list parent A's children");
        if (walk.badPage !== undefined) {
          return ctx.fail(
            `GET ${listPath} answered ${walk.badPage.status} without a list; expected 200 with {items, next_cursor, has_more}`,
            {
              expected: '200 with a list response',
              actual: `${walk.badPage.status} ${walk.badPage.text.slice(0, 120)}`,
              exchanges: [walk.badPage.record],
              // A 200 that is no list fails the pagination checks on this list too: one cause.
              ...(walk.badPage.status === 200
                ? { cause: { key: 'list-not-a-page' as const, subjects: [related.path] } }
                : {}),
            },
          );
        }
        const listed = idsOf(walk.items, related.idField);
        const pages = walk.pages;
        const evidence = [...childrenOfA, childOfB]
          .flatMap((c) => (c.ok ? [c.response.record] : []))
          .concat(pages.map((p) => p.record));
        if (listed.includes(idOfB)) {
          return ctx.fail(`${listPath} lists ${String(idOfB)}, a child of another parent (${String(parentB.id)})`, {
            expected: `only children of ${String(parentA.id)}`,
            actual: `also ${String(idOfB)} of ${String(parentB.id)}`,
            exchanges: evidence,
          });
        }
        const missing = idsOfA.filter((id) => !listed.includes(id));
        if (missing.length > 0) {
          return ctx.fail(`${listPath} does not list ${missing.map(String).join(', ')}, created under that parent`, {
            expected: `children ${idsOfA.map(String).join(', ')} listed`,
            actual: `missing ${missing.map(String).join(', ')}`,
            exchanges: evidence,
          });
        }
        exercised += 1;
      }
    }
    return exercised > 0 ? ctx.pass() : ctx.skip('no related collection is configured (add "related" to a collection)');
  },
});
