// 50 000 rows in a real browser: a profile with 50 000 distinct functions is
// imported into a library (through the CLI), opened from the Library screen,
// and read in Bottom-up and in the Call tree. The tables stay virtualized
// (a few dozen rows in the DOM), the keyboard reaches the last row, and the
// time a scroll frame takes is printed (measured, not asserted).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { hasChromium, launchChromium, newPage, repo, startWebMode, tempLibrary, type WebMode } from './helpers.ts';

const FUNCTIONS = 50_000;
const title = hasChromium ? 'a 50 000-function profile' : 'a 50 000-function profile (skipped: no Chromium at /usr/bin/chromium — apt-get install chromium)';

/** (root) → main → fn_i, one sample each: 50 000 functions, 50 001 bottom-up rows. */
function wideProfile(): string {
  const nodes: unknown[] = [
    { id: 1, callFrame: { functionName: '(root)', scriptId: '0', url: '', lineNumber: -1, columnNumber: -1 }, children: [2] },
    { id: 2, callFrame: { functionName: 'main', scriptId: '1', url: 'file:///app/main.js', lineNumber: 0, columnNumber: 0 }, children: Array.from({ length: FUNCTIONS }, (_, i) => i + 3) },
  ];
  for (let i = 0; i < FUNCTIONS; i++) {
    nodes.push({ id: i + 3, callFrame: { functionName: `fn_${String(i).padStart(5, '0')}`, scriptId: '2', url: `file:///app/gen/module${i % 500}.js`, lineNumber: i, columnNumber: 2 } });
  }
  const samples = Array.from({ length: FUNCTIONS }, (_, i) => i + 3);
  const timeDeltas = samples.map((_, i) => (i === 0 ? 0 : 100 + (i % 7) * 10));
  return JSON.stringify({ nodes, startTime: 0, endTime: timeDeltas.reduce((a, b) => a + b, 0) + 100, samples, timeDeltas });
}

describe.skipIf(!hasChromium)(title, () => {
  let web: WebMode;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    const library = tempLibrary();
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'flambe-wide-')), 'wide.cpuprofile');
    writeFileSync(file, wideProfile());
    execFileSync(process.execPath, [path.join(repo, 'bin/flambe.js'), 'library', 'import', file, '--library', library]);
    web = await startWebMode({ library });
    browser = await launchChromium();
    page = await newPage(browser, { errors });
  });
  afterAll(async () => {
    await browser?.close();
    await web?.stop();
  });

  const domRows = (table: string) => page.getByTestId(table).getByTestId('table-row').count();
  /** The "N rows" count in the toolbar above a table. */
  const rowCount = (table: string) => page.getByTestId(table).locator('xpath=ancestor::div[contains(@class, "table-view")]').locator('.matches').textContent();

  /**
   * Frame times while scrolling, in ms (median): wheel-sized steps (100 px a
   * frame, a few new rows each), jumps (1/40 of the table a frame: every row
   * replaced), and frames with nothing to do — the reference, same page, same run.
   */
  const scrollFrames = (table: string) => page.getByTestId(table).evaluate(async (el) => {
    const scroller = [el as HTMLElement, ...el.querySelectorAll<HTMLElement>('*')].find((e) => e.scrollHeight > e.clientHeight + 100 && getComputedStyle(e).overflowY !== 'visible');
    if (!scroller) throw new Error('no scroller');
    const max = scroller.scrollHeight - scroller.clientHeight;
    const median = async (steps: number, step: (i: number) => void) => {
      const frames: number[] = [];
      let last = performance.now();
      for (let i = 1; i <= steps; i++) {
        step(i);
        await new Promise(requestAnimationFrame);
        const now = performance.now();
        frames.push(now - last);
        last = now;
      }
      return frames.sort((a, b) => a - b)[frames.length >> 1];
    };
    const wheel = await median(40, () => { scroller.scrollTop += 100; });
    const jump = await median(40, (i) => { scroller.scrollTop = (max * i) / 40; });
    const idle = await median(20, () => {});
    return { wheel, jump, idle };
  });
  const describeFrames = (f: { wheel: number; jump: number; idle: number }) =>
    `scrolling by wheel steps ${f.wheel.toFixed(1)} ms a frame (${(f.wheel / f.idle).toFixed(2)}× an idle frame of ${f.idle.toFixed(1)} ms); jumping through the table ${f.jump.toFixed(1)} ms (${(f.jump / f.idle).toFixed(2)}×)`;

  it('opens from the Library and lists 50 001 functions in Bottom-up, with a few dozen rows in the page', async () => {
    await page.goto(web.url);
    await page.getByTestId('nav-library').click();
    const row = page.getByTestId('library-row').first();
    await row.waitFor({ timeout: 15_000 });
    await row.dblclick();
    await page.getByTestId('result-screen').waitFor({ timeout: 30_000 });
    await page.getByTestId('tab-bottom-up').click();
    const table = page.getByTestId('bottom-up-table');
    await table.getByTestId('table-row').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => rowCount('bottom-up-table'), { timeout: 30_000 }).toMatch(/50 001 rows/);
    expect(await domRows('bottom-up-table')).toBeLessThan(120);

    const frames = await scrollFrames('bottom-up-table');
    console.log(`Bottom-up, 50 001 rows: ${describeFrames(frames)}`);
    expect(await domRows('bottom-up-table')).toBeLessThan(120);

    // The keyboard reaches both ends: by self time, main (no self time) is last; a function comes first.
    const selected = () => table.locator('[data-testid="table-row"][aria-selected="true"]').getAttribute('data-name');
    await table.getByTestId('table-row').first().click();
    await page.keyboard.press('End');
    await expect.poll(selected).toBe('main');
    await page.keyboard.press('Home');
    await expect.poll(selected).toMatch(/^fn_\d{5}$/);
  });

  it('the Call tree expands main into its 50 000 children, still virtualized', async () => {
    await page.getByTestId('tab-call-tree').click();
    const table = page.getByTestId('call-tree-table');
    const main = table.locator('[data-testid="table-row"][data-name="main"]');
    await main.waitFor({ timeout: 30_000 });
    await main.click();
    if ((await table.getByTestId('table-row').count()) < 50) await page.keyboard.press('ArrowRight');
    await expect.poll(() => rowCount('call-tree-table'), { timeout: 30_000 }).toMatch(/50 00\d rows/);
    expect(await domRows('call-tree-table')).toBeLessThan(120);
    const frames = await scrollFrames('call-tree-table');
    console.log(`Call tree, 50 000 children: ${describeFrames(frames)}`);
    await page.keyboard.press('End');
    await expect.poll(() => table.locator('[data-testid="table-row"][aria-selected="true"]').getAttribute('data-name')).toMatch(/^fn_\d{5}$/);
    expect(errors).toEqual([]);
  });
});
