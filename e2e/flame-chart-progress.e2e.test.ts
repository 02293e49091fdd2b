// A long profile's exact flame chart drawn as it is computed (issue 36 item 4):
// a synthetic ~30 MB profile (2 million samples; its exact chart walks them all,
// a second or more) imported through the Library. While the worker walks the
// samples, the chart shows what it has walked — the exact chart of the time so
// far — and the overview right of it, and says how far it is; then the whole
// exact chart replaces it. Screenshots at 1024×700, light and dark, in
// e2e/artifacts/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { generate } from '../bench/synthetic-profile.js';
import { artifacts, hasChromium, launchChromium, newPage, startWebMode, type WebMode } from './helpers.ts';

const title = hasChromium ? 'the exact flame chart, drawn as it is computed' : 'the exact flame chart as it is computed (skipped: no Chromium at /usr/bin/chromium — apt-get install chromium)';

describe.skipIf(!hasChromium)(title, () => {
  let web: WebMode;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  const folder = mkdtempSync(path.join(tmpdir(), 'flambe-chart-progress-'));
  const file = path.join(folder, 'long-run.cpuprofile');

  beforeAll(async () => {
    writeFileSync(file, generate(30 * 1024 * 1024));
    web = await startWebMode();
    browser = await launchChromium();
    page = await newPage(browser, { errors, width: 1024, height: 700 });
  });
  afterAll(async () => {
    await browser?.close();
    await web?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('draws the exact chart of the time walked so far, the overview right of it, then the whole exact chart', async () => {
    await page.goto(web.url);
    await page.getByTestId('nav-library').click();
    await page.getByTestId('import-input').setInputFiles(file);
    await page.getByTestId('result-screen').waitFor({ timeout: 120_000 });
    const chart = page.getByTestId('flame-chart');
    await chart.waitFor({ timeout: 120_000 });
    // The part drawn so far: a share of the viewport strictly between none and all, said in words.
    await expect.poll(() => chart.getAttribute('data-exact-share'), { timeout: 120_000, interval: 50 }).not.toBeNull();
    const share = Number(await chart.getAttribute('data-exact-share'));
    expect(share).toBeGreaterThan(0);
    expect(share).toBeLessThan(1);
    const said = (await page.getByTestId('flame-chart-computing').textContent()) ?? '';
    expect(said).toMatch(/^The exact chart is drawn up to \d+ % of the time shown; to its right, an overview from 1 sample in [\d,]+ /);
    expect(await chart.getAttribute('data-overview')).toBeNull();
    expect(Number(await chart.getAttribute('data-rects'))).toBeGreaterThan(0);
    await chart.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(artifacts, 'flame-chart-so-far.png') });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: path.join(artifacts, 'flame-chart-so-far-dark.png') });
    await page.emulateMedia({ colorScheme: 'light' });
    // The shares grow, and the whole exact chart replaces the parts: neither overview nor part left, and no sentence about them.
    await expect.poll(async () => (await chart.getAttribute('data-exact-share')) === null && (await chart.getAttribute('data-overview')) === null, { timeout: 300_000 }).toBe(true);
    expect(await page.getByTestId('flame-chart-computing').count()).toBe(0);
    expect(Number(await chart.getAttribute('data-rects'))).toBeGreaterThan(0);
    await page.screenshot({ path: path.join(artifacts, 'flame-chart-exact.png') });
    expect(errors).toEqual([]);
  });
});
