// The Memory card and the growth finding in the browser (issue 22): a price
// cache that never evicts is recorded with "find what grows" (through the CLI,
// into a library of the test's own), then opened on the result screen: the
// verdict says first that memory grows and what holds it, the GC finding names
// who allocates, and the Memory card shows what grows (the Map and its line),
// the table of functions by bytes and the allocation flamegraph. A steady
// server's card says memory did not grow, from what Flambé's full collections
// before and after the burst left. A .heapprofile imported in the Library opens
// in the Memory card; a worker pool's card picks the thread whose allocations
// it shows. Screenshots in e2e/artifacts/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { artifacts, hasChromium, launchChromium, newPage, repo, startWebMode, tempLibrary, type WebMode } from './helpers.ts';
import { runFlambe } from '../test/helpers/demo.ts';

const title = hasChromium ? 'the Memory view' : 'the Memory view (skipped: no Chromium at /usr/bin/chromium — apt-get install chromium)';

describe.skipIf(!hasChromium)(title, () => {
  const library = tempLibrary();
  const errors: string[] = [];
  const ids: Record<string, string> = {};
  let web: WebMode;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    // 5 s is enough: Flambé's full collections before, halfway through and after the burst say what was kept (shared/memory/growth.ts rule 4).
    const runs = [['price-cache.mjs', ['--url', '/?sku=abc', '--find-growth']], ['steady.js', []], ['invoice-pool.mjs', []]] as const;
    for (const [name, extra] of runs) {
      const r = await runFlambe(['record', '--launch', path.join(repo, `test/fixtures/memory-servers/${name}`), '-d', '5', '-c', '4', '--warmup', '1', '--json', '--save', '--library', library, ...extra], { timeoutMs: 120_000 });
      expect(r.code).toBe(0);
      ids[name] = JSON.parse(r.stdout).id;
    }
    web = await startWebMode({ library });
    browser = await launchChromium();
    page = await newPage(browser, { width: 1440, height: 900, errors });
  });
  afterAll(async () => {
    await browser?.close();
    await web?.stop();
  });

  const open = async (id: string) => {
    await page.goto(new URL(`#/recordings/${id}`, web.url).href);
    await page.getByTestId('result-screen').waitFor({ timeout: 30_000 });
  };

  it('a price cache that never evicts: "Memory grows" first in the verdict with what holds it, then what grows and the allocations', async () => {
    await page.goto(web.url);
    await open(ids['price-cache.mjs']);
    const growth = page.getByTestId('verdict-memory-growth');
    await growth.waitFor({ timeout: 30_000 });
    expect(await growth.textContent()).toMatch(/^Memory grows by [\d.]+ MiB\/(s|min): the JS heap \(after GC\) \+[\d.]+ MiB\/(s|min) \([\d.]+ MiB → [\d.]+ MiB → [\d.]+ MiB, what a full garbage collection left before, halfway through and after the burst\) while external memory is flat/);
    // Find what grows names the Map and the line it is declared on.
    expect(await growth.textContent()).toMatch(/Between two heap snapshots [\d.]+ s apart under load, the process gained [\d ]+ Objects \(\+[\d.]+ (KiB|MiB)\) held by `cache` \(a Map\) in price-cache\.mjs:4/);
    await page.screenshot({ path: path.join(artifacts, 'memory-verdict.png') });
    const allocates = page.getByTestId('verdict-allocates');
    if (await allocates.count()) expect(await allocates.first().textContent()).toMatch(/allocates [\d.]+ (B|KiB|MiB) per request/);

    const card = page.getByTestId('memory-card');
    expect(await growth.textContent()).toContain(await card.getByTestId('memory-growth').textContent());
    const grows = card.getByTestId('growing-table');
    await grows.scrollIntoViewIfNeeded();
    const first = await grows.locator('tbody tr').first().locator('td').allTextContents();
    expect(first[0]).toBe('Objects');
    expect(first[3]).toBe('`cache` (a Map) in price-cache.mjs:4');
    await card.getByTestId('memory-growing').screenshot({ path: path.join(artifacts, 'memory-growing.png') });
    const table = card.getByTestId('allocations-table');
    await table.waitFor({ timeout: 30_000 });
    // The function of yours that allocates most is priceFor in price-cache.mjs.
    const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    const mine = rows.find((r) => /^price-cache\.mjs:\d+$/.test(r[1] ?? ''));
    expect(mine).toBeTruthy();
    // Grouped from 1 000 on ("1 012 B"), as every number is (shared/number-format.ts).
    expect(mine![3]).toMatch(/^[\d.\u202f\u00a0 ]+ (B|KiB)$/);
    // The allocation flamegraph is drawn when opened (the CPU flamegraph is the page's one flamegraph until then).
    await card.getByTestId('allocation-flame').locator('summary').click();
    await card.getByTestId('flamegraph').locator('g').first().waitFor({ timeout: 30_000 });
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: path.join(artifacts, 'memory-card.png') });
    // The allocation flamegraph searches like the CPU one, in bytes.
    await card.getByRole('searchbox').or(card.locator('input[type="search"]')).first().fill('priceFor');
    await expect.poll(() => card.getByTestId('flamegraph-matches').textContent(), { timeout: 10_000 }).toMatch(/match(es)? · [\d.]+% of the bytes$/);
  });

  it('a .heapprofile from node --heap-prof, imported in the Library: its Memory card, and the CPU card says what it is', async () => {
    await page.getByTestId('nav-library').click();
    const file = path.join(repo, 'test/fixtures/profiles/node24-heap-prof.heapprofile');
    await page.getByTestId('import-input').setInputFiles(file);
    const row = page.getByTestId('library-row').filter({ hasText: 'node24-heap-prof' });
    await row.waitFor({ timeout: 30_000 });
    await open((await row.getAttribute('data-id'))!);
    const card = page.getByTestId('memory-card');
    const table = card.getByTestId('allocations-table');
    await table.waitFor({ timeout: 30_000 });
    // The fixture's buildRows makes 200 arrays of 1 000 numbers per call: it allocates nearly everything.
    expect(await table.locator('tbody tr').first().locator('td').first().textContent()).toBe('buildRows');
    // Its sampling is the file's, not Flambé's 512 KiB: the note says so (node --heap-prof keeps only what was alive).
    expect(await card.getByTestId('allocations-total').textContent()).toMatch(/^[\d.]+ MiB allocated on the JS heap while profiling \(from the imported file: /);
    await expect.poll(() => page.getByRole('region', { name: 'CPU profile' }).or(page.locator('section[aria-labelledby="profile-heading"]')).first().textContent(), { timeout: 30_000 })
      .toContain('This is an allocation profile (.heapprofile: the bytes each function allocated), not a CPU profile');
    await card.getByTestId('allocation-flame').locator('summary').click();
    await card.getByTestId('flamegraph').locator('g').first().waitFor({ timeout: 30_000 });
    // Its legend counts bytes, not time (it read "Own time (self, without callees)").
    expect(await card.locator('.legend-title').first().textContent()).toBe('Own bytes (allocated by the function itself, not its callees):');
    await page.screenshot({ path: path.join(artifacts, 'memory-heapprofile-import.png'), fullPage: true });
  });

  it('a worker pool: the Memory card picks the thread, and the worker\'s own allocations are its table', async () => {
    await open(ids['invoice-pool.mjs']);
    const card = page.getByTestId('memory-card');
    const picker = card.getByTestId('allocation-thread-select');
    await picker.waitFor({ timeout: 30_000 });
    const options = await picker.locator('option').allTextContents();
    expect(options[0]).toBe('main thread');
    const worker = options.find((o) => /invoice-worker\.mjs/.test(o))!;
    expect(worker).toBeTruthy();
    await picker.selectOption({ label: worker });
    const table = card.getByTestId('allocations-table');
    // The worker builds 2 000 invoice lines per request: its own code allocates nearly everything on its heap.
    await expect.poll(() => table.locator('tbody tr').first().locator('td').nth(1).textContent(), { timeout: 30_000 }).toMatch(/^invoice-worker\.mjs:\d+$/);
    // The growth verdict reads the main thread's heap only (process.memoryUsage): the card says so.
    expect(await card.textContent()).toContain('The JS heap here is the main thread\'s: worker threads have heaps of their own');
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: path.join(artifacts, 'memory-worker-thread.png') });
  });

  it('a steady server: no memory alarm, and the card says so', async () => {
    await open(ids['steady.js']);
    await page.getByTestId('verdict').getByTestId('verdict-finding').or(page.getByTestId('verdict-spread')).first().waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('verdict-memory-growth').count()).toBe(0);
    expect(await page.getByTestId('memory-card').getByTestId('memory-growth').textContent()).toMatch(/^Memory did not grow over the \d+ s burst: after a full garbage collection before and after it, the JS heap held/);
    // The Record screen offers find what grows, and says it pauses the process.
    await page.getByTestId('nav-record').click();
    const findGrowth = page.getByTestId('find-growth-input').locator('xpath=..');
    expect(await findGrowth.textContent()).toMatch(/Find what grows.*Each snapshot pauses the process/);
    expect(errors).toEqual([]);
  });
});
