// Test support: Debian's Chromium driven by playwright-core (`npx playwright install` cannot download
// here; .ci/run installs the chromium package where it is missing).
import { chromium, type Browser } from 'playwright-core';

/** Where Debian installs Chromium. */
export const chromiumPath = '/usr/bin/chromium';

/** Launches headless Chromium with everything that would reach the network switched off. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
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
