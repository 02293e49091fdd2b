// The three journeys of issue 26's "Done", each screen they reach looked at
// as a first-time user would see it: at 1440×900 and 1024×700, light and dark
// (the same address opened in four pages — an address restores its screen),
// with no console error, every number in the one style (shared/number-format.ts),
// and the one-click questions and Record in view at 1024×700.
//  - student: launches the demo, records /json, reads the result;
//  - trainer: one click on "What does console.log cost?", reads the answer;
//  - team: records /log too, compares the two in the Library, shares the
//    comparison as an HTML report.
// Screenshots: e2e/artifacts/look-<screen>-<width>-<scheme>.png.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { numbersOutOfStyle } from '../shared/number-format.ts';
import { artifacts, browserSession, hasChromium, newPage, waitForLaunchedTarget } from './helpers.ts';

const title = hasChromium ? 'journeys looked at in two sizes and two themes' : 'journeys looked at (skipped: no Chromium at /usr/bin/chromium)';

const LOOKS = [
  { width: 1440, height: 900, scheme: 'light' },
  { width: 1440, height: 900, scheme: 'dark' },
  { width: 1024, height: 700, scheme: 'light' },
  { width: 1024, height: 700, scheme: 'dark' },
] as const;

/** The page's text as laid out, without what are identifiers, not quantities: the target's pid and port, its console, code. */
async function visibleText(page: Page): Promise<string> {
  const text = await page.evaluate(() => {
    const hidden = [...document.querySelectorAll<HTMLElement>('.console, .facts, code')];
    const before = hidden.map((el) => el.style.display);
    for (const el of hidden) el.style.display = 'none';
    const t = document.body.innerText;
    hidden.forEach((el, i) => { el.style.display = before[i]; });
    return t;
  });
  return withoutIdentifiers(text);
}

/** A pid, a port and a date's year are identifiers, not quantities. */
function withoutIdentifiers(text: string): string {
  return text.replace(/\bPID \d+/gi, 'PID').replace(/\bports? \d+(, \d+)*/gi, 'port').replace(/\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{1,2}, \d{4}\b/g, 'DATE');
}

/** Each number out of style with the words around it, so a failure says where it is. */
function outOfStyleInContext(text: string): string[] {
  return numbersOutOfStyle(text).map((n) => {
    const at = text.indexOf(n);
    return text.slice(Math.max(0, at - 40), at + n.length + 20).replace(/\s+/g, ' ');
  });
}

describe.skipIf(!hasChromium)(title, () => {
  const errors: string[] = [];
  const session = browserSession({ width: 1440, height: 900, errors });
  const watch = (page: Page) => {
    page.on('console', (m) => { if (m.type() === 'error') errors.push(`${page.url()}: ${m.text()}`); });
    return page;
  };
  const hash = () => session.page.evaluate(() => window.location.hash);

  /** Opens `address` in each look, waits for `ready`, and checks and photographs it. */
  async function lookEverywhere(name: string, address: string, ready: (page: Page) => Promise<void>, inView: string[] = []) {
    for (const look of LOOKS) {
      const page = watch(await newPage(session.browser, { width: look.width, height: look.height, errors }));
      await page.emulateMedia({ colorScheme: look.scheme });
      await page.goto(`${session.web.url}${address}`);
      await ready(page);
      await page.screenshot({ path: path.join(artifacts, `look-${name}-${look.width}-${look.scheme}.png`) });
      expect(outOfStyleInContext(await visibleText(page)), `${name} at ${look.width} ${look.scheme}`).toEqual([]);
      // No number spills out of its tile (a "1 251.327 ms" p99 did at 1024 px).
      const spilled = await page.locator('.stat dd').evaluateAll((dds) => dds.filter((dd) => dd.scrollWidth > dd.clientWidth + 1).map((dd) => dd.textContent));
      expect(spilled, `${name} at ${look.width} ${look.scheme}`).toEqual([]);
      for (const id of inView) {
        const box = await page.getByTestId(id).boundingBox();
        expect(box && box.y >= 0 && box.y + box.height <= look.height, `${id} in view on ${name} at ${look.width}×${look.height}`).toBe(true);
      }
      await page.close();
    }
  }

  it('student: records the demo’s /json and reads the result', async () => {
    const { page, web } = session;
    watch(page);
    await page.goto(web.url);
    await page.getByTestId('demo-button').click();
    await waitForLaunchedTarget(page);
    await page.getByTestId('duration-input').fill('3');
    await page.getByTestId('warmup-input').fill('1');
    await page.getByTestId('record-button').click();
    await page.getByTestId('result-screen').waitFor({ timeout: 60_000 });
    await page.getByTestId('flamegraph').locator('g.frame').first().waitFor({ timeout: 20_000 });
    await lookEverywhere('student-result', await hash(), async (p) => {
      await p.getByTestId('result-screen').waitFor({ timeout: 20_000 });
      await p.getByTestId('flamegraph').locator('g.frame').first().waitFor({ timeout: 20_000 });
    });
    // Record with the demo running: the four questions and Record in view, in every look.
    await lookEverywhere('record', '#/record', async (p) => { await p.getByTestId('target-info').waitFor({ timeout: 20_000 }); },
      ['demo-question-log', 'demo-question-crypto', 'demo-question-json', 'demo-question-regex', 'record-button']);
  }, 240_000);

  it('trainer: one click on "What does console.log cost?" answers with its cost, first', async () => {
    const { page } = session;
    await page.getByTestId('nav-record').click();
    await page.getByTestId('duration-input').fill('1');
    await page.getByTestId('warmup-input').fill('0');
    await page.getByTestId('exp-rounds-quick').fill('3');
    await page.getByTestId('demo-question-log').click();
    await expect.poll(hash, { timeout: 10_000 }).toMatch(/^#\/experiments\/[^/?]+$/);
    await page.getByTestId('experiment-export').waitFor({ timeout: 180_000 });
    expect(await page.getByTestId('experiment-cost').textContent()).toMatch(/^(console\.log costs |Cannot tell yet what console\.log costs: )/);
    await lookEverywhere('trainer-answer', await hash(), async (p) => {
      await p.getByTestId('experiment-export').waitFor({ timeout: 20_000 });
      await p.getByTestId('experiment-flame').locator('svg').first().waitFor({ timeout: 30_000 });
    }, ['experiment-cost']);
  }, 300_000);

  it('team: records /log too, compares the two, shares the comparison; the console stayed clean', async () => {
    const { page } = session;
    await page.getByTestId('nav-record').click();
    const base = new URL(await page.getByTestId('url-input').inputValue());
    await page.getByTestId('url-input').fill(`${base.origin}/log`);
    await page.getByTestId('duration-input').fill('3');
    await page.getByTestId('warmup-input').fill('1');
    await page.getByTestId('record-button').click();
    await page.getByTestId('result-screen').waitFor({ timeout: 60_000 });

    await page.getByTestId('nav-library').click();
    const rows = page.locator('[data-testid="library-row"]');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    await lookEverywhere('team-library', '#/library', async (p) => { await p.locator('[data-testid="library-row"]').first().waitFor({ timeout: 20_000 }); });
    const json = rows.filter({ hasText: 'GET /json' }).first();
    const log = rows.filter({ hasText: 'GET /log' }).first();
    await json.click();
    await log.click({ modifiers: ['Control'] });
    await page.getByTestId('compare-button').click();
    await page.getByTestId('compare-verdict').waitFor({ timeout: 30_000 });
    await page.getByTestId('diff-flamegraph').locator('g').first().waitFor({ timeout: 30_000 });
    // A frame's tooltip at the window's right edge opens to the pointer's left, inside the window.
    const root = page.getByTestId('diff-flamegraph').locator('g.frame').first();
    await root.scrollIntoViewIfNeeded();
    const frame = (await root.boundingBox())!;
    await page.mouse.move(frame.x + frame.width - 6, frame.y + frame.height / 2);
    await page.mouse.move(frame.x + frame.width - 4, frame.y + frame.height / 2);
    const tip = page.locator('.d3-flame-graph-tip');
    await expect.poll(async () => (await tip.boundingBox())?.width ?? 0, { timeout: 5_000 }).toBeGreaterThan(0);
    await expect.poll(async () => { const b = await tip.boundingBox(); return b ? b.x + b.width : Infinity; }).toBeLessThanOrEqual(1440);
    await page.mouse.move(0, 0);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('compare-report-html').click()]);
    const saved = path.join(artifacts, 'team-report.html');
    await download.saveAs(saved);
    const report = readFileSync(saved, 'utf8');
    expect(report).toMatch(/<html/i);
    expect(outOfStyleInContext(withoutIdentifiers(report).replace(/<style[\s\S]*?<\/style>|<script[\s\S]*?<\/script>|<[^>]*>/g, ' '))).toEqual([]);
    await lookEverywhere('team-compare', await hash(), async (p) => {
      await p.getByTestId('compare-verdict').waitFor({ timeout: 30_000 });
      await p.getByTestId('diff-flamegraph').locator('g').first().waitFor({ timeout: 30_000 });
    }, ['compare-verdict']);
    expect(errors).toEqual([]);
  }, 240_000);
});
