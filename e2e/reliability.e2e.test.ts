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
    lib.close();
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

  const open = async (id: string) => {
    await page.getByTestId('nav-library').click();
    await page.locator(`[data-testid="library-row"][data-id="${id}"]`).dblclick();
    await page.getByTestId('result-screen').or(page.getByTestId('view-error')).first().waitFor({ timeout: 20_000 });
  };

  it('a recording whose stored data crashes a view shows a sentence; the rest of the app works (item 6)', async () => {
    page = await newPage(browser, { errors });
    await page.goto(web.url);
    await open(badId);
    const sentence = page.getByTestId('view-error');
    await sentence.waitFor({ timeout: 10_000 });
    expect(await sentence.innerText()).toMatch(/The load summary cannot be shown/);
    // The rest of the recording is still there: its header and its flamegraph.
    await page.getByTestId('result-screen').waitFor();
    await page.locator('.flamegraph svg, [data-testid="flamegraph"] svg').first().waitFor({ timeout: 30_000 });
    await page.screenshot({ path: path.join(artifacts, 'reliability-view-error.png') });
    // And the app: the Library, and another recording.
    await open(goodId);
    expect(await page.getByTestId('view-error').count()).toBe(0);
    expect(await page.getByTestId('result-title').innerText()).toBe('server.js');
    // Reloading does not blank the window either.
    await page.reload();
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
});
