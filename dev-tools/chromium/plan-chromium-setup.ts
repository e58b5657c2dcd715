// What `npm test`'s set-up does about Chromium, decided from facts alone: use the one found, install
// Debian's package where this machine allows it, or stop with one line saying what to run.
import { CHROMIUM_ENV, type ChromiumLookup } from './find-chromium.js';

/** What the set-up may do on this machine. */
export interface SetupAbilities {
  readonly isRoot: boolean;
  readonly hasAptGet: boolean;
}

/** The set-up's next step. `announce` and `line` are single lines for the terminal. */
export type ChromiumSetupStep =
  | { readonly action: 'use'; readonly path: string }
  | { readonly action: 'install'; readonly announce: string }
  | { readonly action: 'stop'; readonly line: string };

const PREFIX = 'npm test set-up:';
const OR_NAME_ONE = `or set ${CHROMIUM_ENV}=/path/to/chrome`;

/** Decides the set-up step from where Chromium was looked for and what this machine allows. */
export function planChromiumSetup(lookup: ChromiumLookup, abilities: SetupAbilities): ChromiumSetupStep {
  if (lookup.kind === 'found') return { action: 'use', path: lookup.path };
  if (lookup.kind === 'env-not-executable') {
    return {
      action: 'stop',
      line: `${PREFIX} ${CHROMIUM_ENV}=${lookup.path} is not an executable file; point it at a Chromium or Chrome binary, or unset it`,
    };
  }
  if (abilities.isRoot && abilities.hasAptGet) {
    return {
      action: 'install',
      announce: `${PREFIX} no Chromium found for the browser tests; installing Debian's chromium package (apt-get install chromium)`,
    };
  }
  if (abilities.hasAptGet) {
    return {
      action: 'stop',
      line: `${PREFIX} the browser tests need Chromium; run "sudo apt-get install chromium", ${OR_NAME_ONE}`,
    };
  }
  return {
    action: 'stop',
    line: `${PREFIX} the browser tests need Chromium; run "npx playwright-core install chromium", ${OR_NAME_ONE}`,
  };
}

/** The one line that stops the set-up when installing Chromium did not give a usable one. */
export function describeFailedInstall(reason: string): string {
  return `${PREFIX} installing Debian's chromium failed (${reason}); run "apt-get install chromium" to see why, ${OR_NAME_ONE}`;
}

/** The one line a browser test fails with when no Chromium can be found. */
export function describeNoChromium(lookup: Exclude<ChromiumLookup, { kind: 'found' }>): string {
  if (lookup.kind === 'env-not-executable')
    return `${CHROMIUM_ENV}=${lookup.path} is not an executable file; point it at a Chromium or Chrome binary`;
  return `no Chromium found (${CHROMIUM_ENV}, chromium on PATH, Playwright's cache); run npm test, whose set-up installs one, ${OR_NAME_ONE}`;
}
