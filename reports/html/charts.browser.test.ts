// The report's charts in Debian's Chromium, with scripts on and off: the page grid of a failed walk
// under mutation (from a real run against the reference server with a cursor that restarts when its
// anchor is deleted), the failed sender's and receiver's deliveries (retries that change their bytes,
// a receiver that processes a redelivery again), the run overview, and the charts every check carries
// whatever its verdict (the sender's deliveries, the receiver's answer times, the cost of deep cursor
// pages, every walk), from real runs.
// Each is drawn, named for screen readers, and inert with hostile data.
import { access, copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCheck, buildRun } from '../../harness/model/test-support/sample-run.js';
import type { RunResult } from '../../harness/model/run-result.js';
import { startReferenceServer, type RunningReferenceServer } from '../../reference-server/start.js';
import { runCli } from '../../cli/cli.js';
import { captureIo } from '../../cli/test-support/capture-io.js';
import { launchChromium } from './test-support/launch-chromium.js';
import { exampleConfig, writeHtmlPage } from './test-support/run-to-report.js';

let browser: Browser;
let server: RunningReferenceServer;
let root: string;
let pageUrl: string;

beforeAll(async () => {
  browser = await launchChromium();
  // A defect in each suite whose checks draw over time, so each chart is also seen on a failed check.
  server = await startReferenceServer({
    defects: ['cursor-restarts-when-anchor-deleted', 'retry-changes-body', 'receiver-no-dedupe'],
  });
  root = await mkdtemp(join(tmpdir(), 'apicert-grid-'));
  const reportDir = join(root, 'report');
  const io = captureIo({ APICERT_TOKEN: server.token, APICERT_WEBHOOK_SECRET: server.webhookSecret });
  // The sender suite too: its passing retry schedule is the README's second picture.
  const code = await runCli(
    [
      'run',
      '--base-url',
      server.url,
      '--config',
      exampleConfig,
      '--suite',
      'pagination,webhooks-sender,webhooks-receiver',
      '--report-dir',
      reportDir,
      '--seed',
      '3',
    ],
    io,
  );
  expect(code).toBe(1);
  const report = JSON.parse(await readFile(join(reportDir, 'report.json'), 'utf8')) as RunResult;
  const statusOf = (id: string) => report.checks.find((check) => check.id === id)?.status;
  expect(statusOf('pagination.cursor.no-duplicates-under-mutation')).toBe('failed');
  expect(statusOf('webhooks-sender.retry-after-failure')).toBe('failed');
  expect(statusOf('webhooks-receiver.redelivery-processed-once')).toBe('failed');
  pageUrl = pathToFileURL(join(reportDir, 'index.html')).href;
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (root !== undefined) await rm(root, { recursive: true, force: true });
});

async function gridOf(url: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto(url);
  // A failed check starts open; otherwise a click opens the native <details>, with or without the page's script.
  const details = page
    .locator('details:has(code.check-id:text-is("pagination.cursor.no-duplicates-under-mutation"))')
    .first();
  if ((await details.getAttribute('open')) === null) await details.locator('> summary').click();
  // Its own grid, named after it: other checks of the run draw page grids too.
  const grid = page
    .locator('figure.page-grid:has(svg[aria-labelledby^="check-pagination.cursor.no-duplicates-under-mutation-grid"])')
    .first();
  const svg = grid.locator('svg');
  await svg.waitFor({ state: 'visible', timeout: 10_000 });
  const result = {
    // The accessible name: the texts of the elements aria-labelledby names.
    name: (
      await Promise.all(
        ((await svg.getAttribute('aria-labelledby')) ?? '')
          .split(' ')
          .map((id) => page.locator(`[id="${id}"]`).first().textContent()),
      )
    ).join(' | '),
    box: await svg.boundingBox(),
    repeated: await grid.locator('rect[fill="#f8d0d0"]').count(),
    writes: await grid.locator('line').count(),
    caption: (await grid.locator('figcaption').textContent()) ?? '',
    pwned: javaScriptEnabled ? await page.evaluate('window.__pwned') : undefined,
    violations,
  };
  await context.close();
  return result;
}

/** Runs `look` on `url` in a fresh page, with scripts on and then off: the charts must not need them. */
async function withAndWithoutScripts(
  url: string,
  look: (page: Page, javaScriptEnabled: boolean) => Promise<void>,
): Promise<void> {
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ javaScriptEnabled });
    try {
      const page = await context.newPage();
      await page.goto(url);
      await look(page, javaScriptEnabled);
    } finally {
      await context.close();
    }
  }
}

describe('the page grid of a failed walk under mutation', () => {
  it.each([true, false])(
    'is drawn, named and marks the rows listed twice (JavaScript %s)',
    async (javaScriptEnabled) => {
      const grid = await gridOf(pageUrl, javaScriptEnabled);
      expect(grid.name).toMatch(/^The pages of the failing walk \| \d+ pages; listed twice: \S+/);
      expect(grid.box?.width).toBeGreaterThan(100);
      expect(grid.repeated).toBeGreaterThan(0);
      expect(grid.writes).toBeGreaterThan(0);
      expect(grid.caption).toMatch(/w1: after page \d: delete the anchor/);
      expect(grid.violations).toEqual([]);
    },
    30_000,
  );

  it("draws the failed sender and receiver checks' charts from the same run: the retries that changed their bytes, the answers to a redelivery", async () => {
    await withAndWithoutScripts(pageUrl, async (page) => {
      const retried = page.locator(
        'details[data-status="failed"]:has(code.check-id:text-is("webhooks-sender.retry-after-failure"))',
      );
      // A row per event failed in one way, its first attempt failed (red or purple) and its retry.
      expect(await retried.locator('figure.delivery-timeline svg circle[r="5"]').count()).toBeGreaterThanOrEqual(4);
      expect(await retried.locator('[id$="-timeline-desc"]').textContent()).toMatch(/answered 200/);
      const redelivered = page.locator(
        'details[data-status="failed"]:has(code.check-id:text-is("webhooks-receiver.redelivery-processed-once"))',
      );
      expect(await redelivered.locator('figure.acknowledgements svg rect').count()).toBeGreaterThanOrEqual(2);
      expect(await redelivered.locator('[id$="-acks-desc"]').textContent()).toMatch(/answered 2\d\d after \d+ ms/);
    });
  }, 30_000);

  it('comes with the run overview: a bar per suite that ran, the failing ones red, named for screen readers', async () => {
    await withAndWithoutScripts(pageUrl, async (page) => {
      const svg = page.locator('figure.run-overview svg');
      await svg.waitFor({ state: 'visible' });
      expect(await page.locator('[id="overview-desc"]').textContent()).toMatch(
        /^pagination: [\d.]+ s in its checks, \d+ failed, \d+ passed/,
      );
      expect(await svg.locator('rect[fill="#c62828"]').count()).toBe(3); // a failed check in each of the three suites
    });
  }, 30_000);

  it("draws passing checks' charts from a real run: the sender's retries, the receiver's answer times, the cost of deep cursor pages, the walks", async () => {
    const clean = await startReferenceServer({});
    try {
      const reportDir = join(root, 'webhooks');
      const io = captureIo({ APICERT_TOKEN: clean.token, APICERT_WEBHOOK_SECRET: clean.webhookSecret });
      const code = await runCli(
        [
          'run',
          '--base-url',
          clean.url,
          '--config',
          exampleConfig,
          '--suite',
          'webhooks-sender,webhooks-receiver',
          '--report-dir',
          reportDir,
        ],
        io,
      );
      expect(code, io.out()).toBe(0);
      const webhooksUrl = pathToFileURL(join(reportDir, 'index.html')).href;
      await withAndWithoutScripts(webhooksUrl, async (page) => {
        const backoff = page.locator(
          'details[data-status="passed"]:has(code.check-id:text-is("webhooks-sender.retry-backoff"))',
        );
        // The reference server fails the first attempts and backs off: the retries are drawn. Its waits
        // (50, 100, 200 ms) are within the rule's jitter allowance, so no ring asks for a later retry.
        expect(await backoff.locator('figure.delivery-timeline svg circle[r="5"]').count()).toBeGreaterThanOrEqual(3);
        expect(await backoff.locator('figure.delivery-timeline svg circle[fill="none"]').count()).toBe(0);
        // The expected backoff beside the observed one: a tick for each retry from the third attempt.
        expect(
          await backoff.locator('figure.delivery-timeline svg line[stroke="#777"]').count(),
        ).toBeGreaterThanOrEqual(2);
        // A check that got one delivery per event draws it too.
        const shape = page.locator(
          'details[data-status="passed"]:has(code.check-id:text-is("webhooks-sender.delivery-shape"))',
        );
        expect(await shape.locator('figure.delivery-timeline svg circle[r="5"]').count()).toBeGreaterThanOrEqual(1);
        expect(await backoff.locator('[id$="-timeline-desc"]').textContent()).toMatch(
          /^evt_\S+: 0 ms: answered 5\d\d, \d+ ms: answered/,
        );
        const acknowledged = page.locator(
          'details[data-status="passed"]:has(code.check-id:text-is("webhooks-receiver.signed-delivery-acknowledged"))',
        );
        expect(
          await acknowledged.locator('figure.acknowledgements svg rect[fill="#2e7d32"]').count(),
        ).toBeGreaterThanOrEqual(1);
        expect(await acknowledged.locator('[id$="-acks-desc"]').textContent()).toMatch(
          /answered 2\d\d after \d+ ms.*budget 10000 ms\.$/,
        );
        await page.goto(pageUrl);
        const deep = page.locator(
          'details[data-status="passed"]:has(code.check-id:text-is("pagination.cursor.deep-pages-cost-the-same"))',
        );
        expect(await deep.locator('figure.page-cost svg').count()).toBeGreaterThanOrEqual(1);
        // A passing walk is drawn as a page grid too: every row once, nothing red.
        const walked = page.locator(
          'details[data-status="passed"]:has(code.check-id:text-is("pagination.offset.walk-complete"))',
        );
        expect(await walked.locator('figure.page-grid svg').count()).toBeGreaterThanOrEqual(1);
        expect(await walked.locator('figure.page-grid [id$="-grid-title"]').first().textContent()).toMatch(
          /^The pages of the offset walk of \/\S+$/,
        );
        expect(await walked.locator('figure.page-grid [id$="-grid-desc"]').first().textContent()).toMatch(
          /^\d+ pages; no row listed twice; no row missing; no writes between pages\.$/,
        );
        expect(await walked.locator('figure.page-grid rect[fill="#f8d0d0"]').count()).toBe(0);
        // Every walk is drawn: the offset walk under writes too (w1, w2 in its gaps), and the quiet
        // walks of the checks that only read, a grid per list and style.
        expect(await walked.locator('figure.page-grid [id$="-grid-desc"]').allTextContents()).toContainEqual(
          expect.stringMatching(/^\d+ pages; .*; \d writes between pages \(w1…\)\.$/),
        );
        const stable = page.locator(
          'details[data-status="passed"]:has(code.check-id:text-is("pagination.stable-order"))',
        );
        expect(await stable.locator('figure.page-grid svg').count()).toBeGreaterThanOrEqual(8);
        const matched = page.locator(
          'details[data-status="passed"]:has(code.check-id:text-is("pagination.page.matches-offset"))',
        );
        expect(await matched.locator('figure.page-grid [id$="-grid-title"]').allTextContents()).toEqual(
          expect.arrayContaining([
            expect.stringMatching(/^The pages of the page walk of /),
            expect.stringMatching(/^The pages of the offset walk of /),
          ]),
        );
        // Three depths a style: the first page, the one halfway and the deep one.
        expect(await deep.locator('[id$="-cost-desc"]').first().textContent()).toMatch(
          /^\/\S+, pages of \d+: [\d.]+ ms at 0 items deep, [\d.]+ ms at \d+ items deep, [\d.]+ ms at \d+ items deep \(fastest of each depth\).* For comparison, by offset: .* For comparison, by page: /,
        );
      });
    } finally {
      await clean.close();
    }
  }, 60_000);

  it('keeps hostile words in every chart inert, drawn the same with and without scripts', async () => {
    const hostile = '<img src=x onerror="window.__pwned=1">';
    const run = buildRun([
      buildCheck({
        id: 'webhooks-sender.retry-backoff',
        suite: 'webhooks-sender',
        class: 'webhooks-sender',
        status: 'failed',
        charts: [
          {
            kind: 'deliveries',
            events: [
              {
                id: hostile,
                attempts: [
                  { atMs: 0, status: 500 },
                  { atMs: 500, status: 500 },
                  { atMs: 900, status: 200, notBeforeMs: 875 },
                ],
              },
            ],
            omittedEvents: 0,
          },
          { kind: 'acknowledgements', budgetMs: 100, deliveries: [{ label: hostile, ms: 3, status: 200 }], omitted: 0 },
          {
            kind: 'page-cost',
            list: hostile,
            pageSize: 5,
            pages: [
              { depth: 0, ms: 1 },
              { depth: 50, ms: 2 },
            ],
            warnRatio: 3,
            adviceFromMs: 12,
          },
        ],
      }),
    ]);
    const url = await writeHtmlPage(run, join(root, 'timeline'));
    const counts: number[] = [];
    await withAndWithoutScripts(url, async (page, javaScriptEnabled) => {
      const svg = page.locator('figure.delivery-timeline svg');
      await svg.waitFor({ state: 'visible' });
      expect(await svg.locator('circle[r="5"]').count()).toBe(3);
      expect(await svg.locator('circle[fill="none"]').count()).toBe(1);
      expect(await page.locator('[id$="-timeline-desc"]').textContent()).toBe(
        `${hostile}: 0 ms: answered 500, 500 ms: answered 500, 900 ms: answered 200`,
      );
      expect(await page.locator('[id$="-acks-desc"]').textContent()).toContain(hostile);
      expect(await page.locator('[id$="-cost-desc"]').textContent()).toContain(hostile);
      counts.push(await page.locator('figure svg').count());
      if (javaScriptEnabled) expect(await page.evaluate('window.__pwned')).toBeUndefined();
    });
    expect(counts[0]).toBe(counts[1]);
  }, 30_000);

  it('keeps hostile row ids inert', async () => {
    const hostile = '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=1">';
    const run = buildRun([
      buildCheck({
        id: 'pagination.cursor.no-duplicates-under-mutation',
        status: 'failed',
        counterexample: {
          pages: [{ ids: [hostile, 'b'] }, { ids: [hostile] }],
          repeated: [hostile],
          missing: ['c'],
          writes: [`after page 1: ${hostile}`],
        },
      }),
    ]);
    const grid = await gridOf(await writeHtmlPage(run, join(root, 'hostile')), true);
    expect(grid.pwned).toBeUndefined();
    expect(grid.repeated).toBe(2);
    expect(grid.caption).toContain('<script>window.__pwned=1</script>');
    expect(grid.violations).toEqual([]);
  }, 30_000);
});

// The README's pictures of the charts, from the run above (`npm run demo -- --defects
// cursor-restarts-when-anchor-deleted,retry-changes-body,receiver-no-dedupe` shows the same). Written to test-results/ on every run; the
// copies in docs/ change only when missing or on APICERT_UPDATE_SCREENSHOT=1, so a test run leaves the
// working tree clean.
const resultsDir = fileURLToPath(new URL('../../test-results/', import.meta.url));
const docsDir = fileURLToPath(new URL('../../docs/', import.meta.url));

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

describe("the README's chart screenshots", () => {
  it('shows the page grid of the failed walk under mutation', async () => {
    await shoot('pagination.cursor.no-duplicates-under-mutation', 'page-grid', 'screenshot-failed-mutation-walk.png');
  }, 30_000);

  it("shows the sender's retries on a delivery timeline", async () => {
    await shoot('webhooks-sender.retry-backoff', 'delivery-timeline', 'screenshot-retry-timeline.png');
  }, 30_000);
});
