// The result screen's analysis end to end: record the demo server's /json
// route in browser mode, then read it four ways (Flamegraph, Bottom-up, Call
// tree, Where the time went), apply a transform from a right-click and pop it.
// Screenshots in light and dark go to e2e/artifacts/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { artifacts, hasChromium, launchChromium, newPage, startWebMode, type WebMode, startDemoRecording } from './helpers.ts';

const title = hasChromium ? 'analysis views' : 'analysis views (skipped: no Chromium at /usr/bin/chromium — apt-get install chromium)';

describe.skipIf(!hasChromium)(title, () => {
  let web: WebMode;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  /** The names of the first n rows, read in one go (the virtualized rows change under a slower loop). */
  const rowNames = async (table: string, n: number) => {
    await page.getByTestId(table).getByTestId('table-row').first().waitFor();
    const names = await page.getByTestId(table).getByTestId('table-row').evaluateAll((els) => els.map((e) => e.getAttribute('data-name') ?? ''));
    return names.slice(0, n);
  };
  const shot = async (name: string) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.screenshot({ path: path.join(artifacts, `${name}.png`), fullPage: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: path.join(artifacts, `${name}-dark.png`), fullPage: true });
    await page.emulateMedia({ colorScheme: 'light' });
  };

  beforeAll(async () => {
    web = await startWebMode();
    browser = await launchChromium();
    page = await newPage(browser, { errors });
  });
  afterAll(async () => {
    await browser?.close();
    await web?.stop();
  });

  it('records the demo server\'s /json route', async () => {
    await page.goto(web.url);
    await startDemoRecording(page, { route: '/json', durationSec: 2, warmupSec: 1 });
    await page.getByTestId('result-screen').waitFor({ timeout: 60_000 });
    const flame = page.getByTestId('flamegraph');
    await flame.locator('svg').first().waitFor({ timeout: 20_000 });
    await expect.poll(() => flame.textContent(), { timeout: 10_000 }).toContain('jsonRoute');
    expect(await page.getByTestId('tab-flamegraph').getAttribute('aria-selected')).toBe('true');
  });

  it('Bottom-up puts the route (or stringify) near the top, sorts, filters and groups', async () => {
    await page.getByTestId('tab-bottom-up').click();
    const top = await rowNames('bottom-up-table', 5);
    expect(top.some((n) => n === 'jsonRoute' || n === 'stringify')).toBe(true);
    await page.getByTestId('bottom-up-table').scrollIntoViewIfNeeded();
    await shot('analysis-bottom-up');

    // Expanding a row shows its callers one level deeper.
    const table = page.getByTestId('bottom-up-table');
    const route = table.locator('[data-testid="table-row"][data-name="jsonRoute"]').first();
    await route.click();
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => table.locator('[data-testid="table-row"][data-depth="1"]').count()).toBeGreaterThan(0);
    expect(await table.locator('[data-testid="table-row"][data-depth="1"]').first().getAttribute('data-name')).toBe('handleRequest');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => table.locator('[data-testid="table-row"][data-depth="1"]').count()).toBe(0);

    // The selected function's own time, line by line: the JSON.stringify line, tagged JSON.
    const lines = page.getByTestId('hot-lines');
    const hot = lines.getByTestId('hot-line').first();
    await hot.waitFor({ timeout: 10_000 });
    expect(await hot.getAttribute('data-bucket')).toBe('json');
    expect(await hot.textContent()).toContain('JSON.stringify(catalogue)');
    await lines.scrollIntoViewIfNeeded();
    await shot('analysis-hot-lines');

    // Sort by name, A→Z: the first rows are in order.
    await page.locator('.tree-head button[data-sort="name"]').first().click();
    // A→Z by lower-cased code points, as the table sorts (so "(idle)" comes before "_send"); polled: the table re-renders after the click.
    const aToZ = (names: string[]) => names.every((n, i) => i === 0 || names[i - 1].toLowerCase() <= n.toLowerCase());
    await expect.poll(async () => aToZ(await rowNames('bottom-up-table', 6)), { timeout: 5000 }).toBe(true);
    await page.locator('.tree-head button[data-sort="selfMs"]').first().click();

    // The filter keeps matching rows only.
    await page.getByTestId('table-search').first().fill('server.js');
    await expect.poll(async () => (await rowNames('bottom-up-table', 20)).sort()).toEqual(['handleRequest', 'jsonRoute', 'send']);
    await page.getByTestId('table-search').first().fill('');

    // Grouped by package: your code and Node internals are rows.
    await page.getByTestId('group-by-select').first().selectOption('package');
    await expect.poll(() => rowNames('bottom-up-table', 20)).toContain('your code');
    await page.getByTestId('group-by-select').first().selectOption('function');
    await expect.poll(() => rowNames('bottom-up-table', 20)).toContain('jsonRoute');
  });

  it('Where the time went: categories, the JSON bucket, findings', async () => {
    await page.getByTestId('tab-time').click();
    const panel = page.getByTestId('time-panel');
    await panel.waitFor({ timeout: 20_000 });
    const user = panel.locator('[data-testid="category-row"][data-id="user"]');
    expect(Number(await user.getAttribute('data-percent'))).toBeGreaterThan(1);
    expect(await panel.getByTestId('bucket-row').count()).toBe(7); // logging, JSON, regex, crypto, fs, compression, synchronous child processes
    const json = panel.locator('[data-testid="bucket-row"][data-id="json"]');
    await json.waitFor();
    // V8 shows no JSON.stringify frame; the recording read jsonRoute's hot line, so the bucket holds the stringify.
    console.log(`JSON bucket: ${await json.getAttribute('data-percent')}% — ${(await json.textContent())?.replace(/\s+/g, ' ')}`);
    expect(Number(await json.getAttribute('data-percent'))).toBeGreaterThan(25);
    expect(await json.getByTestId('caller-line').first().textContent()).toContain('JSON.stringify(catalogue)');
    const findings = await panel.getByTestId('finding').allTextContents();
    console.log(findings.join('\n'));
    expect(findings.some((f) => f.includes('jsonRoute') && f.includes('JSON.stringify(catalogue)'))).toBe(true);
    expect(findings.some((f) => /per 1 000 requests/.test(f))).toBe(true);
    await shot('analysis-time');
  });

  it('right-click a frame → Focus: the breadcrumb appears, every view follows; × pops it', async () => {
    await page.getByTestId('tab-flamegraph').click();
    const frame = page.getByTestId('flamegraph').locator('g[name="jsonRoute"]').first();
    const menu = page.getByTestId('context-menu');
    // The chart redraws when its tab comes back (and after the full-page shots resized the window):
    // a right-click that lands during a redraw hits a frame that is being replaced, so it is tried again.
    await expect.poll(async () => {
      if (!(await menu.isVisible())) await frame.click({ button: 'right' });
      return menu.isVisible();
    }, { timeout: 20_000 }).toBe(true);
    // A viewport shot: a full-page one resizes the window, which closes the menu.
    await page.screenshot({ path: path.join(artifacts, 'analysis-context-menu.png') });
    await menu.getByRole('menuitem', { name: 'Focus on this function' }).click();
    const crumbs = page.getByTestId('transform-breadcrumb');
    await crumbs.waitFor();
    expect(await crumbs.textContent()).toContain('Focus: jsonRoute');
    await expect.poll(() => page.getByTestId('flamegraph').locator('g[name="handleRequest"]').count()).toBe(0);

    await page.getByTestId('tab-call-tree').click();
    const tree = page.getByTestId('call-tree-table');
    await expect.poll(async () => tree.locator('[data-testid="table-row"][data-depth="0"]').count(), { timeout: 20_000 }).toBe(1);
    expect(await tree.locator('[data-testid="table-row"][data-depth="0"]').first().getAttribute('data-name')).toBe('jsonRoute');
    await shot('analysis-call-tree-focused');

    // Where the time went follows the focus too: idle is gone.
    await page.getByTestId('tab-time').click();
    await expect.poll(() => page.getByTestId('time-panel').locator('[data-testid="category-row"][data-id="idle"]').count()).toBe(0);

    await page.getByTestId('transform-pop').click();
    await expect.poll(() => page.getByTestId('transform-breadcrumb').count()).toBe(0);
    await page.getByTestId('tab-call-tree').click();
    await expect.poll(async () => tree.locator('[data-testid="table-row"][data-depth="0"]').count()).toBeGreaterThan(1);
  });

  it('the call tree answers the keyboard: Enter focuses on the selected function; Shift+F10 opens the menu', async () => {
    const tree = page.getByTestId('call-tree-table');
    const route = tree.locator('[data-testid="table-row"][data-name="jsonRoute"]').first();
    await route.waitFor();
    await route.click();
    // Selecting it shows its lines under the tree, the JSON.stringify line first.
    const hot = page.getByTestId('hot-line').first();
    await hot.waitFor({ timeout: 10_000 });
    expect(await hot.getAttribute('data-bucket')).toBe('json');
    await page.keyboard.press('Enter');
    await page.getByTestId('transform-breadcrumb').waitFor();
    await expect.poll(async () => tree.locator('[data-testid="table-row"][data-depth="0"]').first().getAttribute('data-name')).toBe('jsonRoute');
    // Focused on jsonRoute (a transform), its lines are still known.
    await tree.locator('[data-testid="table-row"][data-depth="0"]').first().click();
    await expect.poll(() => page.getByTestId('hot-line').first().getAttribute('data-bucket'), { timeout: 10_000 }).toBe('json');
    await page.getByTestId('transform-pop').click();
    await expect.poll(() => page.getByTestId('transform-breadcrumb').count()).toBe(0);

    // Popping the focus recomputes the tree (in the worker): keys wait for its rows, and the menu key is
    // pressed again if it landed on the tree while its rows were being replaced (CI saw it once).
    await expect.poll(async () => tree.locator('[data-testid="table-row"][data-depth="0"]').count()).toBeGreaterThan(1);
    await expect.poll(async () => {
      await tree.focus();
      await page.keyboard.press('Home');
      await page.keyboard.press('Shift+F10');
      return page.getByTestId('context-menu').waitFor({ timeout: 2_000 }).then(() => true, () => false);
    }, { timeout: 15_000 }).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('context-menu').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('call-tree-table');
  });

  it('a bucket with callers: /log spends its time in logging, from logRoute', async () => {
    await page.getByTestId('new-recording-button').click();
    const base = new URL(await page.getByTestId('url-input').inputValue());
    await page.getByTestId('url-input').fill(`${base.origin}/log`);
    await page.getByTestId('record-button').click();
    await page.getByTestId('result-screen').waitFor({ timeout: 60_000 });
    await page.getByTestId('tab-time').click();
    const logging = page.locator('[data-testid="bucket-row"][data-id="logging"]');
    await logging.waitFor({ timeout: 20_000 });
    expect(Number(await logging.getAttribute('data-percent'))).toBeGreaterThan(1);
    expect(await logging.textContent()).toContain('logRoute');
    const findings = await page.getByTestId('finding').allTextContents();
    expect(findings.some((f) => /^Logging takes .* From logRoute in server\.js:\d+/.test(f))).toBe(true);
    await shot('analysis-log-time');
    expect(errors).toEqual([]);
  });
});
