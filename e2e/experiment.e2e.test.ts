// The trainer's one click, end to end: "What does console.log cost?" on the
// demo server runs a real A/B experiment (2 short rounds each, real processes,
// real load, real profiles, a real library) and ends on the answer, whose
// verdict names logging — seen in a real Chromium.
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { artifacts, browserSession, docShot, hasChromium } from './helpers.ts';
import { readDiffFrames, signAgrees } from './diff-colours.ts';

const title = hasChromium ? 'A/B experiment in browser mode' : 'A/B experiment in browser mode (skipped: no Chromium at /usr/bin/chromium)';

describe.skipIf(!hasChromium)(title, () => {
  const errors: string[] = [];
  const session = browserSession({ width: 1024, height: 700, errors });

  it('answers "What does console.log cost?" with a verdict that names logging', async () => {
    const { page, web } = session;
    await page.goto(web.url);
    await page.getByTestId('duration-input').fill('2');
    await page.getByTestId('warmup-input').fill('1');
    await page.getByTestId('exp-rounds-quick').fill('2');
    await page.getByTestId('demo-question-log').click();

    // Progress per round, with live numbers, on the experiment's own screen.
    await page.getByTestId('experiment-run-progress').waitFor({ timeout: 10_000 });
    expect(await page.evaluate(() => window.location.hash)).toMatch(/^#\/experiments\//);
    await expect.poll(() => page.getByTestId('experiment-run-round').textContent(), { timeout: 60_000 }).toMatch(/Round [1-4] of 4 — [AB] \((with|without) console\.log\)/);
    await page.screenshot({ path: path.join(artifacts, 'experiment-progress.png') });

    await page.getByTestId('experiment-screen').waitFor({ timeout: 10_000 });
    // The screen shows rounds as they finish; the answer is whole once the experiment is done (Export appears).
    await page.getByTestId('experiment-export').waitFor({ timeout: 150_000 });
    const verdict = await page.getByTestId('experiment-verdict').textContent();
    expect(verdict).toMatch(/logging/i);
    expect(verdict).toMatch(/[(;] ?2 rounds each\)/);
    // The load table: every measure with its interval and judgement.
    const table = page.getByTestId('compare-load');
    expect(await table.locator('tbody tr').count()).toBeGreaterThanOrEqual(8);
    // Two rounds each may leave an interval from a halving to a doubling: then it says "too early to tell" (issue 38).
    expect(await table.locator('tbody tr').first().textContent()).toMatch(/^Requests\/s.*((real|no (clear|meaningful) difference|not judged: the machine was busy) \(95%: .* to .*\)|too early to tell: anything from .* to .* fits)$/);
    // The verdict names logging, so its row in the kinds of work does not say "no clear difference".
    const logging = page.getByTestId('experiment-bucket-table').locator('tbody tr').filter({ hasText: 'logging' });
    expect(await logging.textContent()).toMatch(/(real \(95%: .* to .*\)|only with [AB], every round)$/);
    // Where each request's time went, A's parts beside B's, as Compare shows them (the rounds ran the request collector).
    const split = page.getByTestId('compare-request-time');
    expect(await split.locator('tbody tr').first().textContent()).toMatch(/^each request \(mean\)[\d.,]+[\d.,]+/);
    expect(await split.locator('tbody tr').filter({ hasText: 'own code' }).count()).toBe(1);
    // Bytes allocated per request, with the interval from the pairs, as CPU per request (issue 22 item 6).
    expect(await page.getByTestId('compare-allocations').getByTestId('allocation-total').textContent())
      .toMatch(/^Allocated per request \(every thread\)[^]*((real|no (clear|meaningful) difference) \(95%: .* to .*\)|too early to tell: anything from .* to .* fits)$/);
    const flame = page.getByTestId('experiment-flame');
    // Its colours read B − A like the tables (issue 38: the experiment drew A against B, its tooltip's A and B swapped).
    await flame.getByTestId('diff-flamegraph').locator('svg').waitFor({ timeout: 30_000 });
    expect(await flame.getByTestId('diff-flamegraph').getAttribute('data-shape')).toBe('a');
    await expect.poll(() => flame.getByTestId('diff-flamegraph').textContent(), { timeout: 10_000 }).toMatch(/logRoute/);
    const frames = await readDiffFrames(page, flame.getByTestId('diff-flamegraph'), 6, /logRoute/);
    expect(frames.filter((f) => !signAgrees(f))).toEqual([]);
    // logRoute (only in A, the variant with console.log) reads as B spending less: blue, and a − in its tooltip.
    const logRoute = frames.find((f) => /^logRoute/.test(f.name));
    expect(logRoute ?? frames).toMatchObject({ colour: 'blue', change: expect.stringMatching(/^−/) });
    // In ms of CPU from each round's OS clock, as the tables above it (issue 38: the legend said sampled ms).
    expect(logRoute!.tip).toMatch(/\nA: [1-9][\d.]* ms of CPU per 1 000 requests\nB: 0(\.0+)? ms of CPU per 1 000 requests/);
    await page.mouse.move(0, 0);
    await flame.getByTestId('diff-measure-alloc').click();
    await expect.poll(() => flame.getByTestId('diff-flamegraph').getAttribute('data-measure')).toBe('alloc');
    await flame.getByTestId('diff-measure-cpu').click();
    expect(await page.getByTestId('experiment-rounds').locator('tbody tr').count()).toBe(4);
    expect(await page.getByTestId('experiment-rounds').textContent()).toContain('file');
    await page.evaluate(() => window.scrollTo(0, 0));
    await docShot(page, 'experiment-console-log');
    await page.getByTestId('how-sure').locator('summary').click();
    expect(await page.getByTestId('how-sure').textContent()).toMatch(/in pairs, back to back.*paired t interval/s);
    await page.screenshot({ path: path.join(artifacts, 'experiment-console-log.png'), fullPage: true });
    expect(errors).toEqual([]);
  });
});
