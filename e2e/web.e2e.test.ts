// Browser mode end to end: a real server, the real demo server launched under
// the inspector, real load, a real profile — seen in a real Chromium.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('refuses the page without the token', async () => {
    const res = await page.goto(web.origin + '/');
    expect(res?.status()).toBe(403);
  });

  it('records the demo server\'s /log route and shows its flamegraph and load summary', async () => {
    await page.goto(web.url);
    await startDemoRecording(page, { route: '/log', durationSec: 3, warmupSec: 1 });
    await page.getByTestId('result-screen').waitFor({ timeout: 60_000 });

    // The flamegraph shows the route's handler.
    const flame = page.getByTestId('flamegraph');
    await flame.locator('svg').first().waitFor();
    await expect.poll(() => flame.textContent(), { timeout: 10_000 }).toContain('logRoute');

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
