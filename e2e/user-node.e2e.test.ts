// The user's own Node (issue 38), in Chromium: the Record screen says which
// Node a launched script will run on — the one the user's terminal runs, though
// browser mode runs here under npx, which puts Flambé's own Node first on PATH
// as `npm start` does — offers Flambé's own, and the target and the result then
// name the Node that ran (its version and its program); the inspector's own lines in its
// console are muted, not red. Screenshots in e2e/artifacts/.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findNodePrograms, TARGET_NODE_ENV } from '../electron/services/targets/node-programs.ts';
import { artifacts, browserSession, hasChromium, waitForLaunchedTarget } from './helpers.ts';

const title = hasChromium ? 'the user’s own Node in browser mode' : 'the user’s own Node in browser mode (skipped: no Chromium at /usr/bin/chromium)';

describe.skipIf(!hasChromium)(title, () => {
  const errors: string[] = [];
  // Not the suite's FLAMBE_TARGET_NODE (vitest.config.ts): this page shows the default a user gets.
  const session = browserSession({ width: 1280, height: 800, errors, env: { [TARGET_NODE_ENV]: '' } });
  const script = path.join(mkdtempSync(path.join(tmpdir(), 'flambe-e2e-node-')), 'server.js');
  writeFileSync(script, `require('http').createServer((q, r) => r.end('ok')).listen(0, '127.0.0.1');`);

  it('says which Node will run the script — the terminal’s, though npx put Flambé’s own first on PATH — offers the other, and the target and the result name the one that ran', async () => {
    const { page, web } = session;
    // The truth, found apart from the page: the same search the service makes, from this process's PATH.
    const found = await findNodePrograms({ env: { ...process.env, [TARGET_NODE_ENV]: '' } });
    await page.goto(web.url);
    const line = page.getByTestId('launch-node-line');
    await expect.poll(() => line.textContent(), { timeout: 20_000 }).toMatch(/^(Runs on|No |The default)/);
    const run = found.runs!;
    const yours = found.yours;
    // The default is the terminal's whenever one was found (here /usr/bin/node), not the Node 24 npx put first on PATH.
    if (yours) expect(run).toEqual(yours);
    const own = found.programs.find((p) => p.flambes && p.realPath !== run.realPath);
    if (!run.flambes) {
      expect(await line.textContent()).toContain(`Runs on Node ${run.version} (${run.path}), from `);
      if (own) expect(await page.getByTestId('use-your-node').textContent()).toBe(`Use Flambé’s own Node ${own.version}`);
    } else {
      expect(await line.textContent()).toContain(`Runs on ${run.path} (${run.version}), Flambé’s own Node.`);
    }
    await page.screenshot({ path: path.join(artifacts, 'user-node-record-1280.png') });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: path.join(artifacts, 'user-node-record-1280-dark.png') });
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.screenshot({ path: path.join(artifacts, 'user-node-record-1024-dark.png') });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.screenshot({ path: path.join(artifacts, 'user-node-record-1024.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    if (own) {
      // The offer fills the Node box with Flambé's own, and the line follows; cleared, the default is back.
      await page.getByTestId('use-your-node').click();
      expect(await page.getByTestId('launch-node-input').inputValue()).toBe(own.path);
      expect(await line.textContent()).toBe(`Runs on ${own.path} (${own.version}).`);
      const more = page.locator('details.more', { has: page.getByTestId('launch-node-input') });
      if (!(await more.evaluate((d) => (d as HTMLDetailsElement).open))) await more.locator('summary').click();
      await page.getByTestId('launch-node-input').fill('');
      expect(await line.textContent()).toContain(`Runs on Node ${run.version} (${run.path})`);
    }
    const expected = run;
    await page.getByTestId('launch-script-input').fill(script);
    await page.getByTestId('launch-button').click();
    await waitForLaunchedTarget(page);
    expect(await page.getByTestId('target-node-version').textContent()).toBe(`${expected.version} ${expected.realPath}`);
    // The inspector's own lines on stderr ("Debugger listening on ws://…") are muted, not in the red of the script's errors.
    const pane = page.getByTestId('console-pane');
    await pane.locator('span', { hasText: 'Debugger listening on' }).first().waitFor({ timeout: 10_000 });
    const colours = await pane.evaluate((el) => {
      const line = [...el.querySelectorAll('span')].find((s) => s.textContent?.includes('Debugger listening on'))!;
      const error = document.createElement('span');
      error.className = 'console-stderr';
      el.append(error);
      const out = { inspector: getComputedStyle(line).color, error: getComputedStyle(error).color, className: line.className };
      error.remove();
      return out;
    });
    expect(colours.className).toBe('console-inspector');
    expect(colours.inspector).not.toBe(colours.error);
    await page.getByTestId('duration-input').fill('1');
    await page.getByTestId('warmup-input').fill('0');
    await page.getByTestId('record-button').click();
    await page.getByTestId('result-screen').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('result-node').textContent()).toBe(`Node ${expected.version} (${expected.realPath})`);
    await page.screenshot({ path: path.join(artifacts, 'user-node-result.png') });
    await page.getByTestId('nav-record').click();
    await page.getByTestId('stop-target-button').click();
    expect(errors).toEqual([]);
  });
});
