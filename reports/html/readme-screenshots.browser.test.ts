// The README's pictures of the report's charts, taken in Chromium from a real run against the
// reference server with the defect the README names (`npm run demo -- --defects
// cursor-restarts-when-anchor-deleted` shows the same): the page grid of the failed walk under
// mutation, and the delivery timeline of the sender's retries. Written to test-results/ on every
// run; the copies in docs/ change only when missing or on APICERT_UPDATE_SCREENSHOT=1, so a test run
// leaves the working tree clean.
import { access, copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../harness/cli/cli.js';
import { captureIo } from '../../harness/cli/test-support/capture-io.js';
import { startReferenceServer, type RunningReferenceServer } from '../../reference-server/start.js';
import { launchChromium } from './test-support/launch-chromium.js';
import { exampleConfig } from './test-support/run-to-report.js';

const resultsDir = fileURLToPath(new URL('../../test-results/', import.meta.url));
const docsDir = fileURLToPath(new URL('../../docs/', import.meta.url));

let browser: Browser;
let server: RunningReferenceServer;
let root: string;
let pageUrl: string;

beforeAll(async () => {
  browser = await launchChromium();
  server = await startReferenceServer({ defects: ['cursor-restarts-when-anchor-deleted'] });
  root = await mkdtemp(join(tmpdir(), 'apicert-shots-'));
  const io = captureIo({ APICERT_TOKEN: server.token, APICERT_WEBHOOK_SECRET: server.webhookSecret });
  const code = await runCli(['run', '--base-url', server.url, '--config', exampleConfig, '--suite', 'pagination,webhooks-sender', '--report-dir', root, '--seed', '3'], io);
  expect(code).toBe(1);
  pageUrl = pathToFileURL(join(root, 'index.html')).href;
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (root !== undefined) await rm(root, { recursive: true, force: true });
});

async function shoot(checkId: string, figure: string, name: string): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 }, deviceScaleFactor: 1 });
  try {
    const page = await context.newPage();
    await page.goto(pageUrl);
    const details = page.locator(`details:has(code.check-id:text-is("${checkId}"))`).first();
    if ((await details.getAttribute('open')) === null) await details.locator('> summary').click();
    const chart = details.locator(`figure.${figure}`).first();
    await chart.waitFor({ state: 'visible', timeout: 10_000 });
    await mkdir(resultsDir, { recursive: true });
    const png = await chart.screenshot({ path: join(resultsDir, name) });
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    const docsCopy = join(docsDir, name);
    const exists = await access(docsCopy).then(
      () => true,
      () => false,
    );
    if (!exists || process.env['APICERT_UPDATE_SCREENSHOT'] === '1') await copyFile(join(resultsDir, name), docsCopy);
  } finally {
    await context.close();
  }
}

describe('the README\'s chart screenshots', () => {
  it('shows the page grid of the failed walk under mutation', async () => {
    await shoot('pagination.cursor.no-duplicates-under-mutation', 'page-grid', 'screenshot-failed-mutation-walk.png');
  }, 30_000);

  it('shows the sender\'s retries on a delivery timeline', async () => {
    await shoot('webhooks-sender.retry-backoff', 'delivery-timeline', 'screenshot-retry-timeline.png');
  }, 30_000);
});
