// Where the browser tests find a Chromium, in a fixed order: the one the user names, then the
// system's, then one Playwright downloaded. Pure over the facts it is given, so every order and
// miss is unit-tested without touching the machine (read-chromium-facts.ts supplies real ones).
import { posix } from 'node:path';

/** The environment variable that names a Chromium (or Chrome) executable to use. */
export const CHROMIUM_ENV = 'APICERT_CHROMIUM';

/** What the finder may ask of the machine. */
export interface ChromiumFacts {
  /** The environment variables the finder reads. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The user's home folder, for Playwright's default browser cache. */
  readonly homeDir: string;
  /** True when `path` is a file this process may execute. */
  isExecutable(path: string): boolean;
  /** The names in folder `path`, or [] when it cannot be read. */
  listDir(path: string): readonly string[];
}

/** Where a Chromium was found, or why none could be used. */
export type ChromiumLookup =
  | { readonly kind: 'found'; readonly path: string; readonly source: 'env' | 'path' | 'playwright-cache' }
  | { readonly kind: 'env-not-executable'; readonly path: string }
  | { readonly kind: 'missing' };

// Playwright's Chromium builds: chrome-linux64 since it ships Chrome for Testing, chrome-linux before.
const playwrightBuildFolders = ['chrome-linux64', 'chrome-linux-arm64', 'chrome-linux'];

/** Looks for a Chromium: $APICERT_CHROMIUM, then `chromium` on PATH, then Playwright's browser cache. */
export function findChromium(facts: ChromiumFacts): ChromiumLookup {
  const named = facts.env[CHROMIUM_ENV];
  if (named !== undefined && named !== '') {
    // A path the user names is never silently replaced by another browser.
    return facts.isExecutable(named)
      ? { kind: 'found', path: named, source: 'env' }
      : { kind: 'env-not-executable', path: named };
  }
  const onPath = findExecutableOnPath(facts, 'chromium');
  if (onPath !== undefined) return { kind: 'found', path: onPath, source: 'path' };
  const cached = findInPlaywrightCache(facts);
  if (cached !== undefined) return { kind: 'found', path: cached, source: 'playwright-cache' };
  return { kind: 'missing' };
}

/** The first executable called `name` in the folders of $PATH. */
export function findExecutableOnPath(facts: ChromiumFacts, name: string): string | undefined {
  const folders = (facts.env['PATH'] ?? '').split(':').filter((folder) => folder !== '');
  return folders.map((folder) => posix.join(folder, name)).find((path) => facts.isExecutable(path));
}

function findInPlaywrightCache(facts: ChromiumFacts): string | undefined {
  const root = facts.env['PLAYWRIGHT_BROWSERS_PATH'] || posix.join(facts.homeDir, '.cache', 'ms-playwright');
  // Newest revision first: chromium-1200 before chromium-1187.
  const revisions = facts
    .listDir(root)
    .filter((name) => /^chromium-\d+$/.test(name))
    .sort((a, b) => revisionOf(b) - revisionOf(a));
  for (const revision of revisions) {
    for (const build of playwrightBuildFolders) {
      const path = posix.join(root, revision, build, 'chrome');
      if (facts.isExecutable(path)) return path;
    }
  }
  return undefined;
}

function revisionOf(folder: string): number {
  return Number(folder.slice('chromium-'.length));
}
