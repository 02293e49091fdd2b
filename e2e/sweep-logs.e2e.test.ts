// The sweep screen on a server that logs, in Chromium (issue 38): the sentence
// says the knee or that a busy machine cannot tell (never a knee on a busy
// machine), and the process and route tables give log lines and bytes per
// request, read as text against the server's planted numbers (/warn writes 3
// lines per request, /quiet none). Screenshots at 1280×800 and 1024×700, light
// and dark, in e2e/artifacts/.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { artifacts, browserSession, hasChromium, repo, waitForLaunchedTarget } from './helpers.ts';

const title = hasChromium ? 'the sweep screen: the busy machine and log lines' : 'the sweep screen: the busy machine and log lines (skipped: no Chromium at /usr/bin/chromium)';

describe.skipIf(!hasChromium)(title, () => {
  const errors: string[] = [];
  const session = browserSession({ width: 1280, height: 800, errors });

  it('runs a sweep of two routes with every level profiled, and shows the log lines and bytes per request per level and route', async () => {
    const { page, web } = session;
    await page.goto(web.url);
    await page.getByTestId('launch-script-input').fill(path.join(repo, 'test/fixtures/log-server/server.js'));
    await page.getByTestId('launch-button').click();
    await waitForLaunchedTarget(page);
    await page.getByText('Several routes in one burst').click();
    await page.getByTestId('routes-input').fill('GET /warn\nGET /quiet');
    await page.getByTestId('sweep-input').check();
    await page.getByTestId('sweep-levels-input').fill('1, 2');
    await page.getByLabel('Profile', { exact: true }).selectOption('every');
    await page.getByTestId('duration-input').fill('1');
    await page.getByTestId('warmup-input').fill('0.3');
    await expect.poll(() => page.getByTestId('record-button').textContent()).toContain('Run sweep');
    await page.getByTestId('record-button').click();
    await page.getByTestId('sweep-result').waitFor({ timeout: 120_000 });

    // The header names the routes the sweep sent, on the server: not the URL field (issue 38's walk read ".../log").
    expect(await page.getByTestId('sweep-loaded').textContent()).toMatch(/^GET \/warn \+ GET \/quiet on http:\/\/127\.0\.0\.1:\d+ · /);
    const sentence = (await page.getByTestId('sweep-knee').textContent())!;
    expect(sentence).toMatch(/^(Saturated past \d+ connections?|Not saturated yet|Near its limit|The machine was busy, so Flambé cannot tell whether the server saturated: load \d+\.\d on \d+ cores)/);
    // A busy machine names no knee: no bar or row is marked as one.
    if (sentence.startsWith('The machine was busy')) {
      expect(await page.locator('.sweep-bar.knee').count()).toBe(0);
      expect(await page.getByTestId('sweep-table').locator('tr.knee').count()).toBe(0);
    }

    // The process table: each profiled level's log lines per request — (3 × /warn + 0 × /quiet) / 2 ≈ 1.5 — and bytes.
    const process = page.getByTestId('sweep-process-table');
    expect(await process.locator('thead th').allTextContents()).toEqual(expect.arrayContaining(['Log lines/req', 'Log bytes/req']));
    const levelCells = await process.locator('[data-testid="level-log-cell"]').allTextContents();
    expect(levelCells).toHaveLength(4);
    for (const lines of [levelCells[0], levelCells[2]]) expect(Math.abs(Number(lines) - 1.5)).toBeLessThan(0.1);
    for (const bytes of [levelCells[1], levelCells[3]]) expect(Number(bytes)).toBeGreaterThan(20);

    // The route table: /warn ≈ 3 lines per request, /quiet 0, at each level.
    const routeRows = page.getByTestId('sweep-route-table').locator('tbody tr');
    expect(await routeRows.count()).toBe(4);
    for (let i = 0; i < 4; i++) {
      const route = (await routeRows.nth(i).locator('td.text').textContent())!;
      const [lines, bytes] = await routeRows.nth(i).locator('[data-testid="route-log-cell"]').allTextContents();
      if (route === 'GET /warn') {
        expect(Math.abs(Number(lines) - 3)).toBeLessThan(0.15);
        expect(Number(bytes)).toBeGreaterThan(50);
      } else {
        expect([route, lines, bytes]).toEqual(['GET /quiet', '0.00', '0']);
      }
    }
    await page.getByTestId('sweep-result').scrollIntoViewIfNeeded();
    for (const [w, h] of [[1280, 800], [1024, 700]]) {
      await page.setViewportSize({ width: w, height: h });
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.getByTestId('sweep-knee').scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(artifacts, `sweep-busy-${w}-${scheme}.png`) });
        await page.getByTestId('sweep-process-table').scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(artifacts, `sweep-logs-${w}-${scheme}.png`) });
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    expect(errors).toEqual([]);
  }, 200_000);
});
