// Test support: a Chromium driven by playwright-core (`npx playwright install` cannot download
// here). Which one is dev-tools/chromium/find-chromium.ts's choice, the same as npm test's set-up.
import { chromium, type Browser } from 'playwright-core';
import { findChromium } from '../../../dev-tools/chromium/find-chromium.js';
import { describeNoChromium } from '../../../dev-tools/chromium/plan-chromium-setup.js';
import { readChromiumFacts } from '../../../dev-tools/chromium/read-chromium-facts.js';

/** Launches headless Chromium with everything that would reach the network switched off. */
export function launchChromium(): Promise<Browser> {
  const lookup = findChromium(readChromiumFacts());
  if (lookup.kind !== 'found') throw new Error(describeNoChromium(lookup));
  return chromium.launch({
    executablePath: lookup.path,
    timeout: 30_000,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
