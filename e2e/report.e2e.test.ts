// The report, end to end: a real sweep over two routes is saved in a real
// library; `flambe report … --format html` writes one self-contained file that
// Chromium opens with its charts drawn; and the sweep screen's "Export report
// (HTML)" downloads the same report, also drawn. Screenshots in e2e/artifacts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { runFlambe } from '../test/helpers/demo.ts';
import { startLoadServer, type LoadServer } from '../test/services/load/load-server.ts';
import { artifacts, hasChromium, launchChromium, newPage, startWebMode, tempLibrary, type WebMode } from './helpers.ts';

const title = hasChromium ? 'the report in a browser' : 'the report in a browser (skipped: no Chromium at /usr/bin/chromium)';

/** Each inline chart: its drawn size and how many shapes it has. */
async function drawnCharts(page: Page): Promise<{ width: number; height: number; shapes: number }[]> {
  return page.locator('figure svg').evaluateAll((els) => els.map((e) => {
    const r = e.getBoundingClientRect();
    return { width: Math.round(r.width), height: Math.round(r.height), shapes: e.querySelectorAll('rect, path, circle').length };
  }));
}

describe.skipIf(!hasChromium)(title, () => {
  const library = tempLibrary();
  let server: LoadServer;
  let web: WebMode;
  let browser: Browser;
  let groupId = '';
  const errors: string[] = [];

  beforeAll(async () => {
    server = await startLoadServer();
    const sweep = await runFlambe(['sweep', '--no-profile', '--url', `${server.base}/`, '--route', 'GET /hello', '--route', 'GET /wait?ms=120',
      '-c', '1,2,4', '-d', '1', '--warmup', '0', '--save', '--library', library, '--name', 'Report sweep']);
    expect(sweep.code).toBe(0);
    const groups = JSON.parse((await runFlambe(['library', 'list', '--groups', '--json', '--library', library])).stdout) as { id: string }[];
    groupId = groups[0].id;
    web = await startWebMode({ library });
    browser = await launchChromium();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await web?.stop();
    server?.stop();
  });

  it('flambe report --format html: one file, no outside resource, its charts drawn', async () => {
    const file = path.join(artifacts, 'report-sweep.html');
    const r = await runFlambe(['report', groupId, '--library', library, '--format', 'html', '--out', file]);
    expect(r.code).toBe(0);
    const html = readFileSync(file, 'utf8');
    expect(html).not.toMatch(/<script|<link|src="http/);
    const page = await newPage(browser, { width: 1200, height: 900, errors });
    await page.goto(`file://${file}`);
    expect(await page.locator('h1').textContent()).toBe('Report sweep');
    const charts = await drawnCharts(page);
    expect(charts).toHaveLength(2);
    for (const c of charts) {
      expect(c.width).toBeGreaterThan(300);
      expect(c.height).toBeGreaterThan(150);
      expect(c.shapes).toBeGreaterThan(5);
    }
    expect(await page.locator('table').nth(2).locator('tbody tr').count()).toBe(6);
    await page.screenshot({ path: path.join(artifacts, 'report-sweep-html.png'), fullPage: true });
    await page.close();
  });

  it('"Export report (HTML)" on the sweep screen downloads the same report, drawn', async () => {
    const page = await newPage(browser, { width: 1280, height: 900, errors });
    await page.goto(web.url);
    await page.getByTestId('nav-library').click();
    await page.locator(`[data-testid=group-row][data-id="${groupId}"] [data-testid=group-open]`).click();
    await page.getByTestId('sweep-route-table').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-report-html').click()]);
    expect(download.suggestedFilename()).toBe('Report-sweep.html');
    const saved = path.join(artifacts, 'report-sweep-ui.html');
    await download.saveAs(saved);
    const report = await newPage(browser, { width: 1200, height: 900, errors });
    await report.goto(`file://${saved}`);
    expect(await drawnCharts(report)).toHaveLength(2);
    expect(await report.getByText('GET /wait?ms=120 passes 100 ms at p75 from 1 connection').count()).toBe(1);
    await report.screenshot({ path: path.join(artifacts, 'report-sweep-ui.png'), fullPage: true });
    expect(errors).toEqual([]);
  });
});
