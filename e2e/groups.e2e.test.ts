// Experiments and sweeps in the Library, end to end: a real experiment (the
// demo server, /log vs /hello, real rounds with profiles) and a real sweep
// are kept in a real library file; in a real Chromium each is one row that
// expands to its recordings and opens its answer; an experiment's .flambe
// file imports back as a group; and "Repeat as an experiment" on Compare runs
// the two rounds' settings again, ending on the new experiment's answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createFlambeService } from '../electron/services/service.ts';
import type { ExperimentResult } from '../shared/experiment/types.ts';
import type { SweepResult } from '../shared/api.ts';
import { sweepSentence } from '../shared/sweep/sweep-machine.ts';
import { artifacts, hasChromium, launchChromium, newPage, repo, startWebMode, tempLibrary, type WebMode } from './helpers.ts';

const title = hasChromium ? 'experiments and sweeps in the Library' : 'experiments and sweeps in the Library (skipped: no Chromium at /usr/bin/chromium)';

const until = async <T,>(f: () => T | undefined, ms: number, what: string): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const v = f();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe.skipIf(!hasChromium)(title, () => {
  const library = tempLibrary();
  let web: WebMode;
  let browser: Browser;
  let page: Page;
  let exp: ExperimentResult;
  let sweep: SweepResult;
  let bundleFile = '';
  let importedId = '';
  const errors: string[] = [];

  beforeAll(async () => {
    // The library is filled by the same service the app runs: a real experiment and a real sweep.
    const service = createFlambeService({ libraryPath: library });
    try {
      let doneId: string | null = null;
      service.onEvent((e) => { if (e.name === 'experimentDone') doneId = e.payload.experimentId; });
      const { experimentId } = await service.api.startExperiment({
        target: { kind: 'demo' }, differ: { kind: 'url', a: '/log', b: '/hello' }, names: { a: 'with console.log', b: 'hello' },
        rounds: 1, load: { connections: 2, durationSec: 1 }, warmupSec: 0, name: 'What does console.log cost?',
      });
      await until(() => (doneId === experimentId ? true : undefined), 90_000, 'the experiment');
      exp = await service.api.getExperiment({ id: experimentId });
      const demo = await service.api.demoServer({});
      const target = await service.api.launchTarget({ script: demo.script, cwd: demo.cwd });
      let url = '';
      for (let i = 0; i < 100 && !url; i++) {
        url = (await service.api.getTarget({ targetId: target.targetId })).suggestedUrls[0] ?? '';
        if (!url) await new Promise((r) => setTimeout(r, 100));
      }
      if (!url) throw new Error('the demo server opened no port');
      sweep = await service.api.runSweep({ targetId: target.targetId, load: { url: `${url.replace(/\/$/, '')}/hello` }, levels: [1, 4], levelSec: 1, warmupSec: 0, profile: 4, name: 'Sweep GET /hello' });
      await service.api.stopTarget({ targetId: target.targetId });
      const file = await service.api.exportGroup({ id: experimentId });
      bundleFile = path.join(mkdtempSync(path.join(tmpdir(), 'flambe-group-')), file.fileName);
      writeFileSync(bundleFile, file.content);
    } finally {
      await service.dispose();
    }
    web = await startWebMode({ library });
    browser = await launchChromium();
    page = await newPage(browser, { width: 1280, height: 900, errors });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await web?.stop();
  });

  it('lists the experiment and the sweep as one row each, expanding to their recordings; none of them loose', async () => {
    await page.goto(web.url);
    await page.getByTestId('nav-library').click();
    const rows = page.getByTestId('group-row');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
    // Every recording belongs to a group: the loose table is empty and says why.
    expect(await page.getByTestId('library-row').count()).toBe(0);
    await page.getByTestId('library-only-groups').waitFor();
    const expRow = page.locator('[data-testid="group-row"][data-kind="experiment"]');
    expect(await expRow.getByTestId('group-open').textContent()).toBe('What does console.log cost?');
    expect(await expRow.textContent()).toContain('with console.log vs hello');
    expect(await expRow.textContent()).toContain('2 rounds');
    expect(await expRow.getByTestId('group-summary').textContent()).toBe(exp.comparison!.verdict.split(/(?<=[.!?])\s/)[0]);
    await expRow.getByTestId('group-expand').click();
    expect(await expRow.getByTestId('group-member').count()).toBe(2);
    expect(await expRow.getByTestId('group-members').textContent()).toMatch(/A\s*round 1/);
    const sweepRow = page.locator('[data-testid="group-row"][data-kind="sweep"]');
    expect(await sweepRow.textContent()).toContain('1, 4 connections');
    await sweepRow.getByTestId('group-expand').click();
    expect(await sweepRow.getByTestId('group-member').count()).toBe(2);
    expect(await sweepRow.getByTestId('group-members').textContent()).toContain('4 connections');
    await page.screenshot({ path: path.join(artifacts, 'library-groups.png') });
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.screenshot({ path: path.join(artifacts, 'library-groups-1024.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('opens the experiment as its comparison, a round as its recording, and the sweep as its table and chart', async () => {
    await page.locator('[data-testid="group-row"][data-kind="experiment"]').getByTestId('group-open').click();
    await page.getByTestId('experiment-screen').waitFor();
    expect(await page.getByTestId('experiment-verdict').textContent()).toBe(exp.comparison!.verdict);
    expect(await page.getByTestId('experiment-rounds').locator('tbody tr').count()).toBe(2);
    await page.screenshot({ path: path.join(artifacts, 'library-group-experiment.png') });

    await page.getByTestId('nav-library').click();
    const sweepRow = page.locator('[data-testid="group-row"][data-kind="sweep"]');
    await sweepRow.getByTestId('group-member-open').first().click();
    await page.getByTestId('result-screen').waitFor();
    expect(await page.getByTestId('result-url').textContent()).toMatch(/\/hello$/);

    await page.getByTestId('nav-library').click();
    await sweepRow.getByTestId('group-open').click();
    await page.getByTestId('sweep-screen').waitFor();
    expect(await page.getByTestId('sweep-table').locator('tbody tr').count()).toBe(2);
    await page.getByTestId('sweep-chart').waitFor();
    // The screen says what the CLI's levels say (shared/sweep/knee.ts), a clear knee or not.
    expect(await page.getByTestId('sweep-knee').textContent()).toBe(sweepSentence(sweep));
    await page.screenshot({ path: path.join(artifacts, 'library-group-sweep.png'), fullPage: true });
  });

  it('imports an experiment\'s .flambe file back as a second group', async () => {
    await page.getByTestId('nav-library').click();
    await page.getByTestId('import-input').setInputFiles(bundleFile);
    await expect.poll(() => page.getByTestId('import-result').textContent(), { timeout: 20_000 }).toContain('Imported the experiment “What does console.log cost?” with its recordings.');
    await expect.poll(() => page.locator('[data-testid="group-row"][data-kind="experiment"]').count(), { timeout: 10_000 }).toBe(2);
    expect(await page.getByTestId('library-row').count()).toBe(0);
    importedId = (await page.locator('[data-testid="group-row"][data-kind="experiment"]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.id))).find((id) => id !== exp.id)!;
    expect(importedId).toBeTruthy();
  });

  it('deletes a group with its recordings, after saying so', async () => {
    const row = page.locator(`[data-testid="group-row"][data-id="${importedId}"]`);
    await row.getByTestId('group-delete').click();
    expect(await row.getByTestId('group-delete-confirm').textContent()).toContain('Deleting this experiment deletes its 2 rounds too (their recordings and profiles). This cannot be undone.');
    await page.screenshot({ path: path.join(artifacts, 'library-group-delete.png') });
    await row.getByTestId('group-delete-yes').click();
    await expect.poll(() => page.getByTestId('group-row').count(), { timeout: 10_000 }).toBe(2);
    // Its recordings went with it: none turned into loose rows.
    expect(await page.getByTestId('library-row').count()).toBe(0);
  });

  it('repeats a comparison of two rounds as an experiment, with progress, ending on its answer', async () => {
    const [a, b] = [exp.rounds.find((r) => r.variant === 'A')!.recordingId, exp.rounds.find((r) => r.variant === 'B')!.recordingId];
    await page.goto(`${web.url}#/compare/${a}/${b}`);
    await page.getByTestId('compare-verdict').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('repeat-why').textContent(), { timeout: 10_000 }).toBe('Runs A and B again, interleaved (/log vs /hello), and answers with 95% intervals.');
    expect(await page.getByTestId('repeat-button').isEnabled()).toBe(true);
    await page.screenshot({ path: path.join(artifacts, 'compare-repeat.png') });
    await page.getByTestId('repeat-rounds').fill('1');
    await page.getByTestId('repeat-button').click();
    await page.getByTestId('experiment-run-progress').waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('experiment-run-round').textContent(), { timeout: 30_000 }).toMatch(/^Round [12] of 2 — [AB] /);
    await page.screenshot({ path: path.join(artifacts, 'compare-repeat-progress.png') });
    await page.getByTestId('experiment-verdict').waitFor({ timeout: 90_000 });
    expect(await page.getByTestId('experiment-verdict').textContent()).toMatch(/one run each: repeat both/); // one pair gives no interval (paired rounds)
    expect(await page.locator('.experiment-screen h1').textContent()).toMatch(/^Repeat: /);
    await page.screenshot({ path: path.join(artifacts, 'compare-repeat-answer.png'), fullPage: true });
    // The repeat is a group of its own in the Library.
    await page.getByTestId('nav-library').click();
    await expect.poll(() => page.locator('[data-testid="group-row"][data-kind="experiment"]').count(), { timeout: 10_000 }).toBe(2);
  }, 150_000);

  it('keeps a sweep run from the Record screen as one more sweep row', async () => {
    await page.getByTestId('nav-record').click();
    await page.getByTestId('demo-button').click();
    await page.getByTestId('target-info').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByTestId('url-input').inputValue(), { timeout: 10_000 }).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    const base = new URL(await page.getByTestId('url-input').inputValue());
    await page.getByTestId('url-input').fill(`${base.origin}/json`);
    await page.getByTestId('sweep-input').check();
    await page.getByTestId('sweep-levels-input').fill('1, 3');
    await page.getByTestId('duration-input').fill('1');
    await page.getByTestId('warmup-input').fill('0');
    await expect.poll(() => page.getByTestId('record-button').textContent()).toContain('Run sweep');
    await page.getByTestId('record-button').click();
    await page.getByTestId('sweep-result').waitFor({ timeout: 60_000 });
    await page.getByTestId('nav-library').click();
    const uiSweep = page.locator('[data-testid="group-row"][data-kind="sweep"]').filter({ hasText: 'Sweep GET /json' });
    await uiSweep.waitFor({ timeout: 10_000 });
    // The row follows the library: saved at its first level (running), then whole.
    await expect.poll(() => uiSweep.textContent(), { timeout: 10_000 }).toContain('1, 3 connections');
    await uiSweep.getByTestId('group-expand').click();
    expect(await uiSweep.getByTestId('group-member').count()).toBe(2);
    expect(await page.getByTestId('library-row').count()).toBe(0);
  }, 90_000);

  it('disables Repeat, with one sentence, when a side was not launched by Flambé', async () => {
    const [a] = exp.rounds.map((r) => r.recordingId);
    await page.getByTestId('nav-library').click();
    // One profile chosen opens at once; once saved it is in the library.
    await page.getByTestId('import-input').setInputFiles(path.join(repo, 'test/fixtures/profiles/node24.cpuprofile'));
    await page.getByTestId('result-screen').waitFor({ timeout: 20_000 });
    await page.getByTestId('import-saving').waitFor({ state: 'detached', timeout: 20_000 });
    await page.getByTestId('nav-library').click();
    await page.getByTestId('library-row').first().waitFor({ timeout: 20_000 });
    const imported = await page.getByTestId('library-row').first().getAttribute('data-id');
    await page.goto(`${web.url}#/compare/${a}/${imported}`);
    await expect.poll(() => page.getByTestId('repeat-why').textContent(), { timeout: 15_000 }).toBe('B was imported from a file, not recorded by Flambé: there are no settings to run again.');
    expect(await page.getByTestId('repeat-button').isDisabled()).toBe(true);
    await page.screenshot({ path: path.join(artifacts, 'compare-repeat-disabled.png') });
    expect(errors).toEqual([]);
  });
});
