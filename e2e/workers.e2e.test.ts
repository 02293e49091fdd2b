// Worker threads in the browser: a server hashing in a pool of two workers,
// launched and recorded from the UI; the thread picker shows a worker's own
// flamegraph (where the hashing is) and all threads merged; the chosen worker
// exports as a .cpuprofile of its own, and the Library's trace export holds
// every thread.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importProfile, importThreads } from '../shared/profile/index.ts';
import { artifacts, browserSession, hasChromium, repo, waitForLaunchedTarget } from './helpers.ts';

const title = hasChromium ? 'worker threads in the browser' : 'worker threads (skipped: no Chromium at /usr/bin/chromium)';

describe.skipIf(!hasChromium)(title, () => {
  const session = browserSession({ width: 1024, height: 700 });

  it('picks a worker thread and the merged view', async () => {
    const { page, web } = session;
    // What the page asks the service for: the recording's profile is fetched once, whatever thread is shown.
    const calls: string[] = [];
    page.on('request', (r) => { const m = /\/api\/(\w+)/.exec(new URL(r.url()).pathname); if (m) calls.push(m[1]); });
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
    // Merged, the threads' profiles are added one after another, not on one clock: no timeline, and it says why.
    await page.getByTestId('merged-note').waitFor();
    expect(await page.getByTestId('timeline').count()).toBe(0);
    await select.selectOption({ index: 0 });
    await expect.poll(() => flame.textContent(), { timeout: 10_000 }).not.toContain('[main thread]');
    await select.selectOption({ index: 3 });
    await expect.poll(() => flame.textContent(), { timeout: 10_000 }).toContain('[main thread]');
    // One getProfile for the recording (the thread views and the allocation profile share it); the event carried the rest.
    expect(calls.filter((c) => c === 'getProfile')).toHaveLength(1);
    expect(calls.filter((c) => c === 'getRecording')).toHaveLength(0);
    await page.evaluate(() => document.querySelector('[data-testid="thread-select"]')!.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: path.join(artifacts, 'workers-merged.png') });

    // The chosen worker alone, as a file any tool reads as that worker.
    await select.selectOption({ index: 2 });
    const [one] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-thread-button').click()]);
    expect(one.suggestedFilename()).toMatch(/-thread-2\.cpuprofile$/);
    const worker = importProfile(readFileSync((await one.path())!, 'utf8'));
    expect(worker.frames.some((f) => f.name === 'hashRounds')).toBe(true);
    expect(worker.frames.some((f) => f.name === '[main thread]')).toBe(false);
    await page.getByRole('status').filter({ hasText: /Saved .*-thread-2\.cpuprofile/ }).waitFor();
    await expect.poll(() => flame.textContent(), { timeout: 10_000 }).toContain('hashRounds');
    await page.screenshot({ path: path.join(artifacts, 'workers-export-thread.png') });

    // Every thread at once: the Library's trace export.
    await page.getByTestId('nav-library').click();
    await page.getByTestId('library-row').first().click();
    const [trace] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-trace-button').click()]);
    expect(trace.suggestedFilename()).toMatch(/\.trace\.json$/);
    const threads = importThreads(readFileSync((await trace.path())!, 'utf8')).threads;
    expect(threads.map((t) => t.name)).toEqual(options.slice(0, 3));
    await page.screenshot({ path: path.join(artifacts, 'workers-library-export.png') });
  });
});
