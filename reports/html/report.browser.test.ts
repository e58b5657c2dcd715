// The HTML report in a real browser (Debian's Chromium): a real run against the reference server with
// two defects, compared with a clean baseline run. What a release manager sees must match report.json.
import { createHash } from 'node:crypto';
import { access, copyFile, mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunResult } from '../../harness/model/run-result.js';
import { startReferenceServer, type RunningReferenceServer } from '../../reference-server/start.js';
import { toCheckAnchor } from './check-anchor.js';
import { launchChromium } from './test-support/launch-chromium.js';
import { realisticRun } from './test-support/realistic-run.js';
import { runResourcesSuite, writeHtmlPage, type CliRun } from './test-support/run-to-report.js';

const screenshotPath = fileURLToPath(new URL('../../test-results/report.png', import.meta.url));
const readmeScreenshotPath = fileURLToPath(new URL('../../docs/report-screenshot.png', import.meta.url));

let browser: Browser;
let root: string;
let clean: RunningReferenceServer;
let broken: RunningReferenceServer;
let compared: CliRun;
let report: RunResult;

beforeAll(async () => {
  browser = await launchChromium();
  root = await mkdtemp(join(tmpdir(), 'apicert-html-'));
  clean = await startReferenceServer({ port: 0 });
  broken = await startReferenceServer({ port: 0, defects: ['put-merges', 'error-body-not-json'] });
  const baseline = await runResourcesSuite(clean.url, clean.token, join(root, 'baseline'), [
    '--format',
    'json',
    '--seed',
    '11',
  ]);
  expect(baseline.exitCode).toBe(0);
  compared = await runResourcesSuite(broken.url, broken.token, join(root, 'compared'), [
    '--seed',
    '11',
    '--baseline',
    join(baseline.reportDir, 'report.json'),
  ]);
  expect(compared.stderr).toBe('');
  expect(compared.exitCode).toBe(1);
  report = JSON.parse(await readFile(join(compared.reportDir, 'report.json'), 'utf8')) as RunResult;
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([clean?.close(), broken?.close()]);
  if (root !== undefined) await rm(root, { recursive: true, force: true });
});

// One page for the tests with JavaScript on (a new page costs more than a reload on a slow machine);
// each test reloads the report for a fresh state.
let sharedPage: Page | undefined;
const cspViolations: string[] = [];

async function openReport(): Promise<Page> {
  if (sharedPage === undefined) {
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    sharedPage = await context.newPage();
    sharedPage.setDefaultTimeout(10_000);
    sharedPage.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
  }
  cspViolations.length = 0;
  await sharedPage.goto(compared.pageUrl);
  return sharedPage;
}

function problemsOf(run: RunResult): RunResult['checks'] {
  return run.checks.filter((check) => check.status === 'failed' || check.status === 'errored');
}

// Check anchors hold dots, which a #id selector would read as classes.
function checkElement(page: Page, checkId: string): ReturnType<Page['locator']> {
  return page.locator(`details.check[id="${toCheckAnchor(checkId)}"]`);
}

async function visibleCheckIds(page: Page): Promise<string[]> {
  return page.locator('details.check:visible').evaluateAll((elements) => elements.map((element) => element.id));
}

describe('the HTML report of a real run', () => {
  it('shows the verdicts that report.json holds: overall, per class and per check', async () => {
    const page = await openReport();
    const overall = page.locator('[data-overall-verdict]');
    await expect(overall.getAttribute('data-overall-verdict')).resolves.toBe(report.verdict);
    expect(await overall.innerText()).toMatch(/^FAILED required classes not passed: resources-core \(failed\)/);
    for (const result of report.classes) {
      const row = page.locator(`#classes tr[data-class="${result.id}"]`);
      await expect(row.getAttribute('data-verdict')).resolves.toBe(result.verdict);
      expect((await row.innerText()).toLowerCase()).toContain(result.verdict);
    }
    const shown = await page
      .locator('details.check')
      .evaluateAll((elements) =>
        elements.map((element): [string, string | null] => [element.id, element.getAttribute('data-status')]),
      );
    expect(new Map(shown)).toEqual(new Map(report.checks.map((check) => [toCheckAnchor(check.id), check.status])));
    const facts = await page.locator('.run-facts').innerText();
    for (const fact of [report.target.baseUrl, `apicert ${report.tool.version}`, '11', report.startedAt.slice(0, 10)])
      expect(facts).toContain(fact);
    expect(cspViolations).toEqual([]);
    // The script ran (allowed by its hash): it built the toolbar.
    await expect(page.locator('#status-filter').count()).resolves.toBe(1);
  });

  it('puts the hash of report.json in the certificate and writes badge.svg beside the page', async () => {
    const page = await openReport();
    const certificate = await page.locator('pre.certificate').innerText();
    const hash = createHash('sha256')
      .update(await readFile(join(compared.reportDir, 'report.json')))
      .digest('hex');
    expect(certificate).toContain(`report.json: sha256:${hash}`);
    expect(certificate).toContain('Passed:      resources-auth');
    expect(certificate).toContain('Not passed:  resources-core (failed)');
    const badge = await readFile(join(compared.reportDir, 'badge.svg'), 'utf8');
    expect(badge).toContain('>failed 1/2</text>');
    expect(await readdir(compared.reportDir)).toEqual(
      expect.arrayContaining(['index.html', 'badge.svg', 'report.json', 'junit.xml']),
    );
  });

  it('filters by status and by text', async () => {
    const page = await openReport();
    const problems = problemsOf(report);
    await page.selectOption('#status-filter', 'problems');
    expect(await visibleCheckIds(page)).toEqual(problems.map((check) => toCheckAnchor(check.id)));
    await expect(page.locator('#shown-count').innerText()).resolves.toBe(
      `Showing ${problems.length} of ${report.checks.length} checks`,
    );

    // A class with nothing left to show disappears with its checks.
    await expect(page.locator('section.class-group[data-class="resources-auth"]').isVisible()).resolves.toBe(false);

    await page.selectOption('#status-filter', 'passed');
    expect((await visibleCheckIds(page)).length).toBe(report.summary.passed);
    await expect(page.locator('section.class-group[data-class="resources-auth"]').isVisible()).resolves.toBe(true);

    await page.selectOption('#status-filter', 'new-failure');
    expect((await visibleCheckIds(page)).sort()).toEqual(problems.map((check) => toCheckAnchor(check.id)).sort());

    await page.selectOption('#status-filter', 'all');
    await page.fill('#search', 'PUT-replaces');
    await expect
      .poll(() => visibleCheckIds(page), { timeout: 5_000 })
      .toEqual([toCheckAnchor('resources.put-replaces-record')]);
    await page.fill('#search', 'no check says this');
    await expect.poll(() => visibleCheckIds(page), { timeout: 5_000 }).toEqual([]);
    await expect(page.locator('section.suite:visible').count()).resolves.toBe(0);
  });

  it('shows each failure expanded with its evidence, and expands a collapsed check on click', async () => {
    const page = await openReport();
    const failure = checkElement(page, 'resources.put-replaces-record');
    const check = report.checks.find((candidate) => candidate.id === 'resources.put-replaces-record');
    if (check?.status !== 'failed') throw new Error('the realistic run has put-replaces-record failed');
    await expect(failure.getAttribute('open')).resolves.toBe('');
    for (const text of [check.message, check.expected!, check.actual!, report.replayCommand]) {
      await expect(failure.getByText(text, { exact: false }).first().isVisible()).resolves.toBe(true);
    }
    await expect(failure.locator('pre.http.response').first().innerText()).resolves.toMatch(/^HTTP 201\n/);

    const passed = checkElement(page, 'resources.auth-required');
    await expect(passed.locator('.check-body').isVisible()).resolves.toBe(false);
    await passed.locator('summary').click();
    await expect(passed.locator('.check-body').isVisible()).resolves.toBe(true);

    await page.click('#collapse-all');
    await expect(failure.locator('.check-body').isVisible()).resolves.toBe(false);
    await page.selectOption('#status-filter', 'problems');
    await page.click('#expand-shown');
    await expect(failure.locator('.check-body').isVisible()).resolves.toBe(true);
    await expect(passed.getAttribute('open')).resolves.toBeNull();
  });

  it('opens the check a comparison link names', async () => {
    const page = await openReport();
    await page.click('#collapse-all');
    await page.locator('#comparison a', { hasText: 'resources.error-responses-are-json' }).click();
    const target = checkElement(page, 'resources.error-responses-are-json');
    await expect.poll(() => target.getAttribute('open'), { timeout: 5_000 }).toBe('');
  });

  it('shows copyable curl lines that carry $APICERT_TOKEN and never the token', async () => {
    const page = await openReport();
    const curls = await page.locator('pre.curl').allTextContents();
    expect(curls.length).toBeGreaterThanOrEqual(problemsOf(report).length);
    for (const curl of curls) {
      expect(curl).toMatch(/^curl -sS /);
      expect(curl).toContain('"Authorization: Bearer $APICERT_TOKEN"');
    }
    const firstCurl = page.locator('pre.curl').first();
    const copy = page.locator('button.copy:has(+ pre.curl)').first();
    await copy.click();
    await expect.poll(() => copy.innerText(), { timeout: 5_000 }).toBe('Copied');
    await expect(page.evaluate('navigator.clipboard.readText()')).resolves.toBe(await firstCurl.textContent());
    for (const file of await readdir(compared.reportDir)) {
      expect(await readFile(join(compared.reportDir, file), 'utf8')).not.toContain(broken.token);
    }
    expect(await page.content()).not.toContain(broken.token);
  });

  it('still shows verdicts, failures and their evidence with JavaScript off', async () => {
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(compared.pageUrl);
      await expect(page.locator('[data-overall-verdict]').innerText()).resolves.toMatch(/^FAILED/);
      await expect(page.locator('#classes tr[data-class="resources-core"]').innerText()).resolves.toMatch(/FAILED/i);
      for (const check of problemsOf(report)) {
        const element = checkElement(page, check.id);
        await expect(element.locator('.summary-message').isVisible()).resolves.toBe(true);
        await expect(element.locator('.expected').isVisible()).resolves.toBe(true);
        await expect(element.locator('pre.curl').first().isVisible()).resolves.toBe(true);
        await expect(element.locator('pre.body').first().isVisible()).resolves.toBe(true);
      }
      // No dead controls: the toolbar exists only when the script runs.
      await expect(page.locator('#toolbar').innerHTML()).resolves.toBe('');
      // <details> still expands natively.
      const passed = checkElement(page, 'resources.auth-required');
      await passed.locator('summary').click();
      await expect(passed.locator('.check-body').isVisible()).resolves.toBe(true);
    } finally {
      await context.close();
    }
  });

  it('saves a screenshot of a realistic report for people to look at', async () => {
    const url = await writeHtmlPage(realisticRun(), join(root, 'realistic'));
    const context = await browser.newContext({ viewport: { width: 1200, height: 1150 } });
    try {
      const page = await context.newPage();
      await page.goto(url);
      await mkdir(dirname(screenshotPath), { recursive: true });
      const png = await page.screenshot({ path: screenshotPath });
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      // The README's copy changes only on request, so a test run leaves the working tree clean.
      const hasReadmeCopy = await access(readmeScreenshotPath).then(
        () => true,
        () => false,
      );
      if (!hasReadmeCopy || process.env['APICERT_UPDATE_SCREENSHOT'] === '1') {
        await mkdir(dirname(readmeScreenshotPath), { recursive: true });
        await copyFile(screenshotPath, readmeScreenshotPath);
      }
    } finally {
      await context.close();
    }
  });
});
