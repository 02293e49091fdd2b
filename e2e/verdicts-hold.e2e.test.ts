// Verdicts that hold (issue 23), in the browser: a server hashing in a worker
// pool gets its verdict from the worker (named, with advice for code already
// in a worker) and not "the load did not stress it"; a burst of 404s leads
// with the failing responses. Screenshots of the first screenful in e2e/artifacts/.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { artifacts, browserSession, hasChromium, repo, waitForLaunchedTarget } from './helpers.ts';

const title = hasChromium ? 'verdicts that hold' : 'verdicts that hold (skipped: no Chromium at /usr/bin/chromium)';

/** A browser on a fresh web server each: one launched target per session. */
function recorder(session: ReturnType<typeof browserSession>) {
  return async (script: string, route: string, connections: number) => {
    const { page, web } = session;
    await page.goto(web.url);
    await page.getByTestId('launch-script-input').fill(script);
    await page.getByTestId('launch-button').click();
    await waitForLaunchedTarget(page);
    const base = new URL(await page.getByTestId('url-input').inputValue());
    await page.getByTestId('url-input').fill(`${base.origin}${route}`);
    await page.getByTestId('connections-input').fill(String(connections));
    await page.getByTestId('duration-input').fill('3');
    await page.getByTestId('warmup-input').fill('1');
    await page.getByTestId('record-button').click();
    await page.getByTestId('result-screen').waitFor({ timeout: 60_000 });
    await page.getByTestId('verdict').getByTestId('verdict-finding').or(page.getByTestId('verdict-spread')).first().waitFor({ timeout: 30_000 });
  };
}

describe.skipIf(!hasChromium)(`${title}: worker threads`, () => {
  const session = browserSession({ width: 1440, height: 900 });
  const record = recorder(session);

  it('a worker pool: the first finding is the hashing, on its worker, and the server is not called idle', async () => {
    // One worker for eight connections: the pool is saturated (the fixture reads POOL_SIZE).
    const dir = mkdtempSync(path.join(tmpdir(), 'flambe-pool-'));
    const script = path.join(dir, 'one-worker.cjs');
    writeFileSync(script, `process.env.POOL_SIZE = '1';\nrequire(${JSON.stringify(path.join(repo, 'test/fixtures/worker-pool/server.cjs'))});\n`);
    await record(script, '/', 8);
    const { page } = session;
    const first = page.getByTestId('verdict-finding').first();
    expect(await first.getAttribute('data-kind')).toBe('crypto');
    expect(await first.getAttribute('data-function')).toBe('hashRounds');
    expect(await first.textContent()).toMatch(/^On worker 1 \(hash-worker\.cjs\), synchronous crypto takes/);
    expect(await first.textContent()).toMatch(/This runs in a worker thread/);
    const verdict = (await page.getByTestId('verdict').textContent()) ?? '';
    expect(verdict).not.toMatch(/did not stress it|or a worker thread/);
    await page.screenshot({ path: path.join(artifacts, 'verdict-worker-pool.png') });
    // The profile opens on the culprit's thread by itself, and says so: no hidden picker to find half a page down.
    await page.getByTestId('thread-opened-note').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('thread-opened-note').textContent()).toBe('Showing worker 1 (hash-worker.cjs): the verdict’s first finding runs there, not on the main thread. Choose another thread below.');
    expect(await page.getByTestId('thread-select').inputValue()).toBe('1');
    expect(await page.locator('#profile-heading').textContent()).toBe('CPU profile — worker 1 (hash-worker.cjs)');
    // On its own thread the finding leads to its function in the profile.
    await page.getByTestId('verdict-location').first().waitFor({ timeout: 30_000 });
    await page.getByTestId('verdict-location').first().click();
    await page.locator('#profile-heading').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(artifacts, 'verdict-worker-pool-profile.png') });
    // Back on the main thread, the worker's finding offers to open its thread again.
    await page.getByTestId('thread-select').selectOption('0');
    await page.getByTestId('verdict-open-thread').first().waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('verdict-open-thread').first().textContent()).toBe('Open worker 1 (hash-worker.cjs)’s profile');
    await page.getByTestId('verdict-open-thread').first().click();
    await expect.poll(() => page.getByTestId('thread-select').inputValue(), { timeout: 30_000 }).toBe('1');
  });
});

describe.skipIf(!hasChromium)(`${title}: failing requests`, () => {
  const session = browserSession({ width: 1440, height: 900 });
  const record = recorder(session);

  it('a burst of 404s leads with the failing responses', async () => {
    await record(path.join(repo, 'test/fixtures/planted-server/server.cjs'), '/no-such-route', 4);
    const { page } = session;
    const lead = page.getByTestId('verdict-lead');
    expect(await lead.getAttribute('data-id')).toBe('failing');
    expect(await lead.textContent()).toMatch(/^All [\d ]+ responses were 404 \(Not Found\): the server has no route for that URL/);
    expect((await page.getByTestId('verdict').textContent()) ?? '').not.toMatch(/more connections|did not stress it/);
    await page.screenshot({ path: path.join(artifacts, 'verdict-all-404.png') });
  });
});
