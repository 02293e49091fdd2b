// The Library end to end, in browser mode: a real recording of the demo
// server lands in the library; it is renamed, tagged, searched, exported,
// compared with an imported profile, deleted (with and without Undo) — and it
// is still there, renamed and tagged, after the server restarts on the same
// library file. Screenshots (light and dark) land in e2e/artifacts/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { realProfileText } from '../test/helpers/profiles.ts';
import { artifacts, hasChromium, launchChromium, newPage, startWebMode, tempLibrary, type WebMode, startDemoRecording } from './helpers.ts';

const title = hasChromium ? 'the library in browser mode' : 'the library in browser mode (skipped: no Chromium at /usr/bin/chromium — apt-get install chromium)';

const NAME = 'Checkout baseline';
const TAG = 'before-cache';

describe.skipIf(!hasChromium)(title, () => {
  const library = tempLibrary();
  const files = mkdtempSync(path.join(tmpdir(), 'flambe-e2e-files-'));
  let web: WebMode;
  let browser: Browser;
  let page: Page;
  let recordedId = '';

  const rows = () => page.getByTestId('library-row');
  const row = (id: string) => page.locator(`[data-testid="library-row"][data-id="${id}"]`);
  const shot = (name: string) => page.screenshot({ path: path.join(artifacts, name) });
  const search = async (text: string) => {
    await page.getByTestId('library-search').fill(text);
    // The search is debounced, then answered by the services.
    await page.waitForTimeout(400);
  };

  async function openPage(): Promise<Page> {
    const p = await newPage(browser, { width: 1360, height: 880 });
    await p.goto(web.url);
    return p;
  }

  beforeAll(async () => {
    web = await startWebMode({ library });
    browser = await launchChromium();
    page = await openPage();
  });
  afterAll(async () => {
    await browser?.close();
    await web?.stop();
  });

  it('an empty library says how to make a first recording', async () => {
    await page.getByTestId('nav-library').click();
    const empty = page.getByTestId('library-empty');
    await empty.waitFor();
    expect(await empty.textContent()).toMatch(/Try the demo server/);
    expect(await empty.textContent()).toMatch(/\.cpuprofile/);
    expect(await page.getByTestId('library-warning').count()).toBe(0);
    await shot('library-empty.png');
    await page.getByTestId('empty-record-button').click();
    await page.getByTestId('demo-button').waitFor();
  });

  it('a recording of the demo server appears in the library', async () => {
    await startDemoRecording(page, { route: '/json', durationSec: 2, warmupSec: 0 });

    // Ctrl+2 while it records: the Library; the recording goes on, and lands there.
    await page.keyboard.press('Control+2');
    await page.getByTestId('library-screen').waitFor();
    const ready = page.getByTestId('recording-ready');
    await ready.waitFor({ timeout: 60_000 });
    await expect.poll(() => rows().count(), { timeout: 10_000 }).toBe(1);
    await ready.getByRole('button', { name: 'Show the result' }).click();
    await page.getByTestId('result-screen').waitFor();
    expect(await page.getByTestId('save-error').count()).toBe(0);
    await page.keyboard.press('Control+2');
    await page.getByTestId('library-screen').waitFor();
    recordedId = (await rows().first().getAttribute('data-id'))!;
    expect(await rows().first().textContent()).toMatch(/GET \/json/);
    // The result stays reachable from the top bar.
    expect(await page.getByTestId('nav-result').count()).toBe(1);
  });

  it('renames, tags and annotates it; search finds it by tag and by its new name', async () => {
    await row(recordedId).click();
    const rename = page.getByTestId('rename-input');
    await rename.fill(NAME);
    await rename.press('Enter');
    await expect.poll(() => row(recordedId).textContent()).toContain(NAME);

    await page.getByTestId('tag-input').fill(TAG);
    await page.getByTestId('tag-input').press('Enter');
    await page.getByTestId('detail-tag').filter({ hasText: TAG }).waitFor();
    await page.locator(`[data-testid="tag-chip"][data-tag="${TAG}"]`).waitFor();

    await page.getByTestId('notes-input').fill('Before the cache: JSON.stringify of the whole catalogue on every request.');
    await page.getByTestId('library-search').focus(); // leaving the box saves the notes
    await shot('library-details.png');

    await search(TAG);
    expect(await rows().count()).toBe(1);
    await search('checkout BASELINE');
    expect(await rows().count()).toBe(1);
    await search('catalogue'); // in the notes
    expect(await rows().count()).toBe(1);
    await search('no-such-recording');
    expect(await rows().count()).toBe(0);
    await page.getByTestId('library-no-match').waitFor();
    await search('');
    expect(await rows().count()).toBe(1);

    // The tag chip filters; a second click clears it.
    const chip = page.locator(`[data-testid="tag-chip"][data-tag="${TAG}"]`);
    await chip.click();
    expect(await chip.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => rows().count()).toBe(1);
    await chip.click();
  });

  it('imports a real .cpuprofile through the file input; a broken file shows why and adds nothing', async () => {
    const good = path.join(files, 'fib.cpuprofile');
    writeFileSync(good, realProfileText());
    // One profile chosen opens at once while it is saved; the Library says what became of it.
    await page.getByTestId('import-input').setInputFiles(good);
    await page.getByTestId('result-screen').waitFor({ timeout: 15_000 });
    await page.getByTestId('import-saving').waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByTestId('nav-library').click();
    const results = page.getByTestId('import-result');
    await expect.poll(() => results.count(), { timeout: 15_000 }).toBe(1);
    expect(await results.first().getAttribute('data-ok')).toBe('true');
    await expect.poll(() => rows().count()).toBe(2);
    expect(await page.getByTestId('library-row').filter({ hasText: 'fib' }).count()).toBe(1);

    const broken = path.join(files, 'broken.cpuprofile');
    writeFileSync(broken, '{"nodes": [{"id": 1, "callFrame": ');
    await page.getByTestId('import-input').setInputFiles(broken);
    // Opened at once, it cannot be read, and it is not saved: one banner says both, once; no empty Load or profile card.
    await page.getByTestId('result-screen').waitFor({ timeout: 15_000 });
    const unreadable = page.getByTestId('import-unreadable');
    await unreadable.waitFor({ timeout: 15_000 });
    expect(await unreadable.textContent()).toMatch(/^broken\.cpuprofile could not be opened\. \S.*\. Nothing was added to the library, and the file itself is unchanged\.$/);
    expect(await page.getByTestId('import-saving').count()).toBe(0);
    expect(await page.getByTestId('flamegraph-empty').count()).toBe(0);
    expect(await page.getByTestId('load-summary').count()).toBe(0);
    await shot('import-broken-opened.png');
    await page.getByTestId('nav-library').click();
    await expect.poll(() => results.count(), { timeout: 15_000 }).toBe(2);
    const failure = results.nth(1);
    expect(await failure.getAttribute('data-ok')).toBe('false');
    expect(await failure.textContent()).toMatch(/broken\.cpuprofile.*Not imported: \S.*\./);
    await page.waitForTimeout(500);
    expect(await rows().count()).toBe(2);
    await shot('library-import.png');
  });

  it('exports the recording as .cpuprofile and as a .flambe bundle', async () => {
    await row(recordedId).click();
    const [profile] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-cpuprofile-button').click()]);
    expect(profile.suggestedFilename()).toMatch(/^Checkout-baseline\.cpuprofile$/);
    const profilePath = path.join(files, profile.suggestedFilename());
    await profile.saveAs(profilePath);
    expect(Array.isArray(JSON.parse(readFileSync(profilePath, 'utf8')).nodes)).toBe(true);

    const [bundle] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-bundle-button').click()]);
    expect(bundle.suggestedFilename()).toMatch(/\.flambe$/);
    const bundlePath = path.join(files, bundle.suggestedFilename());
    await bundle.saveAs(bundlePath);
    expect(readFileSync(bundlePath, 'utf8')).toContain(NAME);

    // Dropping the bundle onto the window imports a copy (a teammate's view of it).
    const dataTransfer = await page.evaluateHandle(
      ({ name, text }) => {
        const dt = new DataTransfer();
        dt.items.add(new File([text], name));
        return dt;
      },
      { name: bundle.suggestedFilename(), text: readFileSync(bundlePath, 'utf8') },
    );
    await page.dispatchEvent('body', 'dragenter', { dataTransfer });
    await page.getByTestId('drop-overlay').waitFor();
    await shot('library-drop.png');
    await page.dispatchEvent('body', 'drop', { dataTransfer });
    await page.getByTestId('drop-overlay').waitFor({ state: 'detached' });
    const results = page.getByTestId('import-result');
    await expect.poll(() => results.count(), { timeout: 15_000 }).toBe(3);
    expect(await results.nth(2).getAttribute('data-ok')).toBe('true');
    await expect.poll(() => rows().filter({ hasText: NAME }).count()).toBe(2);
  });

  it('compares two selected recordings: the older (the recording, before the import) is A', async () => {
    await page.getByTestId('library-search').fill('');
    const fib = page.getByTestId('library-row').filter({ hasText: 'fib' });
    const selectedCount = () => page.locator('[data-testid="library-row"][aria-selected="true"]').count();
    await row(recordedId).click();
    await fib.click({ modifiers: ['Control'] });
    expect(await selectedCount()).toBe(2);
    await fib.click({ modifiers: ['Control'] });
    expect(await selectedCount()).toBe(1);
    await fib.getByRole('checkbox').click();
    expect(await selectedCount()).toBe(2);
    const compare = page.getByTestId('compare-button');
    expect(await compare.isEnabled()).toBe(true);
    await compare.click();
    const screen = page.getByTestId('compare-screen');
    await screen.waitFor();
    await expect.poll(() => screen.getByTestId('diff-flamegraph').locator('svg').count(), { timeout: 20_000 }).toBe(1);
    // B (the imported fib profile) gives the flamegraph its shape; A's shape has the recording's jsonRoute.
    await expect.poll(() => screen.getByTestId('diff-flamegraph').textContent(), { timeout: 10_000 }).toMatch(/fib/);
    expect(await screen.getByTestId('compare-side-b').textContent()).toMatch(/fib/);
    expect(await screen.getByTestId('compare-warnings').textContent()).toMatch(/B has no load numbers/);
    await screen.getByTestId('diff-shape-a').click();
    await expect.poll(() => screen.getByTestId('diff-flamegraph').textContent(), { timeout: 10_000 }).toMatch(/jsonRoute/);
    await page.screenshot({ path: path.join(artifacts, 'library-compare.png'), fullPage: true });
    await page.getByTestId('nav-library').click();
  });

  it('delete offers Undo; without it the recording is gone once the toast expires', async () => {
    const fib = page.getByTestId('library-row').filter({ hasText: 'fib' });
    const fibId = (await fib.getAttribute('data-id'))!;
    await fib.click();
    await page.getByTestId('delete-button').click();
    await expect.poll(() => row(fibId).count()).toBe(0);
    await page.getByTestId('undo-toast').waitFor();
    await shot('library-undo.png');
    await page.getByTestId('undo-button').click();
    await expect.poll(() => row(fibId).count()).toBe(1);
    expect(await page.getByTestId('undo-toast').count()).toBe(0);

    // The Delete key deletes the selection; nothing is deleted until the toast runs out.
    await row(fibId).click();
    await page.keyboard.press('Delete');
    await page.getByTestId('undo-toast').waitFor();
    await page.mouse.move(5, 5); // hovering the toast would pause it
    await page.getByTestId('undo-toast').waitFor({ state: 'detached', timeout: 15_000 });
    // Reloading asks the services again: it is really gone, and only it.
    await page.reload();
    await page.getByTestId('nav-library').click();
    await expect.poll(() => rows().count(), { timeout: 10_000 }).toBe(2);
    expect(await row(recordedId).count()).toBe(1);
    expect(await rows().filter({ hasText: 'fib' }).count()).toBe(0);
  });

  it('after a restart on the same library file, the renamed, tagged recording is still there and opens', async () => {
    await page.close();
    await web.stop();
    web = await startWebMode({ library });
    page = await openPage();
    await page.getByTestId('nav-library').waitFor();
    await page.keyboard.press('Control+2');
    await expect.poll(() => rows().count(), { timeout: 10_000 }).toBe(2);
    const kept = row(recordedId);
    expect(await kept.textContent()).toContain(NAME);
    expect(await kept.textContent()).toContain(TAG);
    await kept.click();
    expect(await page.getByTestId('notes-input').inputValue()).toMatch(/^Before the cache/);
    await shot('library-light.png');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot('library-dark.png');
    await page.emulateMedia({ colorScheme: 'light' });

    // Enter opens the selected recording; so does a double-click.
    await page.getByRole('grid').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('result-screen').waitFor();
    await page.getByTestId('nav-library').click();
    await kept.dblclick();
    await page.getByTestId('result-screen').waitFor();
    const flame = page.getByTestId('flamegraph');
    await flame.locator('svg').first().waitFor({ timeout: 20_000 });
    await expect.poll(() => flame.textContent(), { timeout: 10_000 }).toContain('jsonRoute');
    // Ctrl+1 goes back to the Record screen.
    await page.keyboard.press('Control+1');
    await page.getByTestId('demo-button').waitFor();
  });
});

describe.skipIf(!hasChromium)('the library in browser mode, when its file cannot be opened', () => {
  let web: WebMode;
  let browser: Browser;

  beforeAll(async () => {
    const broken = path.join(mkdtempSync(path.join(tmpdir(), 'flambe-e2e-broken-')), 'library.sqlite');
    writeFileSync(broken, 'this is not a SQLite database, and must not be overwritten\n'.repeat(100));
    web = await startWebMode({ library: broken });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await web?.stop();
  });

  it('warns on the Library screen, and a recording offers its bundle for export', async () => {
    const page = await newPage(browser, { height: 860 });
    await page.goto(web.url);
    await page.getByTestId('nav-library').click();
    const warning = page.getByTestId('library-warning');
    await warning.waitFor();
    expect(await warning.textContent()).toMatch(/memory/);
    await page.screenshot({ path: path.join(artifacts, 'library-warning.png') });

    // A load-only run (no target needed) against the web server itself.
    await page.getByTestId('nav-record').click();
    await page.getByTestId('url-input').fill(new URL(web.url).origin + '/');
    await page.getByTestId('duration-input').fill('1');
    await page.getByTestId('warmup-input').fill('0');
    await page.getByTestId('record-button').click();
    const saveError = page.getByTestId('save-error');
    await saveError.waitFor({ timeout: 30_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('save-error-export-button').click()]);
    expect(download.suggestedFilename()).toMatch(/\.flambe$/);
    await page.screenshot({ path: path.join(artifacts, 'save-error.png') });
  });
});
