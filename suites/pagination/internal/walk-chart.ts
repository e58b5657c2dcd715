// A walk as a chart for the report's page grid (CheckResult.charts, kind "walk"), whatever the
// verdict: what each page listed, and the writes made between pages. The runner cuts it to bounds.
import type { WalkChart } from '../../../harness/model/check-chart.js';
import type { PageWalk } from './page-walker.js';

export interface WalkChartFacts {
  readonly repeated?: readonly string[];
  readonly missing?: readonly string[];
  /** "after page N: …", as the mutation commands describe a write. */
  readonly writes?: readonly string[];
}

export function walkChartOf(
  list: string,
  style: WalkChart['style'],
  pages: readonly { readonly ids: readonly string[] }[],
  facts: WalkChartFacts = {},
): WalkChart {
  return {
    kind: 'walk',
    list,
    style,
    pages: pages.map((page) => ({ ids: [...page.ids] })),
    repeated: [...(facts.repeated ?? [])],
    missing: [...(facts.missing ?? [])],
    writes: [...(facts.writes ?? [])],
  };
}

/** The ids of each page of a walk that answered with a page. */
export function pagesOf(walk: Pick<PageWalk, 'pages'>): { ids: readonly string[] }[] {
  return walk.pages.map((fetched) => ({ ids: fetched.page.ok ? fetched.page.ids : [] }));
}

/** Ids that appear more than once, in the order of their second appearance. */
export function listedTwice(ids: readonly string[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) twice.add(id);
    seen.add(id);
  }
  return [...twice];
}

/** Pages read while the check wrote nothing, short of a whole walk, as a chart: rows listed twice. */
export function readPagesChart(list: string, style: WalkChart['style'], pages: PageWalk['pages']): WalkChart {
  const drawn = pagesOf({ pages });
  return walkChartOf(list, style, drawn, { repeated: listedTwice(drawn.flatMap((page) => page.ids)) });
}

/**
 * A walk made while the check wrote nothing, as a chart: rows it listed twice, and, when it reached
 * the end, the kit's records on the list it never listed.
 */
export function quietWalkChart(
  list: { readonly path: string; readonly ownIds: ReadonlySet<string> },
  style: WalkChart['style'],
  walk: Pick<PageWalk, 'pages' | 'ids' | 'end'>,
): WalkChart {
  const listed = new Set(walk.ids);
  const missing = walk.end.kind === 'complete' ? [...list.ownIds].filter((id) => !listed.has(id)) : [];
  return walkChartOf(list.path, style, pagesOf(walk), { repeated: listedTwice(walk.ids), missing });
}
