// The three journeys of issue 26, in a real Chromium against browser mode:
// nothing is lost on reload, every screen has an address, one measurement of
// the machine runs at a time, and the console stays clean throughout.
//  - student: the demo's URL is a route that works; a recording reloaded
//    mid-way shows its progress, then its result; its tab is in the address.
//  - trainer: "What does console.log cost?" opens its own screen with its
//    progress; Record is disabled meanwhile, saying why; a reload and the
//    address pasted into a new page come back to it; the answer follows.
//  - team: the Library's search is in the address; back/forward walk the screens.
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { artifacts, browserSession, hasChromium, newPage, waitForLaunchedTarget } from './helpers.ts';

const title = hasChromium ? 'journeys: state kept, screens addressed, one task at a time' : 'journeys (skipped: no Chromium at /usr/bin/chromium)';

/** Every console error and uncaught error of a page, for the journey's last check. */
function watchConsole(page: Page, into: string[]): Page {
  page.on('console', (m) => { if (m.type() === 'error') into.push(`${page.url()}: ${m.text()}`); });
  page.on('pageerror', (e) => into.push(`${page.url()}: ${e.message}`));
  return page;
}

describe.skipIf(!hasChromium)(title, () => {
  const errors: string[] = [];
  const session = browserSession({ width: 1440, height: 900, errors });
  const hash = () => session.page.evaluate(() => window.location.hash);

  it('student: the demo loads /json; a reload mid-recording shows its progress, then its result, on the tab in the address', async () => {
    const { page, web } = session;
    watchConsole(page, errors);
    await page.goto(web.url);
    await page.getByTestId('demo-button').click();
    await waitForLaunchedTarget(page);
    expect(await page.getByTestId('url-input').inputValue()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/json$/);
    await page.getByTestId('duration-input').fill('4');
    await page.getByTestId('warmup-input').fill('1');
    await page.getByTestId('record-button').click();
    await page.getByTestId('progress').waitFor({ timeout: 10_000 });

    await page.reload();
    // The page asked the service what runs: the same recording's progress, Record busy.
    await page.getByTestId('progress').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('record-button').isDisabled()).toBe(true);
    await page.getByTestId('result-screen').waitFor({ timeout: 60_000 });
    expect(await hash()).toMatch(/^#\/recordings\/[^/?]+$/);

    await page.getByTestId('tab-call-tree').click();
    expect(await hash()).toMatch(/\?tab=call-tree$/);
    await page.reload();
    await page.getByTestId('result-screen').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('tab-call-tree').getAttribute('aria-selected')).toBe('true');
    // Keyboard: the flamegraph's frames are walked with the arrows, a time range is chosen with Shift+→, and both land in the address.
    await page.getByTestId('tab-flamegraph').click();
    await page.getByTestId('flamegraph').locator('g.frame').first().waitFor({ timeout: 20_000 });
    await page.getByTestId('flamegraph').focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await page.locator('[data-testid=flamegraph] g.frame-cursor').count()).toBe(1);
    expect(await page.getByTestId('flamegraph-cursor').textContent()).not.toBe('');
    await page.getByTestId('timeline-box').focus();
    await page.keyboard.press('Shift+ArrowRight');
    await page.getByTestId('timeline-range').waitFor();
    expect(await hash()).toMatch(/[?&]range=\d+(\.\d)?-\d+(\.\d)?/);
    await page.screenshot({ path: path.join(artifacts, 'journey-result-keyboard.png') });
    await page.reload();
    await page.getByTestId('timeline-range').waitFor({ timeout: 20_000 });
    await page.getByTestId('tab-call-tree').click();

    // Back walks to the screen before (Record), forward comes back.
    await page.goBack();
    await expect.poll(hash).toMatch(/^(#\/record)?$/);
    await expect.poll(() => page.getByTestId('record-button').isVisible()).toBe(true);
    await page.goForward();
    await page.getByTestId('result-screen').waitFor({ timeout: 20_000 });
  }, 120_000);

  it('trainer: the experiment opens on its own screen, Record says why it waits, a reload and a pasted address come back to it', async () => {
    const { page, web } = session;
    await page.getByTestId('nav-record').click();
    await page.getByTestId('duration-input').fill('1');
    await page.getByTestId('warmup-input').fill('0');
    await page.getByTestId('exp-rounds-quick').fill('2');
    await page.getByTestId('demo-question-log').click();
    await expect.poll(hash, { timeout: 10_000 }).toMatch(/^#\/experiments\/[^/?]+$/);
    const address = await hash();
    await page.getByTestId('experiment-run-progress').waitFor({ timeout: 10_000 });

    // Record during the experiment: disabled, with the service's sentence.
    await page.getByTestId('nav-record').click();
    expect(await page.getByTestId('record-button').isDisabled()).toBe(true);
    expect(await page.getByTestId('record-refusal').textContent()).toMatch(/^The experiment “.+” is running: a recording now would share the machine with it and disturb what it measures\. Wait for it to finish, or stop it first\./);
    await page.screenshot({ path: path.join(artifacts, 'journey-record-refused.png') });

    // A reload on Record during the experiment: its progress again.
    await page.goBack();
    await page.reload();
    expect(await hash()).toBe(address);
    await page.getByTestId('experiment-run-progress').waitFor({ timeout: 10_000 });

    // The address pasted into a new page (the printed address + the '#'), in the dark and at 1024×700.
    const other = watchConsole(await newPage(session.browser, { width: 1024, height: 700, errors }), errors);
    await other.emulateMedia({ colorScheme: 'dark' });
    await other.goto(`${web.url}${address}`);
    await other.getByTestId('experiment-screen').waitFor({ timeout: 10_000 });
    await other.getByTestId('experiment-export').waitFor({ timeout: 150_000 });
    // The trainer's answer: the cost of the thing shown, first; then the differential flamegraph.
    expect(await other.getByTestId('experiment-cost').textContent()).toMatch(/^(console\.log costs (\d[\d.]*(?: \d{3})* ms of CPU per 1 000 requests|\d+% of the throughput|nothing Flambé could measure)|Cannot tell yet what console\.log costs: )/);
    await other.getByTestId('experiment-flame').locator('svg').first().waitFor({ timeout: 30_000 });
    await other.screenshot({ path: path.join(artifacts, 'journey-experiment-1024-dark.png') });
    await other.screenshot({ path: path.join(artifacts, 'journey-experiment-1024-dark-full.png'), fullPage: true });
    await other.close();
    // The first page got the answer too, and Record is free again.
    await page.getByTestId('experiment-export').waitFor({ timeout: 20_000 });
    await page.screenshot({ path: path.join(artifacts, 'journey-experiment-1440.png') });
    await page.getByTestId('nav-record').click();
    await expect.poll(() => page.getByTestId('record-button').isDisabled()).toBe(false);
  }, 200_000);

  it('team: the Library search is in the address; a reload and an edited # keep and follow it; the console stayed clean', async () => {
    const { page } = session;
    await page.getByTestId('nav-library').click();
    expect(await hash()).toBe('#/library');
    await page.getByRole('searchbox').first().fill('json');
    await expect.poll(hash).toBe('#/library?q=json');
    await page.reload();
    await page.getByTestId('library-screen').waitFor();
    expect(await page.getByRole('searchbox').first().inputValue()).toBe('json');
    // Editing the '#' by hand navigates.
    await page.evaluate(() => { window.location.hash = '#/library?q=log'; });
    await expect.poll(() => page.getByRole('searchbox').first().inputValue()).toBe('log');
    await page.evaluate(() => { window.location.hash = '#/record'; });
    await expect.poll(() => page.getByTestId('record-button').isVisible()).toBe(true);
    expect(errors).toEqual([]);
  }, 60_000);
});
