// Target data is inert: a target whose bodies and headers carry script and onerror payloads, a
// `</script>` and U+2028 yields a report in which nothing runs and the payload reads as text.
import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBody, buildCheck, buildExchange, buildRun } from '../../harness/model/test-support/sample-run.js';
import { launchChromium } from './test-support/launch-chromium.js';
import { runResourcesSuite, writeHtmlPage } from './test-support/run-to-report.js';

const scriptPayload = '<script>window.__pwned=1</script>';
const imagePayload = '<img src=x onerror="window.__pwned=1">';
const breakoutPayload = '</script><script>window.__pwned=1</script>';
const hostileText = `${scriptPayload} ${imagePayload} ${breakoutPayload} \u2028 \u2029 '"><svg onload=window.__pwned=1>`;

let browser: Browser;
let page: Page;
let root: string;
let target: Server;
let targetUrl: string;

// Answers every request with 200 and the payloads in the body and a header: every resources check
// fails and records them as evidence.
function startHostileTarget(): Promise<Server> {
  const server = createServer((request, response) => {
    request.resume();
    const body = JSON.stringify({
      id: scriptPayload,
      name: imagePayload,
      note: breakoutPayload,
      items: [{ id: hostileText }],
    });
    response.writeHead(200, {
      'content-type': 'application/json',
      'x-payload': imagePayload,
      'set-cookie': `s=${scriptPayload}`,
    });
    response.end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(10_000);
  root = await mkdtemp(join(tmpdir(), 'apicert-hostile-'));
  target = await startHostileTarget();
  targetUrl = `http://127.0.0.1:${(target.address() as { port: number }).port}`;
}, 30_000);

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (target === undefined ? resolve() : target.close(() => resolve())));
  if (root !== undefined) await rm(root, { recursive: true, force: true });
});

/** Opens the page, expands everything, and reports what ran and what shows. */
async function inspect(url: string): Promise<{ pwned: unknown; scripts: number; images: number; text: string }> {
  await page.goto(url);
  await page.click('#expand-shown');
  await page.waitForTimeout(200);
  const pwned = await page.evaluate('window.__pwned');
  const scripts = await page.locator('script').count();
  const images = await page.locator('img, svg[onload], [onerror]').count();
  return { pwned, scripts, images, text: await page.locator('body').innerText() };
}

describe('a report of a hostile target', () => {
  it('runs no script from a real run whose bodies and headers carry payloads, and shows them as text', async () => {
    const run = await runResourcesSuite(targetUrl, 'hostile-test-token', join(root, 'real'), ['--format', 'html,json']);
    expect(run.exitCode).toBe(1);
    const seen = await inspect(run.pageUrl);
    expect(seen.pwned).toBeUndefined();
    expect(seen.scripts).toBe(1);
    expect(seen.images).toBe(0);
    expect(seen.text).toContain(scriptPayload);
    expect(seen.text).toContain(imagePayload);
    // The body is JSON, so the quotes and </script> arrive JSON-escaped (<\/script> stays as sent).
    expect(seen.text).toContain('"note":"</script><script>window.__pwned=1</script>"');
    await expect(page.locator('pre.body', { hasText: scriptPayload }).first().isVisible()).resolves.toBe(true);
    await expect(
      page
        .locator('pre.http.response', { hasText: `x-payload: ${imagePayload}` })
        .first()
        .isVisible(),
    ).resolves.toBe(true);
  });

  it('runs no script when every field of the run carries payloads, and shows U+2028 visibly', async () => {
    const exchange = buildExchange({
      request: {
        method: 'POST',
        url: `${targetUrl}/x?q=${hostileText}`,
        headers: { 'x-echo': hostileText },
        body: buildBody(hostileText),
      },
      response: { status: 500, headers: { 'x-server': hostileText }, body: buildBody(hostileText) },
      curl: `curl -sS --data-raw '${hostileText}'`,
      note: hostileText,
      error: { code: 'APICERT_HTTP_TIMEOUT', message: hostileText },
    });
    const run = buildRun(
      [
        buildCheck({
          id: `resources.${scriptPayload}`,
          title: hostileText,
          class: imagePayload,
          status: 'failed',
          message: hostileText,
          expected: hostileText,
          actual: hostileText,
          counterexample: { body: hostileText },
          replayPath: hostileText,
          findings: [{ level: 'warning', message: hostileText }],
          evidence: [exchange],
        }),
        buildCheck({
          id: 'b',
          status: 'errored',
          error: { code: hostileText, message: hostileText },
          message: hostileText,
        }),
      ],
      {
        target: { baseUrl: `${targetUrl}/${hostileText}` },
        replayCommand: `npx apicert run ${hostileText}`,
        interrupted: hostileText,
      },
    );
    const seen = await inspect(await writeHtmlPage(run, join(root, 'synthetic')));
    expect(seen.pwned).toBeUndefined();
    expect(seen.scripts).toBe(1);
    expect(seen.images).toBe(0);
    expect(seen.text).toContain(scriptPayload);
    expect(seen.text).toContain(breakoutPayload);
    expect(seen.text).toContain(`${imagePayload} `);
    expect(seen.text).toContain('\\u{2028} \\u{2029}');
    expect(seen.text).not.toMatch(/[\u2028\u2029]/);
    await expect(page.title()).resolves.toContain(scriptPayload);
    // The search box works on hostile text too, as plain text.
    await page.fill('#search', '</script><script>');
    await expect.poll(() => page.locator('details.check:visible').count(), { timeout: 5_000 }).toBe(2);
  });

  it('lets the CSP block an inline script that no hash allows', async () => {
    await page.goto(await writeHtmlPage(buildRun([buildCheck()]), join(root, 'csp')));
    // evaluate() itself is exempt from the page's CSP; the script element it adds is not.
    await page.evaluate(
      `(() => { const s = document.createElement('script'); s.textContent = 'window.__injected = 1'; document.body.appendChild(s); })()`,
    );
    await expect(page.evaluate('window.__injected')).resolves.toBeUndefined();
  });
});
