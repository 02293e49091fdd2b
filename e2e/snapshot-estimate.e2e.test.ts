// Issue 32, item 5, on the Record screen: ticking "Find what grows" says,
// before the user presses Record, how long each heap snapshot will pause this
// server and how much memory it needs (V8 cannot stop one once begun) — read
// from the launched server's heap in use, not a fixed text. Screenshot in e2e/artifacts/.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { artifacts, browserSession, hasChromium, repo, waitForLaunchedTarget } from './helpers.ts';

const title = hasChromium ? 'what a heap snapshot will cost, said beside Find what grows' : 'what a heap snapshot will cost (skipped: no Chromium at /usr/bin/chromium)';

describe.skipIf(!hasChromium)(title, () => {
  const session = browserSession({ width: 1440, height: 900 });

  it('says the pause and the memory for this server before Record is pressed', async () => {
    const { page, web } = session;
    await page.goto(web.url);
    await page.getByTestId('launch-script-input').fill(path.join(repo, 'test/fixtures/memory-servers/steady.js'));
    await page.getByTestId('launch-button').click();
    await waitForLaunchedTarget(page);
    await expect.poll(() => page.getByTestId('snapshot-estimate').count()).toBe(0);
    await page.getByTestId('find-growth-input').check();
    const said = page.getByTestId('snapshot-estimate');
    await expect.poll(async () => (await said.textContent()) ?? '', { timeout: 20_000 })
      .toMatch(/^Each heap snapshot will pause this server \([\d.]+ MiB of JS heap in use\) for (under 1 s|about \d+–\d+ s) on this computer.* and needs about [\d.]+ MiB–[\d.]+ MiB more memory while it is taken \(it uses [\d.]+ MiB now\)\. V8 cannot stop a snapshot once it has begun/);
    // A small server's pause is not over a minute: nothing more to confirm.
    expect(await page.getByTestId('long-pause-input').count()).toBe(0);
    await said.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(artifacts, 'record-snapshot-estimate.png') });
    await page.getByTestId('find-growth-input').uncheck();
    expect(await said.count()).toBe(0);
  });
});
