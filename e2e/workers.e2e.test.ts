// Worker threads in the browser: a server hashing in a pool of two workers,
// launched and recorded from the UI; the thread picker shows a worker's own
// flamegraph (where the hashing is) and all threads merged.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { artifacts, browserSession, hasChromium, repo, waitForLaunchedTarget } from './helpers.ts';

const title = hasChromium ? 'worker threads in the browser' : 'worker threads (skipped: no Chromium at /usr/bin/chromium)';

describe.skipIf(!hasChromium)(title, () => {
  const session = browserSession({ width: 1024, height: 700 });

  it('picks a worker thread and the merged view', async () => {
    const { page, web } = session;
    await page.goto(web.url);
    await page.getByTestId('launch-script-input').fill(path.join(repo, 'test/fixtures/worker-pool/server.cjs'));
    await page.getByTestId('launch-button').click();
    await waitForLaunchedTarget(page);
    await page.getByTestId('duration-input').fill('3');
    await page.getByTestId('warmup-input').fill('1');
    await page.getByTestId('record-button').click();
    await page.getByTestId('result-screen').waitFor({ timeout: 60_000 });
    const select = page.getByTestId('thread-select');
    await select.waitFor();
    const options = await select.locator('option').allTextContents();
    expect(options).toEqual(['main thread', expect.stringMatching(/^worker \d+ \(hash-worker\.cjs\)$/), expect.stringMatching(/^worker \d+ \(hash-worker\.cjs\)$/), 'all 3 threads, merged']);
    const flame = page.getByTestId('flamegraph');
    await select.selectOption({ index: 1 });
    await flame.locator('svg').first().waitFor();
    await expect.poll(() => flame.textContent(), { timeout: 10_000 }).toContain('hashRounds');
    await select.selectOption({ index: 3 });
    await expect.poll(() => flame.textContent(), { timeout: 10_000 }).toContain('[main thread]');
    expect(await flame.textContent()).toContain('hashRounds');
    await page.evaluate(() => document.querySelector('[data-testid="thread-select"]')!.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: path.join(artifacts, 'workers-merged.png') });
  });
});
