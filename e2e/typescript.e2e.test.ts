// A TypeScript server (compiled by tsc, source maps beside the scripts),
// launched and recorded from the browser: the flamegraph, the Bottom-up
// table, the verdict and the hot-lines panel show the .ts files and lines (and
// the .ts text), not the compiled .js — which stays named as "ran as …".
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { artifacts, browserSession, hasChromium, repo, waitForLaunchedTarget } from './helpers.ts';

const title = hasChromium ? 'a TypeScript server in the browser' : 'a TypeScript server (skipped: no Chromium at /usr/bin/chromium)';

describe.skipIf(!hasChromium)(title, () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'flambe-ts-e2e-'));

  beforeAll(() => {
    cpSync(path.join(repo, 'test/fixtures/ts-server'), dir, { recursive: true });
    symlinkSync(path.join(repo, 'node_modules'), path.join(dir, 'node_modules'));
    execFileSync(path.join(repo, 'node_modules/.bin/tsc'), ['-p', dir], { cwd: dir });
  });
  const session = browserSession({ width: 1024, height: 700 });

  it('shows the .ts files in the flamegraph and the tables', async () => {
    const { page, web } = session;
    await page.goto(web.url);
    await page.getByTestId('launch-script-input').fill(path.join(dir, 'dist/server.js'));
    await page.getByTestId('launch-button').click();
    await waitForLaunchedTarget(page);
    const base = new URL(await page.getByTestId('url-input').inputValue());
    await page.getByTestId('url-input').fill(`${base.origin}/work`);
    await page.getByTestId('duration-input').fill('3');
    await page.getByTestId('warmup-input').fill('1');
    await page.getByTestId('record-button').click();
    await page.getByTestId('result-screen').waitFor({ timeout: 60_000 });
    const flame = page.getByTestId('flamegraph');
    await flame.locator('svg').first().waitFor();
    await expect.poll(() => flame.textContent(), { timeout: 10_000 }).toContain('crunch');
    // The frame's tooltip names the original file and line.
    await flame.locator('g', { hasText: /^crunch$/ }).first().hover();
    await expect.poll(async () => (await page.locator('.d3-flame-graph-tip, [role="tooltip"]').allTextContents()).join(' '), { timeout: 5000 }).toMatch(/work\.ts:14/);
    await flame.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(artifacts, 'typescript-flamegraph.png') });
    await page.getByTestId('tab-bottom-up').click();
    const table = page.getByTestId('bottom-up-table');
    await expect.poll(() => table.textContent(), { timeout: 10_000 }).toMatch(/src\/work\.ts:14/);
    expect(await table.textContent()).not.toMatch(/dist\/work\.js/);
    await table.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(artifacts, 'typescript-bottom-up.png') });

    // crunch's own time, line by line: the inner loop's line of work.ts, its TypeScript text, and where it ran.
    const work = readFileSync(path.join(dir, 'src/work.ts'), 'utf8').split('\n');
    const loopLine = work.findIndex((l) => l.includes('for (let i = 0; i < n; i++) result')) + 1;
    await table.locator('[data-testid="table-row"][data-name="crunch"]').first().click();
    const lines = page.getByTestId('hot-lines');
    const hot = lines.getByTestId('hot-line').first();
    await hot.waitFor({ timeout: 10_000 });
    expect(Number(await hot.getAttribute('data-line'))).toBe(loopLine);
    expect(await hot.textContent()).toContain(work[loopLine - 1].trim());
    const ran = await hot.getByTestId('hot-line-generated').textContent();
    expect(ran).toMatch(/ran as work\.js:\d+/);
    expect(ran).not.toMatch(new RegExp(`work\\.js:${loopLine}$`)); // tsc erased the interfaces above: the lines differ
    await lines.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(artifacts, 'typescript-hot-lines.png') });

    // The verdict names the same .ts line.
    const finding = page.locator('[data-testid="verdict-finding"][data-function="crunch"]');
    await finding.waitFor({ timeout: 10_000 });
    expect(await finding.textContent()).toMatch(new RegExp(`work\\.ts:${loopLine}(?!\\d)`));
  });
});
