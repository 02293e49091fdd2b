// Compare end to end, in browser mode: the demo server recorded on /hello and
// on /log (a console.log per request) into a real library; in Chromium the
// two are picked in the Library (the upper, newer row first: the older is A,
// whatever the order of the clicks), compared — verdict above the fold at
// 1024×700, load deltas, a coloured differential flamegraph, the function
// table with hot lines — swapped, reloaded from the address, exported as HTML,
// and reached through "Compare with…". Screenshots land in e2e/artifacts/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { demoScript, runFlambe } from '../test/helpers/demo.ts';
import { readDiffFrames, signAgrees, unreadableLabels } from './diff-colours.ts';
import { artifacts, docShot, hasChromium, launchChromium, newPage, startWebMode, tempLibrary, type WebMode } from './helpers.ts';

const title = hasChromium ? 'compare in browser mode' : 'compare in browser mode (skipped: no Chromium at /usr/bin/chromium — apt-get install chromium)';

describe.skipIf(!hasChromium)(title, () => {
  /**
   * The tooltip over a function's own frame (null: the bottom one, the whole process), hovered again at each try of a poll: the chart redraws with a 200 ms
   * transition (a frame of the tree leaving it still carries its old figures), and the pointer goes near the frame's
   * left edge, on its rectangle — its middle can sit under the label of the frame drawn over it.
   */
  const tipOver = async (flame: ReturnType<Page['getByTestId']>, name: string | null) => {
    const frame = name === null ? flame.locator('g.frame').first() : flame.locator('g.frame', { hasText: name }).last();
    await frame.scrollIntoViewIfNeeded().catch(() => undefined);
    const box = await frame.locator('rect').boundingBox();
    if (box) await page.mouse.move(box.x + Math.min(3, box.width / 2), box.y + box.height / 2);
    return page.locator('.d3-flame-graph-tip').textContent();
  };

  const library = tempLibrary();
  const ids: Record<'hello' | 'log', string> = { hello: '', log: '' };
  let web: WebMode;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  const shot = (name: string) => page.screenshot({ path: path.join(artifacts, name) });
  const row = (id: string) => page.locator(`[data-testid="library-row"][data-id="${id}"]`);
  const screen = () => page.getByTestId('compare-screen');

  beforeAll(async () => {
    for (const route of ['hello', 'log'] as const) {
      const r = await runFlambe(['record', '--launch', demoScript, '--url', `/${route}`, '-d', '2', '-c', '4', '--warmup', '1', '--json', '--save', '--name', `${route} run`, '--library', library], { timeoutMs: 90_000 });
      if (r.code !== 0) throw new Error(r.stderr);
      ids[route] = JSON.parse(r.stdout).id;
    }
    web = await startWebMode({ library });
    browser = await launchChromium();
    page = await newPage(browser, { width: 1024, height: 700, errors });
    await page.goto(web.url);
  }, 200_000);
  afterAll(async () => {
    await browser?.close();
    await web?.stop();
  });

  it('makes the older recording A (before) whichever is clicked first, and says first what changed and why', async () => {
    await page.getByTestId('nav-library').click();
    // The list is newest first (log, then hello): clicking down the list picks log first; the older, hello, is A all the same (issue 38).
    await row(ids.log).click();
    await row(ids.hello).click({ modifiers: ['Control'] });
    expect(await page.getByTestId('compare-order').textContent()).toMatch(/^Compare shows hello run as A \(before, the older\) and log run as B \(after\)/);
    await page.getByTestId('compare-button').click();
    await screen().waitFor();
    // The names show once both recordings are read.
    await expect.poll(() => page.getByTestId('compare-side-a').textContent(), { timeout: 20_000 }).toMatch(/hello run/);
    expect(await page.getByTestId('compare-side-b').textContent()).toMatch(/log run/);
    const verdict = page.getByTestId('compare-verdict');
    await verdict.waitFor({ timeout: 30_000 });
    expect(await verdict.textContent()).toMatch(/^B serves .* requests per second/);
    // Where: the function, or the line that builds the console.log call (it counts as logging), quoted.
    expect(await verdict.textContent()).toMatch(/The difference is logging: B spends \d[\d.]*(?: \d{3})* ms of CPU per 1 000 requests on it in (logRoute, server\.js:\d+|`console\.log\(.*` at server\.js:\d+)/);
    // One run each, nothing repeated in the library: no claim.
    expect(await verdict.textContent()).toMatch(/one run each: repeat both to know/);
    // Above the fold at 1024×700.
    const box = (await verdict.boundingBox())!;
    expect(box.y + box.height).toBeLessThan(700);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    expect(page.url()).toMatch(new RegExp(`#/compare/${ids.hello}/${ids.log}$`));
    await shot('compare-verdict-1024x700.png');
    await docShot(page, 'compare');
  });

  it('puts the load side by side with the change and how sure', async () => {
    const load = page.getByTestId('compare-load');
    const first = load.getByTestId('load-row').first();
    expect(await first.textContent()).toMatch(/^Requests\/s[\d ]+[+−][\d ]+[+−][\d. ]+%cannot tell: one run each$/);
    expect(await load.getByTestId('load-row').count()).toBe(10); // 7 load numbers, CPU per 1 000 requests (profile and whole process), event-loop utilisation
    expect(await load.textContent()).toMatch(/CPU per 1 000 requests, in the profile/);
    expect(await load.textContent()).toMatch(/Event loop busy/);
  });

  it('puts where each request’s time went side by side: own code among the parts, with how sure', async () => {
    const table = page.getByTestId('compare-request-time');
    await table.scrollIntoViewIfNeeded();
    const rows = table.getByTestId('request-time-row');
    expect(await rows.first().textContent()).toMatch(/^each request \(mean\)[\d.]+[\d.]+[+−][\d.]+[+−][\d.]+%cannot tell: one run each$/);
    expect(await table.textContent()).toMatch(/own code/);
    await table.screenshot({ path: path.join(artifacts, 'compare-request-time.png') });
  });

  it('colours the differential flamegraph by change, with A’s shape a click away', async () => {
    const flame = screen().getByTestId('diff-flamegraph');
    await flame.locator('svg').waitFor();
    await flame.scrollIntoViewIfNeeded();
    const fills = () => flame.locator('svg rect').evaluateAll((rects) => rects.map((r) => getComputedStyle(r).fill || r.getAttribute('fill') || ''));
    // Red where B spends more, blue where it spends less, orange where new: not all the grey of "unchanged".
    await expect.poll(async () => (await fills()).filter((f) => /rgb/.test(f) && !/220, 220, 220/.test(f)).length, { timeout: 10_000 }).toBeGreaterThan(3);
    expect((await fills()).some((f) => /rgb\(255, \d+, \d+\)/.test(f))).toBe(true);
    await expect.poll(() => flame.textContent(), { timeout: 10_000 }).toMatch(/logRoute/);
    // The tooltip: A, B and the change, per 1 000 requests, in the tables' unit — the legend says the same.
    expect(await screen().locator('.diff-flame .legend').textContent()).toMatch(/Colours: change in CPU ms per 1 000 requests/);
    // Its own frame (g.frame): a bare <g> is the chart's whole group, and hovering its middle lands on whatever frame is there.
    await expect.poll(() => tipOver(flame, 'logRoute'), { timeout: 10_000 }).toMatch(/logRoute[^]*A: [\d.]+ ms of CPU per 1 000 requests[^]*B: [\d.]+ ms of CPU per 1 000 requests[^]*Change: \+/);
    await shot('compare-diff-flamegraph.png');
    await screen().getByTestId('diff-shape-a').click();
    await expect.poll(() => flame.getAttribute('data-shape')).toBe('a');
    // A's shape: the /hello handler is there, logRoute (only in B) is not.
    await expect.poll(() => flame.textContent()).toMatch(/\/hello/);
    expect(await flame.textContent()).not.toMatch(/logRoute/);
    await screen().getByTestId('diff-shape-b').click();
  });

  it('a frame’s colour says what its tooltip says: red +, blue −, in both shapes (issue 38: one sign, B − A)', async () => {
    const flame = screen().getByTestId('diff-flamegraph');
    for (const shape of ['b', 'a'] as const) {
      await screen().getByTestId(`diff-shape-${shape}`).click();
      await expect.poll(() => flame.getAttribute('data-shape')).toBe(shape);
      await page.waitForTimeout(400); // the chart's 200 ms transition to the other shape
      const frames = await readDiffFrames(page, flame);
      expect(frames.length).toBeGreaterThan(0);
      expect(frames.filter((f) => !signAgrees(f))).toEqual([]);
      // Every label reads on its frame, in both themes (the dark one drew near-black names on near-black blue).
      for (const scheme of ['dark', 'light'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        expect(await unreadableLabels(flame), `${shape}'s shape, ${scheme}`).toEqual([]);
      }
    }
    await page.mouse.move(0, 0);
    await screen().getByTestId('diff-shape-b').click();
  });

  it('answers "did B allocate less?" like CPU, and draws the flamegraph in bytes allocated per request at a click (issue 22 item 6)', async () => {
    const total = screen().getByTestId('allocation-total');
    await total.scrollIntoViewIfNeeded();
    // One run each: the bytes of A and B and the change, and no claim.
    await expect.poll(() => total.textContent()).toMatch(/^Allocated per request \(every thread\)[\d.]+ (?:B|KiB|MiB)[\d.]+ (?:B|KiB|MiB)[-+−]?[\d.]+ (?:B|KiB|MiB).*cannot tell: one run each$/);
    expect(await screen().getByTestId('allocation-row').count()).toBeGreaterThan(0);
    await screen().getByTestId('compare-allocations').screenshot({ path: path.join(artifacts, 'compare-allocations.png') });
    const flame = screen().getByTestId('diff-flamegraph');
    await screen().getByTestId('diff-measure-alloc').click();
    await expect.poll(() => flame.getAttribute('data-measure')).toBe('alloc');
    await expect.poll(() => screen().locator('.diff-flame .legend').textContent()).toMatch(/B allocates more.*Colours: change in bytes allocated per request/);
    const fills = () => flame.locator('svg rect').evaluateAll((rects) => rects.map((r) => getComputedStyle(r).fill || r.getAttribute('fill') || ''));
    await expect.poll(async () => (await fills()).filter((f) => /rgb/.test(f) && !/220, 220, 220/.test(f)).length, { timeout: 10_000 }).toBeGreaterThan(3);
    // logRoute builds the log lines: it allocates in B only.
    await expect.poll(() => flame.textContent(), { timeout: 10_000 }).toMatch(/logRoute/);
    // Its own frame (g.frame): a bare <g> is the chart's whole group, and hovering its middle lands on whatever frame is there.
    // Over the whole process's frame (logRoute itself may allocate nothing of its own in a run: its callees do).
    await expect.poll(() => tipOver(flame, null), { timeout: 10_000 }).toMatch(/A: [\d.]+ (?:B|KiB|MiB) allocated per request[^]*B: [\d.]+ (?:B|KiB|MiB) allocated per request[^]*Change: /);
    await flame.scrollIntoViewIfNeeded();
    await shot('compare-alloc-flamegraph.png');
    await screen().getByTestId('diff-measure-cpu').click();
    await expect.poll(() => flame.getAttribute('data-measure')).toBe('cpu');
  });

  it('lists what changed, largest first; a row lights up in the flamegraph and shows its lines in A and B', async () => {
    const table = screen().getByTestId('changes-functions');
    await table.scrollIntoViewIfNeeded();
    const rows = table.getByTestId('change-row');
    expect(await rows.count()).toBeGreaterThan(5);
    // In CPU per 1 000 requests idle has no row (issue 38: "(idle)" read 300 → 25 257), and V8's own work says what it is.
    const names = await rows.locator('.fn-name').allTextContents();
    expect(names).not.toContain('(idle)');
    const program = rows.filter({ has: page.locator('.fn-name', { hasText: /^\(program\)$/ }) }).first();
    if (await program.count()) {
      expect(await program.textContent()).toMatch(/not a function — V8 and Node busy outside any JavaScript function/);
      await program.getByTestId('explain-program').waitFor();
      await program.scrollIntoViewIfNeeded();
      await shot('compare-functions-program.png');
    }
    const logRoute = rows.filter({ hasText: 'logRoute' }).first();
    expect(await logRoute.getAttribute('data-status')).toBe('new');
    await logRoute.click();
    const flame = screen().getByTestId('diff-flamegraph');
    await expect.poll(() => flame.locator('svg rect').evaluateAll((rects) => rects.filter((r) => /230, 0, 230|e600e6/i.test(getComputedStyle(r).fill)).length), { timeout: 10_000 }).toBeGreaterThan(0);
    const lines = screen().getByTestId('hot-lines-ab');
    await lines.waitFor();
    expect(await lines.textContent()).toMatch(/B logRoute’s own time, by line.*line \d+/);
    await lines.scrollIntoViewIfNeeded();
    await shot('compare-hot-lines.png');
    await table.getByTestId('changes-filter').fill('new');
    await expect.poll(async () => (await rows.evaluateAll((rs) => rs.map((r) => r.getAttribute('data-status')))).every((s) => s === 'new')).toBe(true);
    await table.getByTestId('changes-filter').fill('');
    await screen().getByTestId('changes-tab-buckets').click();
    expect(await screen().getByTestId('changes-buckets').getByTestId('change-row').first().textContent()).toMatch(/^logging/);
    await shot('compare-tables.png');
  });

  it('swaps A and B', async () => {
    await screen().getByTestId('compare-swap').click();
    await expect.poll(() => page.getByTestId('compare-side-a').textContent()).toMatch(/log run/);
    await expect.poll(() => page.getByTestId('compare-verdict').textContent(), { timeout: 30_000 }).toMatch(/The difference is logging: A spent \d[\d.]*(?: \d{3})* ms of CPU per 1 000 requests on it/);
    expect(page.url()).toMatch(new RegExp(`#/compare/${ids.log}/${ids.hello}$`));
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot('compare-swapped.png');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot('compare-swapped-dark.png');
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('opens the same comparison from its address after a reload', async () => {
    await page.reload();
    await page.getByTestId('compare-verdict').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('compare-side-a').textContent()).toMatch(/log run/);
  });

  it('exports the verdict and tables as one HTML file, from its one HTML export button', async () => {
    // One HTML export (the report, as `flambe report A B`): there were two side by side.
    expect(await page.getByRole('button', { name: /HTML/ }).count()).toBe(1);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('compare-report-html').click()]);
    const file = await download.path();
    const html = readFileSync(file!, 'utf8');
    expect(download.suggestedFilename()).toMatch(/^log-run.*\.html$/);
    expect(html).toMatch(/<p>(A|B) serves/);
    expect(html).toMatch(/Kinds of work/);
    expect(html).toMatch(/<td[^>]*>logging<\/td>/);
  });

  it('compares a recording with another through "Compare with…"', async () => {
    await page.getByTestId('nav-library').click();
    await row(ids.log).dblclick();
    await page.getByTestId('compare-with-button').click();
    await page.getByTestId('compare-with').waitFor();
    await row(ids.hello).click();
    await page.getByTestId('compare-with-go').click();
    await page.getByTestId('compare-verdict').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('compare-side-a').textContent()).toMatch(/log run/);
    expect(await page.getByTestId('compare-side-b').textContent()).toMatch(/hello run/);
  });

  it('compares two files dropped on the Compare screen, the first as A', async () => {
    const a = (await runFlambe(['library', 'export', ids.hello, '--bundle', '--out', path.join(path.dirname(library), 'hello.flambe'), '--library', library]));
    expect(a.code).toBe(0);
    const helloText = readFileSync(path.join(path.dirname(library), 'hello.flambe'), 'utf8');
    const profileText = JSON.stringify(JSON.parse(helloText).recording.profile);
    await page.evaluate(([bundle, profile]) => {
      const dt = new DataTransfer();
      dt.items.add(new File([profile], 'plain.cpuprofile', { type: 'application/json' }));
      dt.items.add(new File([bundle], 'hello.flambe', { type: 'application/json' }));
      window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    }, [helloText, profileText]);
    await expect.poll(() => page.getByTestId('compare-side-a').textContent(), { timeout: 20_000 }).toMatch(/plain/);
    await page.getByTestId('compare-verdict').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('compare-warnings').textContent()).toMatch(/A has no load numbers/);
    expect(errors).toEqual([]);
  });
});
