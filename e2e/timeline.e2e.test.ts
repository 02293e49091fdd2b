// The time axis (issue 12, item 6): record a demo route in browser mode, and
// under the load and process timelines the time-ordered flame chart is drawn
// on the same x scale; the recording's phases are marked, the load's first
// second starts where the burst started; a drag on the chart selects a range
// and the tables follow ("/1k req" inside it divides by the range's
// requests); Esc clears it; the chart is reached with Tab; a click on a frame
// shows that function in Bottom-up. Screenshots in e2e/artifacts/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { artifacts, hasChromium, launchChromium, newPage, startDemoRecording, startWebMode, type WebMode } from './helpers.ts';

const title = hasChromium ? 'the time axis and the flame chart' : 'the time axis (skipped: no Chromium at /usr/bin/chromium — apt-get install chromium)';
const LABEL = 118;

/** Moves the pointer over the chart until a frame of server.js is under it; returns the tip's text and the frame's name. */
async function pointAtServerFrame(page: Page): Promise<{ tip: string; name: string }> {
  const c = (await page.getByTestId('flame-chart').locator('canvas').boundingBox())!;
  for (let depth = 4; depth < 10; depth++) {
    for (let f = 0.3; f < 0.95; f += 0.04) {
      await page.mouse.move(c.x + LABEL + (c.width - LABEL - 8) * f, c.y + 16 * depth + 8);
      const tip = page.getByTestId('chart-tip');
      if ((await tip.count()) === 0) continue;
      const text = (await tip.textContent()) ?? '';
      if (/server\.js:\d+/.test(text)) return { tip: text, name: (await tip.locator('strong').textContent()) ?? '' };
    }
  }
  return { tip: '', name: '' };
}

describe.skipIf(!hasChromium)(title, () => {
  let web: WebMode;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    web = await startWebMode();
    browser = await launchChromium();
    page = await newPage(browser, { width: 1440, height: 900, errors });
  });
  afterAll(async () => {
    await browser?.close();
    await web?.stop();
  });

  it('draws the flame chart under the timelines, on the same axis, with the phases marked', async () => {
    await page.goto(web.url);
    await startDemoRecording(page, { route: '/crypto', durationSec: 3, warmupSec: 1 });
    await page.getByTestId('result-screen').waitFor({ timeout: 60_000 });
    const chart = page.getByTestId('flame-chart');
    await chart.waitFor({ timeout: 30_000 });
    await expect.poll(() => chart.getAttribute('data-rects'), { timeout: 20_000 }).not.toBe('0');
    expect(Number(await chart.getAttribute('data-depths'))).toBeGreaterThan(2);
    // One x scale: the canvas spans the same box as the rows above, pixel for pixel.
    const svg = (await page.getByTestId('timeline-chart').boundingBox())!;
    const canvas = (await chart.locator('canvas').boundingBox())!;
    expect(canvas.x).toBe(svg.x);
    expect(canvas.width).toBe(svg.width);
    // The burst band starts where the load worker started (stored in the recording), and the first req/s bar with it.
    const band = (await page.locator('[data-phase="burst"] rect').boundingBox())!;
    const burstMs = Number(await page.getByTestId('timeline-chart').getAttribute('data-burst-ms'));
    console.log(`burst starts ${burstMs} ms after the first sample (first sample ${await page.getByTestId('timeline-chart').getAttribute('data-first-sample-ms')} ms after the profiler start)`);
    // Stored by the recording (the first sample can come after the burst started: then the band starts at 0).
    expect(Number.isFinite(burstMs)).toBe(true);
    const firstBar = (await page.locator('[data-row="rps"] rect').first().boundingBox())!;
    expect(Math.abs(firstBar.x - band.x)).toBeLessThanOrEqual(1.5);
    expect(await page.getByTestId('timeline-warmup').textContent()).toMatch(/warm-up \d(\.\d)? s/);
    await page.getByTestId('timeline').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(artifacts, 'timeline-flame-chart.png') });
    expect(errors).toEqual([]);
  });

  it('hovering a frame reads its function, file:line, start and duration', async () => {
    const { tip } = await pointAtServerFrame(page);
    expect(tip).toMatch(/server\.js:\d+/);
    expect(tip).toMatch(/from \d+\.\d+ s for [\d.]+ (ms|µs|s)|short calls merged/);
    await page.screenshot({ path: path.join(artifacts, 'timeline-hover.png') });
  });

  it('a drag on the chart selects a range: the tables follow, "/1k req" uses the range\'s requests; Esc clears it', async () => {
    await page.getByTestId('tab-time').click();
    const rows = page.getByTestId('category-row');
    await rows.first().waitFor({ timeout: 20_000 });
    const before = await rows.first().textContent();
    // The tab's tables may push the chart's top above the window (seven kinds of work, a long verdict): a user scrolls up to it.
    const canvas = page.getByTestId('flame-chart').locator('canvas');
    await canvas.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const c = (await canvas.boundingBox())!;
    const x = (f: number) => c.x + LABEL + (c.width - LABEL - 8) * f;
    await page.mouse.move(x(0.55), c.y + 8);
    await page.mouse.down();
    await page.mouse.move(x(0.7), c.y + 8, { steps: 5 });
    await page.mouse.move(x(0.8), c.y + 8, { steps: 5 });
    await page.mouse.up();
    expect(await page.getByTestId('timeline-range').textContent()).toMatch(/^Showing \d+(\.\d+)? s – \d+(\.\d+)? s/);
    await page.getByTestId('verdict-range').waitFor();
    await expect.poll(() => rows.first().textContent(), { timeout: 20_000 }).not.toBe(before);
    expect(await page.getByTestId('range-requests').textContent()).toMatch(/divides by the requests completed in it/);
    expect(await page.getByTestId('time-panel').textContent()).toMatch(/answered about \d[\d ]* requests/);
    await page.screenshot({ path: path.join(artifacts, 'timeline-range.png') });
    // Keyboard: Tab reaches the chart; Esc shows the whole profile again.
    await page.getByTestId('timeline-box').focus();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('timeline-range').count()).toBe(0);
    await expect.poll(() => rows.first().textContent(), { timeout: 20_000 }).toBe(before);
    // + zooms the axis (every row and the chart), Esc zooms out again.
    const firstTick = () => page.locator('.timeline-tick').first().textContent();
    const wholeTick = await firstTick();
    await page.keyboard.press('+');
    await page.getByTestId('timeline-zoom-out').waitFor();
    await expect.poll(firstTick).not.toBe(wholeTick);
    await expect.poll(() => page.getByTestId('flame-chart').getAttribute('data-rects'), { timeout: 20_000 }).not.toBe('0');
    await page.screenshot({ path: path.join(artifacts, 'timeline-zoomed.png') });
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('timeline-zoom-out').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('Tab reaches the chart; a click on a frame shows that function in Bottom-up', async () => {
    await page.getByTestId('tab-time').focus();
    let focused = '';
    for (let i = 0; i < 30 && focused !== 'timeline-box'; i++) {
      await page.keyboard.press('Shift+Tab');
      focused = await page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '');
    }
    expect(focused).toBe('timeline-box');
    const { name } = await pointAtServerFrame(page);
    expect(name).not.toBe('');
    await page.mouse.down();
    await page.mouse.up();
    await expect.poll(() => page.getByTestId('tab-bottom-up').getAttribute('aria-selected')).toBe('true');
    const selected = page.getByTestId('bottom-up-table').locator('[aria-selected="true"]');
    await expect.poll(() => selected.getAttribute('data-name'), { timeout: 10_000 }).toBe(name);
    expect(errors).toEqual([]);
  });

  it('holds at 1024×700 and in the dark theme', async () => {
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.getByTestId('timeline').scrollIntoViewIfNeeded();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(1024);
    const svg = (await page.getByTestId('timeline-chart').boundingBox())!;
    const canvas = (await page.getByTestId('flame-chart').locator('canvas').boundingBox())!;
    expect(canvas.width).toBe(svg.width);
    await page.screenshot({ path: path.join(artifacts, 'timeline-1024.png') });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByTestId('timeline').scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(artifacts, 'timeline-dark.png') });
    await page.emulateMedia({ colorScheme: 'light' });
    expect(errors).toEqual([]);
  });
});
