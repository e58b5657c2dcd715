// A page walk that stops after every page until told to go on, so a command sequence can keep it
// open across other commands (writes, another walk's pages) and continue it with another page size.
// The walk itself is page-walker.ts's (budgets, hostile pagers, windows); this only holds it between
// pages. It never rejects: a harness error (time-out, lost connection) is kept and thrown by finish().
import type { FetchedPage, PageWalk } from '../page-walker.js';

/** Starts the walk with the hook it calls between pages; page-walker's walkPages or walkWindow. */
export type StartWalk = (
  betweenPages: (page: FetchedPage, pageIndex: number) => Promise<number | void>,
) => Promise<PageWalk>;

export interface SteppedWalk {
  /** Fetches the next page (the first when none was), asking for `pageSize` items from it on when given; nothing once the walk ended. */
  step(pageSize?: number): Promise<void>;
  /**
   * Pages on to the end without stopping, in `pageSize` items a page from the next page on when
   * given; the walk as it ended. Throws a harness error the walk met.
   */
  finish(pageSize?: number): Promise<PageWalk>;
  /** Pages fetched so far, in order. */
  readonly pages: readonly FetchedPage[];
  /** True once the walk ended (its last page, a budget, a hostile pager or an error). */
  readonly isOver: boolean;
  readonly isStarted: boolean;
}

export function steppedWalk(start: StartWalk): SteppedWalk {
  const pages: FetchedPage[] = [];
  let walking: Promise<PageWalk> | undefined;
  let result: { walk: PageWalk } | { error: unknown } | undefined;
  let parked: ((pageSize: number | void) => void) | undefined;
  let isFree = false;
  let wake: (() => void) | undefined;

  const arrival = (): Promise<void> =>
    new Promise<void>((resolve) => {
      wake = resolve;
    });
  const betweenPages = (page: FetchedPage): Promise<number | void> => {
    pages.push(page);
    if (isFree) return Promise.resolve();
    return new Promise((resume) => {
      parked = resume;
      wake?.();
    });
  };
  const launch = (): void => {
    walking = start(betweenPages);
    walking.then(
      (walk) => {
        // The last page never reaches betweenPages: it is the walk's.
        const last = walk.pages.at(-1);
        if (last !== undefined && pages.at(-1) !== last) pages.push(last);
        result = { walk };
        wake?.();
      },
      (error: unknown) => {
        result = { error };
        wake?.();
      },
    );
  };

  return {
    pages,
    get isOver() {
      return result !== undefined;
    },
    get isStarted() {
      return walking !== undefined;
    },
    async step(pageSize) {
      if (result !== undefined) return;
      const arrived = arrival();
      if (walking === undefined) launch();
      else {
        const resume = parked;
        parked = undefined;
        resume?.(pageSize);
      }
      await arrived;
    },
    async finish(pageSize) {
      isFree = true;
      if (walking === undefined) launch();
      const resume = parked;
      parked = undefined;
      resume?.(pageSize);
      while (result === undefined) await arrival();
      if ('error' in result) throw result.error;
      return result.walk;
    },
  };
}
