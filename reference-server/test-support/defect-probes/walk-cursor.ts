// Follows next_cursor through a list, bounded, for probes that need a whole walk.
import type { ApiClient } from '../api-client.js';

export interface CursorWalk {
  /** The ids of each page. */
  readonly pages: readonly (readonly string[])[];
  /** False when the walk hit maxPages with has_more still true. */
  readonly hasEnded: boolean;
}

export async function walkCursor(api: ApiClient, path: string, limit: number, maxPages = 10): Promise<CursorWalk> {
  const pages: string[][] = [];
  let cursor: string | null = null;
  while (pages.length < maxPages) {
    const answer = await api.call(
      'GET',
      `${path}?limit=${limit}${cursor === null ? '' : `&after=${encodeURIComponent(cursor)}`}`,
    );
    if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}: ${answer.text}`);
    pages.push((answer.json.items as { id: string }[]).map((item) => item.id));
    if (answer.json.has_more !== true) return { pages, hasEnded: true };
    cursor = answer.json.next_cursor as string;
  }
  return { pages, hasEnded: false };
}
