// Browser mode end to end: a real server, the real demo server launched under
// the inspector, real load, a real profile — seen in a real Chromium.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { artifacts, hasChromium, launchChromium, newPage, startWebMode, type WebMode, startDemoRecording } from './helpers.ts';

const title = hasChromium ? 'browser mode' : 'browser mode (skipped: no Chromium at /usr/bin/chromium — apt-get install chromium)';

describe.skipIf(!hasChromium)(title, () => {
  let web: WebMode;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    web = await startWebMode();
    browser = await launchChromium();
    page = await newPage(browser);
  });
  afterAll(async () => {
    await browser?.close();
    await web?.stop();
  });

  it('needs the token for every call, sets no cookie, and survives a reload without the token in its URL', async () => {
    const bare = await browser.newPage();
    const res = await bare.goto(web.origin + '/');
    expect(res?.status()).toBe(200); // the UI's files are public…
    expect(await bare.evaluate(() => fetch('/api/demoServer', { method: 'POST', body: '{}' }).then((r) => r.status))).toBe(403); // …its calls are not
    await bare.close();

    await page.goto(web.url);
    await page.getByTestId('demo-button').waitFor();
    expect(new URL(page.url()).searchParams.has('token')).toBe(false);
    // A cookie would go to every server on 127.0.0.1, whatever its port.
    expect(await page.context().cookies()).toEqual([]);
    await page.reload();
    expect(await page.evaluate(() => fetch('/api/libraryStatus', {
      method: 'POST', body: '{}', headers: { 'x-flambe-token': sessionStorage.getItem('flambe.token') ?? '' },
    }).then((r) => r.status))).toBe(200);
  });

  it('a user error is one sentence on the page and no "Failed to load resource" in the console', async () => {
    const consoleLines: string[] = [];
    const listener = (m: { type(): string; text(): string }) => consoleLines.push(`${m.type()}: ${m.text()}`);
    page.on('console', listener);
    await page.getByTestId('launch-script-input').fill('/nope/does-not-exist.js');
    await page.getByTestId('launch-button').click();
    const error = page.getByTestId('target-error');
    await error.waitFor({ timeout: 20_000 });
    expect(await error.textContent()).toMatch(/does not exist/);
    await page.waitForTimeout(300);
    page.off('console', listener);
    expect(consoleLines.filter((l) => /Failed to load resource|40\d/.test(l))).toEqual([]);
    await page.getByTestId('launch-script-input').fill('');
  });

  it('cannot be framed by a page on another 127.0.0.1 port', async () => {
    const framer = http.createServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end(`<!doctype html><iframe id="f" src="${web.url}" width="800" height="600"></iframe>`);
    });
    await new Promise<void>((r) => framer.listen(0, '127.0.0.1', () => r()));
    const other = await browser.newPage();
    try {
      await other.goto(`http://127.0.0.1:${(framer.address() as AddressInfo).port}/`);
      await other.waitForTimeout(1000);
      const child = other.frames().find((f) => f !== other.mainFrame());
      // Blocked by frame-ancestors / X-Frame-Options: the frame shows Chromium's error page, never our UI.
      const testIds = child ? await child.evaluate(() => document.querySelectorAll('[data-testid]').length).catch(() => 0) : 0;
      expect(testIds).toBe(0);
    } finally {
      await other.close();
      await new Promise<void>((r) => framer.close(() => r()));
    }
  });

  it('records the demo server\'s /log route and shows its flamegraph and load summary', async () => {
    const workers: string[] = [];
    page.on('worker', (w) => workers.push(w.url()));
    await page.goto(web.url);
    await startDemoRecording(page, { route: '/log', durationSec: 3, warmupSec: 1 });
    await page.getByTestId('result-screen').waitFor({ timeout: 60_000 });

    // The flamegraph shows the route's handler.
    const flame = page.getByTestId('flamegraph');
    await flame.locator('svg').first().waitFor();
    await expect.poll(() => flame.textContent(), { timeout: 10_000 }).toContain('logRoute');
    // The analysis ran in its worker, whose script loads without a cookie (no fallback to the UI thread).
    expect(workers.some((u) => /worker/i.test(u))).toBe(true);

    // The load summary shows what the burst measured.
    const summary = page.getByTestId('load-summary');
    await summary.waitFor();
    const requests = Number((await page.getByTestId('summary-requests').textContent())!.replace(/[^\d]/g, ''));
    expect(requests).toBeGreaterThan(100);
    expect(await page.getByTestId('summary-p99').textContent()).toMatch(/\d+\.\d{3}/);
    expect(await page.getByTestId('recording-error').count()).toBe(0);
    await page.screenshot({ path: path.join(artifacts, 'record-log.png'), fullPage: true });
  });

  it('searching the flamegraph for a name with parentheses does not break it', async () => {
    // "/" focuses the search box.
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('/');
    await page.keyboard.type('logR');
    expect(await page.getByTestId('flamegraph-search').inputValue()).toBe('logR');
    await page.getByTestId('flamegraph-search').fill('(anonymous)');
    await page.getByTestId('flamegraph-search').fill('logRoute');
    expect(await page.getByTestId('flamegraph').locator('svg').count()).toBeGreaterThan(0);
  });

  it('a fault ends in one sentence on the page', async () => {
    await page.getByTestId('new-recording-button').click();
    await page.getByTestId('url-input').fill('http://127.0.0.1:9/');
    await page.getByTestId('warmup-input').fill('0');
    await page.getByTestId('record-button').click();
    const error = page.getByTestId('recording-error');
    await error.waitFor({ timeout: 30_000 });
    expect(await error.textContent()).toMatch(/Nothing is listening at http:\/\/127\.0\.0\.1:9\/.*The target listens on port \d+\./);
    await page.screenshot({ path: path.join(artifacts, 'fault.png') });
  });
});
