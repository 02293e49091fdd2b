// Two listening ports (issue 23 item 8), in the browser: a script that opens
// an upstream stub on N+1 before its API on N. The Record form asks which one
// to load, shows what answered on each, and records nothing until the user
// chooses; then the chosen port is the one loaded. Screenshot in e2e/artifacts/.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { artifacts, browserSession, hasChromium, repo } from './helpers.ts';

const title = hasChromium ? 'which port to load' : 'which port to load (skipped: no Chromium at /usr/bin/chromium)';

describe.skipIf(!hasChromium)(title, () => {
  const session = browserSession({ width: 1440, height: 900 });

  it('asks which of two ports to load, with what answered on each, and loads the one chosen', async () => {
    const { page, web } = session;
    await page.goto(web.url);
    await page.getByTestId('launch-script-input').fill(path.join(repo, 'test/fixtures/two-ports/server.cjs'));
    await page.getByTestId('launch-button').click();
    await page.getByTestId('target-info').waitFor({ timeout: 20_000 });
    const choice = page.getByTestId('port-choice');
    await choice.waitFor({ timeout: 15_000 });
    const options = choice.locator('.port-option');
    await expect.poll(() => options.count(), { timeout: 10_000 }).toBe(2);
    // What answered on each: the stub's JSON price, the API's page.
    await expect.poll(async () => (await choice.textContent()) ?? '', { timeout: 10_000 }).toMatch(/GET \/ answered 200 application\/json, \d+ bytes: \{"price":42/);
    expect(await choice.textContent()).toMatch(/GET \/ answered 200 text\/html, \d+ bytes: <h1>Shop API/);
    // Nothing chosen for the user: the URL stays empty and Record asks.
    expect(await page.getByTestId('url-input').inputValue()).toBe('');
    await page.getByTestId('record-button').click();
    expect(await page.getByTestId('record-error').textContent()).toMatch(/^This script listens on 2 ports \(\d+, \d+\): choose the one to load under Load/);
    await choice.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(artifacts, 'record-two-ports.png') });

    // The API is the option whose page says "Shop API".
    const api = options.filter({ hasText: 'Shop API' });
    const port = ((await api.locator('.port-number').textContent()) ?? '').replace(/\D/g, '');
    await api.click();
    expect(await api.getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('url-input').fill(`http://127.0.0.1:${port}/login`);
    await page.getByTestId('connections-input').fill('2');
    await page.getByTestId('duration-input').fill('2');
    await page.getByTestId('warmup-input').fill('0.5');
    await page.getByTestId('record-button').click();
    await page.getByTestId('result-screen').waitFor({ timeout: 60_000 });
    // The chosen server was loaded: its hashing leads the verdict.
    await page.getByTestId('verdict-finding').first().waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('verdict-finding').first().getAttribute('data-function')).toBe('checkPassword');
  });
});
