// A big run stays usable in the browser: thousands of checks with long bodies open and filter fast,
// because the page cuts what it shows per body and for the whole page.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './test-support/launch-chromium.js';
import { buildLargeRun } from './test-support/large-run.js';
import { writeHtmlPage } from './test-support/run-to-report.js';

let browser: Browser;
let page: Page;
let root: string;
let url: string;

const checkCount = 5_000;
const failureCount = 1_000;

beforeAll(async () => {
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 1200, height: 900 } })).newPage();
  page.setDefaultTimeout(20_000);
  root = await mkdtemp(join(tmpdir(), 'apicert-large-'));
  // Bodies of 20 kB: five times the default budgets.evidenceBodyBytes.
  const run = buildLargeRun({
    checks: checkCount,
    failEvery: checkCount / failureCount,
    bodyChars: 20_000,
    exchangesPerFailure: 3,
  });
  url = await writeHtmlPage(run, root);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  if (root !== undefined) await rm(root, { recursive: true, force: true });
});

describe('a report of 5,000 checks with 1,000 failures', () => {
  it('is a bounded file that opens, cuts visibly, filters and searches in seconds', async () => {
    const { size } = await stat(fileURLToPath(url));
    expect(size).toBeLessThan(10 * 1024 * 1024);

    const opening = performance.now();
    await page.goto(url);
    await expect(page.locator('#shown-count').innerText()).resolves.toBe(
      `Showing ${checkCount} of ${checkCount} checks`,
    );
    // Generous for a loaded 2-core machine; an unbounded page (3 GB of bodies here) would not open at all.
    expect(performance.now() - opening).toBeLessThan(15_000);
    await expect(page.locator('.omitted', { hasText: 'report.json has them all' }).first().isVisible()).resolves.toBe(
      true,
    );
    expect(await page.locator('p.omitted', { hasText: 'evidence budget is spent' }).count()).toBeGreaterThan(0);

    const filtering = performance.now();
    await page.selectOption('#status-filter', 'failed');
    await expect(page.locator('#shown-count').innerText()).resolves.toBe(
      `Showing ${failureCount} of ${checkCount} checks`,
    );
    await page.fill('#search', 'generated-check-4980');
    await expect
      .poll(
        () => page.locator('details.check:visible').evaluateAll((elements) => elements.map((element) => element.id)),
        { timeout: 10_000 },
      )
      .toEqual(['check-resources.generated-check-4980']);
    expect(performance.now() - filtering).toBeLessThan(10_000);
  });
});
