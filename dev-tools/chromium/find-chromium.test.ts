import { describe, expect, it } from 'vitest';
import { findChromium, type ChromiumFacts } from './find-chromium.js';

/** A pretend machine: these executables exist, these folders list these names. */
function machine(
  env: Record<string, string>,
  executables: readonly string[],
  folders: Record<string, readonly string[]> = {},
): ChromiumFacts {
  return {
    env,
    homeDir: '/home/dev',
    isExecutable: (path) => executables.includes(path),
    listDir: (path) => folders[path] ?? [],
  };
}

const PATH = '/usr/local/bin:/usr/bin';

describe('findChromium', () => {
  it('takes APICERT_CHROMIUM first, even when chromium is on PATH', () => {
    const facts = machine({ APICERT_CHROMIUM: '/opt/chrome/chrome', PATH }, [
      '/opt/chrome/chrome',
      '/usr/bin/chromium',
    ]);
    expect(findChromium(facts)).toEqual({ kind: 'found', path: '/opt/chrome/chrome', source: 'env' });
  });

  it('says so when APICERT_CHROMIUM names no executable, instead of using another browser', () => {
    const facts = machine({ APICERT_CHROMIUM: '/opt/nothing', PATH }, ['/usr/bin/chromium']);
    expect(findChromium(facts)).toEqual({ kind: 'env-not-executable', path: '/opt/nothing' });
  });

  it('finds chromium in the first PATH folder that has it', () => {
    const facts = machine({ PATH }, ['/usr/bin/chromium']);
    expect(findChromium(facts)).toEqual({ kind: 'found', path: '/usr/bin/chromium', source: 'path' });
  });

  it("falls back to the newest Chromium in Playwright's default cache", () => {
    const cache = '/home/dev/.cache/ms-playwright';
    const facts = machine(
      { PATH },
      [`${cache}/chromium-1187/chrome-linux/chrome`, `${cache}/chromium-1200/chrome-linux64/chrome`],
      {
        [cache]: ['chromium-1187', 'chromium-1200', 'chromium_headless_shell-1200', 'ffmpeg-1011'],
      },
    );
    expect(findChromium(facts)).toEqual({
      kind: 'found',
      path: `${cache}/chromium-1200/chrome-linux64/chrome`,
      source: 'playwright-cache',
    });
  });

  it('reads the cache at PLAYWRIGHT_BROWSERS_PATH when it is set', () => {
    const facts = machine(
      { PATH, PLAYWRIGHT_BROWSERS_PATH: '/srv/browsers' },
      ['/srv/browsers/chromium-1169/chrome-linux/chrome'],
      {
        '/srv/browsers': ['chromium-1169'],
      },
    );
    expect(findChromium(facts)).toEqual({
      kind: 'found',
      path: '/srv/browsers/chromium-1169/chrome-linux/chrome',
      source: 'playwright-cache',
    });
  });

  it('answers missing when no source has one', () => {
    expect(findChromium(machine({ PATH }, ['/usr/bin/node']))).toEqual({ kind: 'missing' });
    expect(findChromium(machine({}, []))).toEqual({ kind: 'missing' });
  });
});
