// What a Markdown file links to and which #anchors it offers, read the way GitHub renders it:
// nothing inside code counts, and a heading's anchor is GitHub's slug of its visible text.

/** A link or image target written in a Markdown file, with its line for the failure message. */
export interface MarkdownLink {
  readonly target: string;
  readonly line: number;
}

/** GitHub's anchor for a heading: visible text, lower case, punctuation dropped, spaces to hyphens. */
export function toGithubSlug(heading: string): string {
  return toVisibleText(heading)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every anchor the headings of `markdown` make, with GitHub's -1, -2 suffixes for repeats. */
export function listAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text } of listProseLines(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(text);
    if (heading === null) continue;
    const slug = toGithubSlug(heading[1] ?? '');
    const count = seen.get(slug) ?? 0;
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
    seen.set(slug, count + 1);
  }
  return anchors;
}

/** Every inline link and image target of `markdown`, outside code blocks and code spans. */
export function listLinks(markdown: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  for (const { text, line } of listProseLines(markdown)) {
    const prose = text.replace(/`[^`]*`/g, '');
    for (const match of prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      links.push({ target: match[1] ?? '', line });
    }
  }
  return links;
}

/** True when `target` leaves the repository (a URL with a scheme), so no file or anchor can be checked. */
export function isExternalLink(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target);
}

function listProseLines(markdown: string): { text: string; line: number }[] {
  const lines: { text: string; line: number }[] = [];
  let isInFence = false;
  markdown.split('\n').forEach((text, index) => {
    if (/^\s*(```|~~~)/.test(text)) {
      isInFence = !isInFence;
      return;
    }
    if (!isInFence) lines.push({ text, line: index + 1 });
  });
  return lines;
}

function toVisibleText(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .replace(/<[^>]+>/g, '');
}
