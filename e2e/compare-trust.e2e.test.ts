// Compare and experiments, read as a first-time user reads them (issue 38), in
// Chromium over browser mode: an Express route that spends 60 ms of CPU per
// request against one that answers at once, one run each — "real: …× apart,
// far more than …", not "cannot tell"; every number on the screen in the one
// style; the Compare tab and its pair after a reload; an experiment's function
// table with its how-sure column; and an experiment run from a second tab on
// the script step 1 shows running. Screenshots at 1280×800 and 1024×700, light
// and dark, in e2e/artifacts/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { numbersOutOfStyle } from '../shared/number-format.ts';
import { repo, runFlambe } from '../test/helpers/demo.ts';
import { artifacts, hasChromium, launchChromium, newPage, startWebMode, tempLibrary, waitForLaunchedTarget, type WebMode } from './helpers.ts';

const title = hasChromium ? 'Compare and experiments a person trusts' : 'Compare and experiments a person trusts (skipped: no Chromium at /usr/bin/chromium)';
const server = path.join(repo, 'test/fixtures/compare/fast-slow.cjs');

/** Each number out of style with the words around it; a date, a time of day and a script's line are no quantities. */
function outOfStyle(text: string): string[] {
  const plain = text.replace(/\b\d{4}-\d{2}-\d{2} \d{2}:\d{2}\b/g, 'DATE');
  return numbersOutOfStyle(plain).map((n) => {
    const at = plain.indexOf(n);
    return plain.slice(Math.max(0, at - 40), at + n.length + 20).replace(/\s+/g, ' ');
  });
}

describe.skipIf(!hasChromium)(title, () => {
  const library = tempLibrary();
  const ids = { fast: '', slow: '', experiment: '' };
  let web: WebMode;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  /** The four looks a user may have: both sizes, light and dark. */
  const shots = async (p: Page, name: string, locator?: string) => {
    for (const [w, h] of [[1280, 800], [1024, 700]] as const) {
      await p.setViewportSize({ width: w, height: h });
      for (const scheme of ['light', 'dark'] as const) {
        await p.emulateMedia({ colorScheme: scheme });
        if (locator) await p.locator(locator).first().scrollIntoViewIfNeeded();
        await p.screenshot({ path: path.join(artifacts, `${name}-${w}x${h}-${scheme}.png`) });
      }
    }
    await p.emulateMedia({ colorScheme: 'light' });
    await p.setViewportSize({ width: 1280, height: 800 });
  };

  beforeAll(async () => {
    for (const route of ['fast', 'slow'] as const) {
      const r = await runFlambe(['record', '--launch', server, '--url', `/${route}`, '-d', '2', '-c', '4', '--warmup', '1', '--json', '--save', '--name', `${route} route`, '--library', library], { timeoutMs: 90_000 });
      if (r.code !== 0) throw new Error(r.stderr);
      ids[route] = JSON.parse(r.stdout).id;
    }
    web = await startWebMode({ library });
    browser = await launchChromium();
    page = await newPage(browser, { width: 1280, height: 800, errors });
  }, 400_000);
  afterAll(async () => {
    await browser?.close();
    await web?.stop();
  });

  it('says a 60 ms-per-request route is far beyond noise, from one run each, with every number in one style', async () => {
    await page.goto(`${web.url}#/compare/${ids.fast}/${ids.slow}`);
    const verdict = page.getByTestId('compare-verdict');
    await verdict.waitFor({ timeout: 60_000 });
    // No experiment in the library yet: the spread is a busy machine's 2×, the bar 8×.
    const spread = String.raw`far more than the 2\.0× two runs of the same code can differ by on a busy machine`;
    expect(await verdict.textContent()).toMatch(new RegExp(String.raw` — requests/s \d+× apart, ${spread}\.`));
    const rps = page.getByTestId('compare-load').locator('tbody tr').first();
    expect(await rps.textContent()).toMatch(new RegExp(String.raw`^Requests/s.*real: \d+× apart, ${spread}$`));
    // What noise could explain stays "cannot tell" (p50 within the latency's wider spread, or the request-time parts).
    expect(await page.getByTestId('compare-load').textContent()).toMatch(/cannot tell: one run each/);
    await page.getByTestId('how-sure').locator('summary').click();
    expect(await page.getByTestId('how-sure').textContent()).toMatch(/A change is called real only when it is far beyond that — past 8\.0× either way/);
    // Every number the screen shows, in the one style (shared/number-format.ts): no "1,894.17", no "25160".
    await page.getByTestId('compare-request-time').waitFor({ timeout: 20_000 });
    expect(outOfStyle(await page.getByTestId('compare-screen').innerText())).toEqual([]);
    await shots(page, 'compare-far-beyond');
    await shots(page, 'compare-request-time', '[data-testid="compare-request-time"]');
    expect(errors).toEqual([]);
  }, 120_000);

  it('keeps the Compare tab and its pair after a reload, on Compare and on another screen', async () => {
    await page.reload();
    await page.getByTestId('compare-verdict').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('nav-compare').getAttribute('aria-current')).toBe('page');
    expect(await page.getByTestId('compare-side-a').textContent()).toMatch(/fast route/);
    // Elsewhere, reloaded: the top bar's Compare opens the same pair again, not an empty pick.
    await page.getByTestId('nav-library').click();
    await page.reload();
    await page.getByTestId('nav-compare').click();
    await expect.poll(() => page.getByTestId('compare-side-b').textContent(), { timeout: 30_000 }).toMatch(/slow route/);
    expect(await page.getByTestId('nav-compare').getAttribute('aria-current')).toBe('page');
    expect(page.url()).toMatch(new RegExp(`#/compare/${ids.fast}/${ids.slow}$`));
  }, 120_000);

  it('gives the experiment\'s function table a how-sure column, and its numbers the one style', async () => {
    // Run here, after Compare was read: an experiment in the library sets the spread one run each is judged against
    // (its rounds of /fast, 1 s each beside a busy suite, once differed so much that the bar passed the pair's 100×).
    const e = await runFlambe(['experiment', '--launch', server, '--url', '/fast', '--a-url', '/fast', '--b-url', '/slow', '--rounds', '2', '-d', '1', '--warmup', '0', '-c', '4',
      '--save', '--json', '--library', library], { timeoutMs: 180_000 });
    if (e.code !== 0) throw new Error(e.stderr);
    ids.experiment = JSON.parse(e.stdout).id;
    await page.goto(`${web.url}#/experiments/${ids.experiment}`);
    await page.getByTestId('experiment-export').waitFor({ timeout: 60_000 });
    const table = page.getByTestId('experiment-function-table');
    await table.waitFor({ timeout: 30_000 });
    expect(await table.locator('thead th').allTextContents()).toEqual(['function', 'A', 'B', 'change', 'how sure']);
    const cells = await table.getByTestId('experiment-sure').allTextContents();
    expect(cells.length).toBeGreaterThan(0);
    for (const cell of cells) expect(cell).toMatch(/^(real( \(95%: .+ to .+\))?|no (clear|meaningful) difference( \(95%: .+ to .+\))?|too early to tell: anything from .+ to .+ fits|only in [AB]: no interval from zero)$/);
    // recomputePrices runs only in B (/slow): its row is there, marked new, and says so rather than "no clear difference".
    expect(await table.locator('tbody tr').filter({ hasText: 'recomputePrices' }).textContent()).toMatch(/new.*only in B: no interval from zero$/);
    expect(outOfStyle(await page.getByTestId('experiment-screen').innerText())).toEqual([]);
    await shots(page, 'experiment-how-sure', '[data-testid="experiment-function-table"]');
    expect(errors).toEqual([]);
  }, 300_000);

  it('runs an experiment from a second tab on the script step 1 shows running', async () => {
    await page.goto(web.url);
    await page.getByTestId('nav-record').click();
    await page.getByTestId('launch-script-input').fill(server);
    await page.getByTestId('launch-button').click();
    await waitForLaunchedTarget(page);
    // A second tab: its own sessionStorage, so its launch form is empty while step 1 shows the running script.
    const second = await newPage(browser, { width: 1280, height: 800, errors });
    try {
      await second.goto(web.url);
      await second.getByTestId('target-info').waitFor({ timeout: 20_000 });
      await second.getByTestId('duration-input').fill('1');
      await second.getByTestId('warmup-input').fill('0');
      await second.getByTestId('exp-rounds-quick').fill('1');
      const setup = second.getByTestId('experiment-setup');
      await setup.locator('summary').click();
      const label = setup.locator('label').filter({ hasText: 'the script of step 1' });
      expect(await label.textContent()).toContain('fast-slow.cjs');
      await label.locator('input').check();
      await second.getByTestId('exp-a').fill('/fast');
      await second.getByTestId('exp-b').fill('/slow');
      await shots(second, 'experiment-second-tab', '[data-testid="experiment-setup"]');
      await second.getByTestId('experiment-run').click();
      await second.getByTestId('experiment-run-progress').waitFor({ timeout: 20_000 });
      expect(await second.getByTestId('experiment-error').count()).toBe(0);
      // It ran the script of step 1: its answer names recomputePrices, which only fast-slow.cjs has.
      await second.getByTestId('experiment-export').waitFor({ timeout: 150_000 });
      await expect.poll(() => second.getByTestId('experiment-screen').textContent(), { timeout: 20_000 }).toMatch(/recomputePrices/);
    } finally {
      await second.close();
    }
    expect(errors).toEqual([]);
  }, 300_000);
});
