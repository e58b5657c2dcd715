// The badge's file name inside the report directory, apart from its renderer: the reporter map names
// the files a run writes without loading any renderer.

/** badge.svg, written next to index.html. */
export const badgeFileName = 'badge.svg';
