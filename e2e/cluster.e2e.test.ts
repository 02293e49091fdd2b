// A node:cluster server in the browser (issue 34): launched and recorded from
// the UI, its two workers recorded beside the primary. The result says who
// served how many; the process picker beside the thread picker opens a
// worker's own flamegraph (where hashPayload runs) and every process merged.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { artifacts, browserSession, hasChromium, repo, waitForLaunchedTarget } from './helpers.ts';

const title = hasChromium ? 'a node:cluster server in the browser' : 'a node:cluster server (skipped: no Chromium at /usr/bin/chromium)';

describe.skipIf(!hasChromium || process.platform !== 'linux')(title, () => {
  const session = browserSession({ width: 1024, height: 700 });

  it('records every worker: who served how many, a process picker, a worker\'s own flamegraph', async () => {
    const { page, web } = session;
    await page.goto(web.url);
    await page.getByTestId('launch-script-input').fill(path.join(repo, 'test/fixtures/child-processes/cluster-free-port.cjs'));
    await page.getByTestId('launch-button').click();
    await waitForLaunchedTarget(page);
    await page.getByTestId('duration-input').fill('2');
    await page.getByTestId('warmup-input').fill('0');
    await page.getByTestId('record-button').click();
    await page.getByTestId('result-screen').waitFor({ timeout: 90_000 });

    const served = page.getByTestId('served-by');
    await served.waitFor({ timeout: 30_000 });
    expect(await served.textContent()).toMatch(/^[\d\u202f ]+ requests served by 2 cluster workers \(pid \d+: [\d\u202f ]+, pid \d+: [\d\u202f ]+\); the primary served none\.$/);
    const pids = [...(await served.textContent())!.matchAll(/pid (\d+)/g)].map((m) => m[1]);

    const processes = page.getByTestId('process-select');
    const options = await processes.locator('option').allTextContents();
    expect(options).toEqual([expect.stringMatching(/^process \d+ \(primary\)$/), `process ${pids[0]} (cluster worker)`, `process ${pids[1]} (cluster worker)`, 'all 3 processes, merged']);
    // One thread in each process: no thread picker beside it.
    expect(await page.getByTestId('thread-select').count()).toBe(0);

    const flame = page.getByTestId('flamegraph');
    await processes.selectOption({ index: 1 });
    await flame.locator('svg').first().waitFor();
    // The worker parses HTTP (the primary only hands it connections); its busiest function of the user's own is hashPayload.
    await expect.poll(() => flame.textContent(), { timeout: 15_000 }).toContain('parserOnHeadersComplete');
    await page.getByTestId('tab-bottom-up').click();
    const rows = page.getByTestId('bottom-up-table').getByTestId('table-row');
    await rows.first().waitFor();
    // Found by name (the table is virtualized: a row far down is not in the page).
    await page.getByTestId('table-search').first().fill('hashPayload');
    await expect.poll(() => rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-name'))), { timeout: 10_000 }).toContain('hashPayload');
    await page.getByTestId('table-search').first().fill('');
    await page.getByTestId('tab-flamegraph').click();
    await page.evaluate(() => document.querySelector('[data-testid="served-by"]')!.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: path.join(artifacts, 'cluster-worker.png') });

    await processes.selectOption({ index: 3 });
    await expect.poll(() => flame.textContent(), { timeout: 15_000 }).toContain(`[process ${pids[1]} (cluster worker)]`);
    expect(await flame.textContent()).toContain('[main thread]');
    // The verdict names the workers' hot function once, for both.
    const verdict = page.getByTestId('verdict');
    await expect.poll(() => verdict.textContent(), { timeout: 15_000 }).toContain('hashPayload');
    expect(await verdict.textContent()).toContain(`2 cluster workers (pid ${pids.join(', ')})`);
    await page.screenshot({ path: path.join(artifacts, 'cluster-merged.png') });
  });

});

// A page of its own: the test above leaves its cluster as the Record screen's target (no launch form then).
describe.skipIf(!hasChromium || process.platform !== 'linux')(`${title}: memory`, () => {
  const session = browserSession({ width: 1024, height: 700 });

  it('says the Memory card cannot tell where the requests ran, for workers that keep every session', async () => {
    const { page, web } = session;
    await page.goto(web.url);
    await page.getByTestId('launch-script-input').fill(path.join(repo, 'test/fixtures/child-processes/cluster-sessions.cjs'));
    await page.getByTestId('launch-button').click();
    await waitForLaunchedTarget(page);
    const base = new URL(await page.getByTestId('url-input').inputValue());
    await page.getByTestId('url-input').fill(`${base.origin}/login`);
    await page.getByTestId('duration-input').fill('4');
    await page.getByTestId('warmup-input').fill('0');
    await page.getByTestId('record-button').click();
    await page.getByTestId('result-screen').waitFor({ timeout: 90_000 });
    const growth = page.getByTestId('memory-card').getByTestId('memory-growth');
    await growth.waitFor({ timeout: 30_000 });
    // The primary's own memory did not grow: that is not said as the server's.
    await expect.poll(() => growth.textContent(), { timeout: 15_000 }).toMatch(/^Cannot tell whether memory grows where the requests ran: the 2 cluster workers that served them \(pid \d+, \d+\) have heaps of their own/);
    await growth.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(artifacts, 'cluster-memory.png') });
  });
});
