// The verdict at the top of the result screen (issue 12): record each demo
// route in browser mode, in a 1440×900 window, and the route's culprit is
// named in the first screenful without a click — its function, file:line and
// what to do. Clicking file:line opens Bottom-up on that function with its hot
// lines. Screenshots (viewport only: what a user sees first) in e2e/artifacts/.
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { artifacts, browserSession, docShot, hasChromium, newPage, startDemoRecording } from './helpers.ts';

const title = hasChromium ? 'the verdict' : 'the verdict (skipped: no Chromium at /usr/bin/chromium — apt-get install chromium)';

// Each demo route, the kind of work it plants, and the function and line that plant it (assets/demo-server/server.js).
const ROUTES = [
  { route: '/crypto', kind: 'crypto', fn: 'cryptoRoute', advice: /asynchronous API/ },
  { route: '/json', kind: 'json', fn: 'jsonRoute', line: 37, advice: /fast-json-stringify/ },
  { route: '/regex', kind: 'regex', fn: 'regexRoute', line: 47, advice: /backtracks catastrophically: 'ma+e'|takes exponential time/ },
  { route: '/log', kind: 'logging', fn: 'logRoute', line: 33, advice: /pino/ },
];

describe.skipIf(!hasChromium)(title, () => {
  const errors: string[] = [];
  const session = browserSession({ width: 1440, height: 900, errors });

  const record = async (route: string, first: boolean) => {
    const { page, web } = session;
    if (first) {
      await page.goto(web.url);
      await startDemoRecording(page, { route, durationSec: 2, warmupSec: 1 });
    } else {
      await page.getByTestId('new-recording-button').click();
      const base = new URL(await page.getByTestId('url-input').inputValue());
      await page.getByTestId('url-input').fill(`${base.origin}${route}`);
      // The window's scroll is every screen's: the Record screen scrolled down (as its Record button's focus does, 380 px
      // here) must not carry into the result, which starts at its top (renderer/src/lib/screen-start.ts; /log once read 60 px).
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.getByTestId('record-button').click();
    }
    await page.getByTestId('result-screen').waitFor({ timeout: 60_000 });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByTestId('verdict').getByTestId('verdict-finding').or(page.getByTestId('verdict-spread')).first().waitFor({ timeout: 30_000 });
  };

  for (const [i, r] of ROUTES.entries()) {
    it(`${r.route}: the first finding names ${r.fn} and what to do, within the first screenful`, async () => {
      const { page } = session;
      await record(r.route, i === 0);
      const first = page.getByTestId('verdict-finding').first();
      expect(await first.getAttribute('data-kind')).toBe(r.kind);
      expect(await first.getAttribute('data-function')).toBe(r.fn);
      if (r.line) expect(await first.getAttribute('data-line')).toBe(String(r.line));
      await expect.poll(() => first.textContent(), { timeout: 20_000 }).toMatch(r.advice);
      expect(await first.getByTestId('verdict-location').textContent()).toMatch(new RegExp(`^${r.fn} · server\\.js:\\d+$`));
      // Nothing scrolled, nothing clicked: the whole finding is inside the 1440×900 window.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const box = (await first.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(900);
      await page.screenshot({ path: path.join(artifacts, `verdict${r.route.replace('/', '-')}.png`) });
      if (r.route === '/json') await docShot(page, 'result-verdict');
    });
  }

  it('file:line opens Bottom-up on that function, with its hot lines', async () => {
    const { page } = session;
    const first = page.getByTestId('verdict-finding').first();
    await first.getByTestId('verdict-location').click();
    await expect.poll(() => page.getByTestId('tab-bottom-up').getAttribute('aria-selected')).toBe('true');
    const selected = page.getByTestId('bottom-up-table').locator('[aria-selected="true"]');
    await expect.poll(() => selected.getAttribute('data-name'), { timeout: 10_000 }).toBe('logRoute');
    await page.waitForTimeout(400); // the smooth scroll to the panel
    await page.screenshot({ path: path.join(artifacts, 'verdict-reveal.png') });
    expect(errors).toEqual([]);
  });

  it('/hello: nothing of yours is blamed, and the verdict says so; the layout holds at 1024×700', async () => {
    const { page } = session;
    await record('/hello', false);
    const spread = page.getByTestId('verdict-spread');
    await spread.or(page.getByTestId('verdict-finding')).first().waitFor();
    // No function of yours and no kind of work is blamed; on a crowded machine garbage collection may pass its 10% bar.
    // A failure prints the findings' sentences, not "expected false to be true": CI once saw a finding
    // other than GC here on a busy machine and could not say which (not reproduced since, beside a CPU hog).
    const findings = await page.getByTestId('verdict-finding').evaluateAll((els) => els.map((e) => ({ kind: e.getAttribute('data-kind'), text: e.textContent })));
    if (findings.length === 0) expect(await spread.textContent()).toMatch(/^Nothing of yours stands out/);
    else expect(findings.filter((f) => f.kind !== 'gc')).toEqual([]);
    await page.screenshot({ path: path.join(artifacts, 'verdict-hello.png') });
    // "What is this?" next to p99: a plain explanation, no link out.
    await page.getByTestId('explain-p99').click();
    expect(await page.getByTestId('explain-text').textContent()).toMatch(/99 requests in 100 were answered faster than this/);
    await page.screenshot({ path: path.join(artifacts, 'verdict-explain-p99.png') });
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.evaluate(() => window.scrollTo(0, 0));
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(1024);
    await page.screenshot({ path: path.join(artifacts, 'verdict-hello-1024.png') });
    expect(errors).toEqual([]);
  });
  it('#/recordings/<id> opens the recording directly, on the tab chosen last', async () => {
    const { page, web, browser } = session;
    await expect.poll(() => new URL(page.url()).hash).toMatch(/^#\/recordings\/[\w-]+$/);
    const hash = new URL(page.url()).hash;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('tab-call-tree').click();
    const other = await newPage(browser, { width: 1440, height: 900, errors });
    try {
      await other.goto(`${web.url}${hash}`);
      await other.getByTestId('result-screen').waitFor({ timeout: 30_000 });
      expect(await other.getByTestId('result-url').textContent()).toMatch(/\/hello$/);
      await other.getByTestId('verdict-spread').or(other.getByTestId('verdict-finding')).first().waitFor({ timeout: 30_000 });
      expect(new URL(other.url()).hash).toBe(hash);
      // An address that names no recording: one sentence, nothing else breaks.
      await other.goto(`${web.url}#/recordings/no-such-recording`);
      await expect.poll(() => other.getByTestId('address-problem').textContent(), { timeout: 20_000 }).toMatch(/No recording with the id “no-such-recording” is in the library/);
    } finally {
      await other.close();
    }
    // Reloading keeps the address, and the result opens on the tab chosen last (Call tree).
    await page.reload();
    await page.getByTestId('result-screen').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('tab-call-tree').getAttribute('aria-selected')).toBe('true');
    await page.getByTestId('tab-flamegraph').click();
    expect(errors).toEqual([]);
  });


  it('a time range dragged on the timeline filters the tables and the verdict', async () => {
    const { page } = session;
    const chart = page.getByTestId('timeline-chart');
    await chart.waitFor({ timeout: 20_000 });
    await page.getByTestId('tab-bottom-up').click();
    const table = page.getByTestId('bottom-up-table');
    await table.getByTestId('table-row').first().waitFor({ timeout: 20_000 });
    const before = await table.getByTestId('table-row').first().textContent();
    // The timeline (with the flame chart under it) is taller than the tabs' scroll: bring it into view.
    await chart.scrollIntoViewIfNeeded();
    const box = (await chart.boundingBox())!;
    // Hover reads every series at that time.
    await page.mouse.move(box.x + 118 + (box.width - 126) * 0.2, box.y + 20);
    expect(await page.getByTestId('timeline-tip').textContent()).toMatch(/^\d+(\.\d+)? s.*event loop \d+%.*profile: busy \d+%/s);
    // Drag over the second half of the plot (the labels take the first 118 px).
    const plotX = (f: number) => box.x + 118 + (box.width - 126) * f;
    await page.mouse.move(plotX(0.5), box.y + 30);
    await page.mouse.down();
    await page.mouse.move(plotX(0.7), box.y + 30, { steps: 5 });
    await page.mouse.move(plotX(0.95), box.y + 30, { steps: 5 });
    await page.mouse.up();
    expect(await page.getByTestId('timeline-range').textContent()).toMatch(/^Showing \d+(\.\d+)? s – \d+(\.\d+)? s/);
    await page.getByTestId('verdict-range').waitFor();
    // The table follows: its first row's numbers change (fewer samples in the range).
    await expect.poll(() => table.getByTestId('table-row').first().textContent(), { timeout: 20_000 }).not.toBe(before);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(artifacts, 'verdict-time-range.png'), fullPage: true });
    await page.getByTestId('timeline-clear').click();
    await expect.poll(() => table.getByTestId('table-row').first().textContent(), { timeout: 20_000 }).toBe(before);
    expect(errors).toEqual([]);
  });
});
