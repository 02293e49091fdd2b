// One measurement at a time, across processes, as a user meets it: the
// browser UI is open on a library while a `flambe sweep` started in a
// terminal loads a plain node:http server (written the way users write one)
// and saves to the same library. Within seconds the page disables Record and
// the one-click questions with the sentence naming the CLI's sweep and
// process; when the CLI is gone, they come back. The console stays clean.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { flambeBin, repo } from '../test/helpers/demo.ts';
import { artifacts, hasChromium, launchChromium, newPage, startWebMode, tempLibrary, type WebMode } from './helpers.ts';

const title = hasChromium ? 'the UI beside a CLI run on one library' : 'the UI beside a CLI run (skipped: no Chromium at /usr/bin/chromium)';

describe.skipIf(!hasChromium)(title, () => {
  const library = tempLibrary();
  const errors: string[] = [];
  let web: WebMode;
  let browser: Browser;
  let page: Page;
  let server: Server;
  let cli: ChildProcess | null = null;

  beforeAll(async () => {
    // A user's server: a JSON endpoint that does a little work per request.
    server = createServer((req, res) => {
      const items = Array.from({ length: 200 }, (_, i) => ({ id: i, name: `item ${i}`, price: i * 1.5 }));
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ url: req.url, items }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    web = await startWebMode({ library });
    browser = await launchChromium();
    page = await newPage(browser, { width: 1024, height: 700, errors });
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  });
  afterAll(async () => {
    cli?.kill('SIGKILL');
    await browser?.close();
    await web?.stop();
    server?.close();
  });

  it('disables Record and the questions while a CLI sweep runs, naming it, and frees them when it is gone', async () => {
    await page.goto(web.url);
    const record = page.getByTestId('record-button');
    await record.waitFor();
    expect(await record.isDisabled()).toBe(false);

    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/items`;
    cli = spawn(process.execPath, [flambeBin, 'sweep', '--no-profile', '--url', url, '-c', '1,2,4', '-d', '6', '--warmup', '0', '--save', '--library', library], { cwd: repo, stdio: 'ignore' });
    const refusal = page.getByTestId('record-refusal');
    await refusal.waitFor({ timeout: 20_000 });
    expect(await refusal.textContent()).toMatch(new RegExp(
      `^A concurrency sweep \\(GET /items\\) is running in another Flambé process \\(flambe sweep, pid ${cli.pid}\\): a recording now would share the machine with it and disturb what it measures\\. Wait for it to finish, or stop it first\\.`,
    ));
    expect(await record.isDisabled()).toBe(true);
    expect(await page.getByTestId('demo-question-log').isDisabled()).toBe(true);
    expect(await page.getByTestId('experiment-refusal').textContent()).toMatch(/^A concurrency sweep \(GET \/items\) is running in another Flambé process \(flambe sweep, pid \d+\): an experiment now would/);
    await page.screenshot({ path: path.join(artifacts, 'work-across-processes-refused.png') });

    // The CLI is killed mid-sweep (its row stays in the file, its process is gone): the page frees Record by itself.
    cli.kill('SIGKILL');
    await expect.poll(() => record.isDisabled(), { timeout: 15_000 }).toBe(false);
    expect(await refusal.count()).toBe(0);
    expect(errors).toEqual([]);
  }, 90_000);
});
