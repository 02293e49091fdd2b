// Where each request's time went, in the browser: a quote service that awaits
// an upstream with fetch while an interval refreshes a cache in the
// background. The result screen names the call, its place and its time, and
// the background job; then "I will send the load myself" records requests the
// test sends itself, counted exactly, ended with Stop. Screenshots go to e2e/artifacts/.
import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifacts, browserSession, docShot, hasChromium, waitForLaunchedTarget } from './helpers.ts';

const title = hasChromium ? 'where each request’s time went' : 'where each request’s time went (skipped: no Chromium at /usr/bin/chromium)';

describe.skipIf(!hasChromium)(title, () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'flambe-request-time-e2e-'));
  const upstream = http.createServer((req, res) => setTimeout(() => res.end('{"price":42}'), 80));
  let script = '';

  beforeAll(async () => {
    await new Promise<void>((ok) => upstream.listen(0, '127.0.0.1', ok));
    script = path.join(dir, 'quotes.mjs');
    writeFileSync(script, `import http from 'node:http';
let cache = [];
function refreshCache() {
  cache = Array.from({ length: 20000 }, (_, i) => ({ i, v: Math.sqrt(i) })).sort((a, b) => b.v - a.v);
}
setInterval(refreshCache, 100);
async function fetchQuote() {
  const res = await fetch('http://127.0.0.1:${(upstream.address() as AddressInfo).port}/quote');
  return res.json();
}
http.createServer(async (req, res) => {
  const quote = await fetchQuote();
  res.end(JSON.stringify({ ...quote, cached: cache.length }));
}).listen(0, '127.0.0.1');
`);
  });
  afterAll(() => upstream.close());
  const session = browserSession({ width: 1100, height: 900 });

  it('names the call each request waits on, and the background job', async () => {
    const { page, web } = session;
    await page.goto(web.url);
    await page.getByTestId('launch-script-input').fill(script);
    await page.getByTestId('launch-button').click();
    await waitForLaunchedTarget(page);
    const base = new URL(await page.getByTestId('url-input').inputValue());
    await page.getByTestId('url-input').fill(`${base.origin}/quote`);
    await page.getByTestId('duration-input').fill('2');
    await page.getByTestId('warmup-input').fill('1');
    await page.getByTestId('connections-input').fill('4');
    await page.getByTestId('record-button').click();
    await page.getByTestId('result-screen').waitFor({ timeout: 60_000 });
    const card = page.getByTestId('request-time');
    await card.waitFor({ timeout: 20_000 });
    const port = (upstream.address() as AddressInfo).port;
    await expect.poll(() => page.getByTestId('request-time-parts').textContent()).toContain(`GET 127.0.0.1:${port}/quote`);
    expect(await page.getByTestId('request-time-parts').textContent()).toContain('fetchQuote, quotes.mjs:8');
    expect(await page.getByTestId('request-time-background').textContent()).toMatch(/^Background work, not caused by requests: refreshCache \(quotes\.mjs:3\), run by a timer every 100 ms/);
    await expect.poll(() => page.getByTestId('verdict').textContent(), { timeout: 20_000 }).toMatch(new RegExp(`Each request took .*waiting on GET 127\\.0\\.0\\.1:${port}/quote \\(from fetchQuote, quotes\\.mjs:8\\)`));
    await page.getByTestId('verdict').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(artifacts, 'request-time-verdict.png') });
    await docShot(page, 'request-time');
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(artifacts, 'request-time.png') });
    // What the background job allocates counts in the bytes, in no per-request figure.
    const memory = page.getByTestId('memory-card');
    await memory.getByTestId('allocations-table').waitFor({ timeout: 30_000 });
    await memory.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(artifacts, 'request-time-memory.png') });
    expect(await memory.getByTestId('allocations-total').textContent()).toMatch(/[\d.]+ (KiB|MiB) per request \([\d.]+ (KiB|MiB) of it by background work, not per request\)/);
    // refreshCache's objects are made by the arrow it passes to Array.from: that row reads "background work".
    expect(await memory.getByTestId('allocations-table').locator('tbody tr').filter({ hasText: 'background work' }).count()).toBeGreaterThan(0);
  }, 120_000);

  it('"I will send the load myself" counts the requests sent from elsewhere, until Stop', async () => {
    const { page } = session;
    await page.getByTestId('nav-record').click();
    await page.getByTestId('own-load-input').check();
    await page.getByTestId('duration-input').fill('60');
    const url = await page.getByTestId('url-input').inputValue();
    await page.getByTestId('record-button').click();
    await expect.poll(() => page.getByTestId('progress').textContent(), { timeout: 30_000 }).toContain('send it now');
    for (let i = 0; i < 25; i++) await (await fetch(url)).text();
    await expect.poll(() => page.getByTestId('progress').textContent(), { timeout: 10_000 }).toContain('25 requests so far');
    await page.screenshot({ path: path.join(artifacts, 'request-time-own-load.png') });
    await page.getByTestId('stop-button').click();
    await page.getByTestId('result-screen').waitFor({ timeout: 60_000 });
    await expect.poll(() => page.getByTestId('summary-requests').getAttribute('data-value'), { timeout: 20_000 }).toBe('25');
    expect(await page.getByTestId('request-time').textContent()).toContain('25 requests seen by the server');
    // Whose clock, and over which seconds (issue 31): the server's, from the first request's start to the last one's end.
    expect(await page.getByTestId('server-clock').textContent()).toMatch(/^Measured in the server: 25 requests between the first one's start and the last one's end \([\d.]+ s\), [\d,.]+ requests\/s\. Latency is the server's clock/);
    // The bytes of a load Flambé did not send were never seen: not "0 B/s" beside 25 requests (issue 38).
    expect(await page.getByTestId('summary-bytes').textContent()).toBe('not measured (your own load)');
  }, 120_000);
});
