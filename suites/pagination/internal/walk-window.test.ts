import { describe, expect, it } from 'vitest';
import { headWindow, keysetList, ownList, walkContext } from './test-support/keyset-list.js';
import { isWindowWalked, walkWindow } from './walk-window.js';

// Every walk of a head window (stable order, the numbered walks, the confirmations), not only the
// walk under mutation: others who write ahead of the kit's records between finding the window and
// walking it push them past its end.
describe('walkWindow on a head window others write ahead of', () => {
  it('goes on past the window until it lists the kit’s records, and counts as walked', async () => {
    const list = keysetList();
    const ctx = walkContext(list, 200, () => list.othersWrite(6));
    const walk = await walkWindow(ctx, ownList(), headWindow, { style: 'cursor', pageSize: 2, note: 'read' });
    expect(walk.pages.map((page) => (page.page.ok ? page.page.ids : []))).toEqual([
      ['other5', 'other4'],
      ['other3', 'other2'],
      ['other1', 'other0'],
      ['k3', 'k2'],
    ]);
    expect(isWindowWalked(headWindow, walk)).toBe(true);
  });

  it('stops at the window’s end when nobody wrote ahead', async () => {
    const list = keysetList();
    const walk = await walkWindow(
      walkContext(list, 200, () => {}),
      ownList(),
      headWindow,
      {
        style: 'cursor',
        pageSize: 2,
        note: 'read',
      },
    );
    expect(walk.ids).toEqual(['k3', 'k2', 'k1', 'old0']);
    expect(isWindowWalked(headWindow, walk)).toBe(true);
  });

  it('is cut short, not walked, when the page budget ends it before it lists any of them', async () => {
    const list = keysetList();
    const walk = await walkWindow(
      walkContext(list, 3, () => list.othersWrite(10)),
      ownList(),
      headWindow,
      {
        style: 'cursor',
        pageSize: 2,
        note: 'read',
      },
    );
    expect(walk.end).toEqual({ kind: 'page-budget', pages: 3 });
    expect(walk.ids.filter((id) => id.startsWith('k'))).toEqual([]);
    expect(isWindowWalked(headWindow, walk)).toBe(false);
  });
});
