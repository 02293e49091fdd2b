// Issue 9 in Chromium: one recording whose stored data a view cannot draw
// shows a sentence and the rest of the app works (item 6); the Result header
// says what a recording is (18); the load URL follows the target (16); a
// reload finds the launched target again (17); layout at 1024×700 and default
// names that tell runs apart (19). Screenshots land in e2e/artifacts/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Browser, Page } from 'playwright-core';
import { Library } from '../electron/services/library/library.ts';
import { makeRecording } from '../test/helpers/profiles.ts';
import { artifacts, hasChromium, launchChromium, newPage, startWebMode, tempLibrary, type WebMode } from './helpers.ts';

const title = hasChromium ? 'reliability in browser mode' : 'reliability in browser mode (skipped: no Chromium at /usr/bin/chromium — apt-get install chromium)';

describe.skipIf(!hasChromium)(title, () => {
  const library = tempLibrary();
  let web: WebMode;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  let goodId = '';
  let badId = '';
  let importedId = '';
  const second = path.join(mkdtempSync(path.join(tmpdir(), 'flambe-e2e-second-')), 'second-server.js');
  writeFileSync(second, `const s = require('http').createServer((q, r) => r.end('second')).listen(0, '127.0.0.1', () => console.log('second server listening on ' + s.address().port));`);

  beforeAll(async () => {
    // A library as someone's machine may hold it: a good recording, one whose
    // stored load results have the wrong shape, and an imported profile.
    const lib = new Library(library);
    goodId = lib.save(makeRecording({ name: 'Good recording' })).id;
    badId = lib.save(makeRecording({ name: 'Damaged recording' })).id;
    importedId = lib.save(makeRecording({ name: 'node22.cpuprofile', target: null, settings: null, load: null, samples: [] }), 'imported').id;
    for (let i = 0; i < 12; i++) {
      const r = lib.save(makeRecording({ name: `GET /json · NODE_ENV=production LOG=1 --cluster · 2026-11-23 10:${String(i).padStart(2, '0')}` }));
      lib.editTags(r.id, ['before-cache', 'a-rather-long-tag-name-for-the-team'], []);
    }
    lib.close();
    Object.assign(names, { [goodId]: 'Good recording', [badId]: 'Damaged recording', [importedId]: 'node22.cpuprofile' });
    const db = new DatabaseSync(library);
    db.prepare('UPDATE recordings SET load = ? WHERE id = ?').run(JSON.stringify({ requests: 7 }), badId);
    db.close();
    web = await startWebMode({ library });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await web?.stop();
  });

  const names: Record<string, string> = {};
  // Found the way a user finds one recording among many: by its name in the search box. The
  // table is virtualised, so a row far down may not be drawn yet when the machine is busy
  // (CI saw the Damaged row missing for 30 s after a reload); the search leaves one row.
  const open = async (id: string) => {
    await page.getByTestId('nav-library').click();
    await page.getByTestId('library-search').fill(names[id]);
    const row = page.locator(`[data-testid="library-row"][data-id="${id}"]`);
    await expect.poll(() => page.locator('[data-testid="library-row"]').count(), { timeout: 30_000 }).toBe(1);
    await row.dblclick();
    await page.getByTestId('result-screen').or(page.getByTestId('view-error')).first().waitFor({ timeout: 20_000 });
  };

  it('a recording whose stored data crashes a view shows a sentence; the rest of the app works (item 6)', async () => {
    page = await newPage(browser, { errors });
    await page.goto(web.url);
    await open(badId);
    // The load summary's sentence (the timeline, which draws the same damaged load, may say one too
    // once the profile is read: how soon depends on the machine).
    const sentence = page.getByRole('region', { name: 'Load' }).getByTestId('view-error');
    await sentence.waitFor({ timeout: 10_000 });
    expect(await sentence.innerText()).toMatch(/The load summary cannot be shown/);
    // The rest of the recording is still there: its header and its flamegraph.
    await page.getByTestId('result-screen').waitFor();
    await page.locator('.flamegraph svg, [data-testid="flamegraph"] svg').first().waitFor({ timeout: 30_000 });
    // The verdict reads the profile without the damaged load: findings, not a TypeError.
    const verdict = page.getByTestId('verdict');
    await verdict.locator('.verdict').waitFor({ timeout: 30_000 });
    expect(await verdict.innerText()).not.toMatch(/Cannot read properties|undefined/);
    // So does the timeline: its profile rows, without the load it cannot read.
    expect(await page.getByRole('region', { name: 'CPU profile' }).getByTestId('view-error').count()).toBe(0);
    await page.screenshot({ path: path.join(artifacts, 'reliability-view-error.png') });
    // And the app: the Library, and another recording.
    await open(goodId);
    expect(await page.getByTestId('view-error').count()).toBe(0);
    expect(await page.getByTestId('result-title').innerText()).toBe('server.js');
    // Reloading does not blank the window either.
    await page.reload();
    // The reload brings back the screen it was on (the address says which); a click on Library before that was
    // undone by it when the machine was slow (CI at load 6: the search box stayed hidden for 30 s). A user clicks
    // once the page is there.
    await page.getByTestId('result-screen').waitFor({ timeout: 30_000 });
    // After the reload the whole list is there for a user who scrolls to its end, search or not.
    await page.getByTestId('nav-library').click();
    await page.getByTestId('library-search').fill('');
    await expect.poll(async () => {
      await page.locator('.library-grid').evaluate((grid) => grid.scrollTo(0, grid.scrollHeight));
      return page.locator(`[data-testid="library-row"][data-id="${badId}"]`).isVisible();
    }, { timeout: 30_000 }).toBe(true);
    await open(badId);
    await page.getByTestId('view-error').waitFor();
    await page.getByTestId('nav-record').click();
    await page.getByTestId('demo-button').waitFor();
  });

  it('an imported profile is titled as one, not "Load only" (item 18)', async () => {
    await open(importedId);
    expect(await page.getByTestId('result-title').innerText()).toBe('Imported profile: node22.cpuprofile');
  });

  it('the load URL follows the target: demo stopped, another script launched on another port (item 16)', async () => {
    await page.getByTestId('nav-record').click();
    await page.getByTestId('demo-button').click();
    await page.getByTestId('target-info').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByTestId('url-input').inputValue(), { timeout: 15_000 }).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    const demoOrigin = new URL(await page.getByTestId('url-input').inputValue()).origin;
    // The user picks a route: the URL is now theirs, not a suggestion.
    await page.getByTestId('url-input').fill(`${demoOrigin}/hello`);
    await page.getByTestId('stop-target-button').click();
    await page.getByTestId('launch-script-input').waitFor();
    await page.getByTestId('launch-script-input').fill(second);
    await page.getByTestId('launch-button').click();
    await page.getByTestId('target-info').waitFor({ timeout: 20_000 });
    await expect.poll(async () => {
      const url = await page.getByTestId('url-input').inputValue();
      return new URL(url).origin !== demoOrigin && url.endsWith('/hello');
    }, { timeout: 15_000 }).toBe(true);
    await page.getByTestId('duration-input').fill('1');
    await page.getByTestId('warmup-input').fill('0');
    await page.getByTestId('record-button').click();
    await page.getByTestId('result-screen').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('recording-error').count()).toBe(0);
  });

  it('a reload finds the launched target again, with its console (item 17)', async () => {
    await page.getByTestId('nav-record').click();
    const pid = await page.getByTestId('target-pid').innerText();
    await page.reload();
    await page.getByTestId('target-info').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('target-pid').innerText()).toBe(pid);
    await expect.poll(() => page.getByTestId('console-pane').innerText(), { timeout: 10_000 }).toContain('second server listening on');
    await expect.poll(() => page.getByTestId('url-input').inputValue(), { timeout: 10_000 }).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    await page.screenshot({ path: path.join(artifacts, 'reliability-reload-target.png') });
    // And it can be stopped from the reloaded page (no orphan keeps its port).
    await page.getByTestId('stop-target-button').click();
    await page.getByTestId('launch-script-input').waitFor();
  });

  it('holds at 1024×700: top bar, Library columns, details, tags, toast, "Called from" (item 19)', async () => {
    const small = await newPage(browser, { width: 1024, height: 700, errors });
    await small.goto(web.url);
    const overflows = (selector: string) => small.locator(selector).evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1).map((e) => e.textContent));
    // Every screen in the top bar, names in full.
    await small.getByTestId('nav-library').click();
    await small.locator('[data-testid="library-row"]').first().click();
    await small.keyboard.down('Control');
    await small.locator('[data-testid="library-row"]').nth(1).click();
    await small.keyboard.up('Control');
    await small.getByTestId('compare-button').click();
    await small.getByTestId('compare-screen').waitFor();
    await small.getByTestId('nav-library').click();
    await small.locator('[data-testid="library-row"]').first().dblclick();
    await small.getByTestId('result-screen').waitFor();
    await small.getByTestId('nav-library').click();
    expect(await small.locator('.nav-item').count()).toBe(4);
    expect(await overflows('.nav-label')).toEqual([]);
    await small.locator('[data-testid="library-row"]').nth(2).click();
    await small.getByTestId('rename-input').waitFor();
    // What tells rows apart (name, target, route) and their requests/s are in view beside the details panel
    // (issue 26 item 9: p99, the CPU split and the tags give way; the panel shows them).
    const grid = (await small.locator('.library-grid').boundingBox())!;
    for (const key of ['name', 'target', 'route', 'rps']) {
      const cell = (await small.locator(`.library-header-row .cell-${key}`).boundingBox())!;
      expect({ key, right: Math.round(cell.x + cell.width) }).toEqual({ key, right: expect.toSatisfy((r: number) => r <= grid.x + grid.width + 1) });
    }
    // The details panel shows the whole name; a tag chip keeps its × beside it.
    const name = small.getByTestId('rename-input');
    expect(await name.evaluate((e) => e.scrollHeight <= e.clientHeight + 1 && e.scrollWidth <= e.clientWidth + 1)).toBe(true);
    await small.screenshot({ path: path.join(artifacts, 'reliability-1024-library.png') });
    await small.getByTestId('detail-tag').first().scrollIntoViewIfNeeded();
    await small.getByTestId('library-details').screenshot({ path: path.join(artifacts, 'reliability-1024-details.png') });
    const chip = (await small.getByTestId('detail-tag').first().boundingBox())!;
    expect(chip.height).toBeLessThan(32);
    const panel = (await small.getByTestId('library-details').boundingBox())!;
    for (const remove of await small.getByTestId('remove-tag-button').all()) {
      const x = (await remove.boundingBox())!;
      expect(x.x + x.width).toBeLessThanOrEqual(panel.x + panel.width);
    }
    // A delete toast leaves the last rows visible.
    await small.locator('[data-testid="library-row"]').first().click();
    await small.keyboard.press('Delete');
    const toast = (await small.locator('.toast').first().boundingBox())!;
    const gridNow = (await small.locator('.library-grid').boundingBox())!;
    expect(toast.y).toBeGreaterThanOrEqual(gridNow.y + gridNow.height - 1);
    await small.screenshot({ path: path.join(artifacts, 'reliability-1024-toast.png') });
    await small.keyboard.press('Control+z');
    // "Called from" stays inside its card.
    await open2(small, goodId);
    await small.getByTestId('tab-time').click();
    const table = small.locator('.time-table').last();
    await table.waitFor({ timeout: 30_000 });
    const card = (await small.locator('section.card').filter({ has: table }).boundingBox())!;
    const box = (await table.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width + 1);
    await small.screenshot({ path: path.join(artifacts, 'reliability-1024-time.png'), fullPage: true });
    await small.close();
  });
});

async function open2(page: Page, id: string): Promise<void> {
  await page.getByTestId('nav-library').click();
  await page.locator(`[data-testid="library-row"][data-id="${id}"]`).dblclick();
  await page.getByTestId('result-screen').waitFor({ timeout: 20_000 });
}
