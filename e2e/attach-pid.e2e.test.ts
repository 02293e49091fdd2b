// Attach by pid from the UI: a real demo server started WITHOUT --inspect is
// picked from "Running Node process", its inspector opened by Flambé, loaded
// and profiled — and its flamegraph seen in a real Chromium.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifacts, hasChromium, launchChromium, newPage, repo, startWebMode, type WebMode } from './helpers.ts';

const title = hasChromium ? 'attach by pid in the browser' : 'attach by pid (skipped: no Chromium at /usr/bin/chromium)';

describe.skipIf(!hasChromium)(title, () => {
  let web: WebMode;
  let browser: Browser;
  let page: Page;
  let server: ChildProcess;
  let base = '';

  beforeAll(async () => {
    // --inspect-port=0: the inspector stays closed until Flambé opens it, on a port from the OS.
    server = spawn(process.execPath, ['--inspect-port=0', path.join(repo, 'assets/demo-server/server.js')], { stdio: ['ignore', 'pipe', 'pipe'] });
    base = await new Promise<string>((resolve, reject) => {
      // The demo says it listens on stdout, the inspector on stderr: both read.
      let err = '';
      const read = (d: Buffer) => {
        err += d;
        const m = /listening on (http:\S+)/.exec(err);
        if (m) resolve(m[1]);
      };
      server.stderr!.on('data', read);
      server.stdout!.on('data', read);
      server.on('exit', () => reject(new Error(`the demo server exited: ${err}`)));
    });
    web = await startWebMode();
    browser = await launchChromium();
    page = await newPage(browser, { width: 1024, height: 700 });
  });
  afterAll(async () => {
    await browser?.close();
    await web?.stop();
    server?.kill('SIGKILL');
  });

  it('lists the running server, attaches by pid and shows its flamegraph', async () => {
    await page.goto(web.url);
    await page.getByTestId('process-tab').click();
    const row = page.getByTestId(`node-process-${server.pid}`);
    await row.waitFor({ timeout: 15_000 });
    await row.check();
    await page.screenshot({ path: path.join(artifacts, 'attach-pid-list.png') });
    await page.getByTestId('attach-process-button').click();
    await page.getByTestId('target-info').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('target-info').textContent()).toContain(`pid ${server.pid}`);
    await page.getByTestId('url-input').fill(`${base}json`);
    await page.getByTestId('duration-input').fill('3');
    await page.getByTestId('warmup-input').fill('1');
    await page.getByTestId('record-button').click();
    await page.getByTestId('result-screen').waitFor({ timeout: 60_000 });
    const flame = page.getByTestId('flamegraph');
    await flame.locator('svg').first().waitFor();
    await expect.poll(() => flame.textContent(), { timeout: 10_000 }).toContain('jsonRoute');
    await flame.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(artifacts, 'attach-pid-result.png') });
    expect(server.exitCode).toBeNull(); // still running
  });
});
