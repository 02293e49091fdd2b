// A reload during a concurrency sweep and during an overhead measurement, in a
// real Chromium against browser mode (issue 26 item 2): the page asks the
// service what runs, shows its progress (the sweep's level of how many), keeps
// Record disabled, and shows the result when it ends — the sweep on its own
// screen, the overhead's sentence on Record. The console stays clean.
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { artifacts, browserSession, hasChromium, waitForLaunchedTarget } from './helpers.ts';

const title = hasChromium ? 'a reload mid-sweep and mid-overhead' : 'a reload mid-sweep and mid-overhead (skipped: no Chromium at /usr/bin/chromium)';

describe.skipIf(!hasChromium)(title, () => {
  const errors: string[] = [];
  const session = browserSession({ width: 1440, height: 900, errors });

  it('a sweep reloaded mid-way shows its level of how many, then opens on its own screen', async () => {
    const { page, web } = session;
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    await page.goto(web.url);
    await page.getByTestId('demo-button').click();
    await waitForLaunchedTarget(page);
    const base = new URL(await page.getByTestId('url-input').inputValue());
    await page.getByTestId('url-input').fill(`${base.origin}/hello`);
    await page.getByTestId('sweep-input').check();
    await page.getByTestId('sweep-levels-input').fill('1, 2, 4');
    await page.getByTestId('duration-input').fill('3');
    await page.getByTestId('warmup-input').fill('0');
    await page.getByTestId('record-button').click();
    // Into the second level, then reload.
    await expect.poll(() => page.getByTestId('sweep-progress').textContent(), { timeout: 30_000 }).toMatch(/^Level 2 of 3 \(2 connections\)/);
    await page.reload();
    const progress = page.getByTestId('sweep-progress');
    await progress.waitFor({ timeout: 10_000 });
    expect(await progress.textContent()).toMatch(/^Level [23] of 3 \([24] connections\)/);
    expect(await page.getByTestId('record-button').isDisabled()).toBe(true);
    await page.screenshot({ path: path.join(artifacts, 'reload-mid-sweep.png') });
    await page.getByTestId('sweep-screen').waitFor({ timeout: 60_000 });
    expect(await page.evaluate(() => window.location.hash)).toMatch(/^#\/sweeps\/[^/?]+$/);
    expect(await page.getByTestId('sweep-table').locator('tbody tr').count()).toBe(3);
  }, 120_000);

  it('an overhead measurement reloaded mid-way shows it is measuring, then its sentence', async () => {
    const { page } = session;
    await page.getByTestId('nav-record').click();
    await page.getByTestId('sweep-input').uncheck();
    await page.getByTestId('connections-input').fill('4');
    await page.getByTestId('duration-input').fill('1');
    await page.getByTestId('warmup-input').fill('0');
    await page.getByTestId('overhead-button').click();
    await expect.poll(() => page.getByTestId('overhead-button').textContent()).toBe('Measuring profiling overhead…');
    await page.reload();
    const button = page.getByTestId('overhead-button');
    await expect.poll(() => button.textContent(), { timeout: 10_000 }).toBe('Measuring profiling overhead…');
    expect(await button.isDisabled()).toBe(true);
    expect(await page.getByTestId('record-refusal').textContent()).toMatch(/^An overhead measurement \(.+\) is running: a recording now would share the machine/);
    const result = page.getByTestId('overhead-result');
    await result.waitFor({ timeout: 90_000 });
    expect(await result.textContent()).toMatch(/^Profiling every 1 ms \(1 000 samples a second\)( cost| did not lower|: cannot tell yet whether it slows your server)/);
    expect(await button.textContent()).toBe('Measure profiling overhead');
    await page.screenshot({ path: path.join(artifacts, 'reload-mid-overhead.png') });
    expect(errors).toEqual([]);
  }, 150_000);
});
