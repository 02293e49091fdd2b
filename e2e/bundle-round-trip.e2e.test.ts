// Issue 19 end to end: a two-route burst at a fixed rate, recorded by the
// services into one library and exported as .flambe, imported through the
// Library screen of a SECOND browser-mode server with another library. The
// teammate sees what the recorder saw: min/p75/p95/p99.9, the percentile plot,
// the per-route table and the timeline's phases (before issue 19 the import
// dropped them all, and the timeline said it "did not store when its burst started").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createFlambeService } from '../electron/services/service.ts';
import type { RecordingResult } from '../shared/api.ts';
import { artifacts, hasChromium, launchChromium, newPage, startWebMode, tempLibrary, type WebMode } from './helpers.ts';

const title = hasChromium ? 'a .flambe bundle in another library' : 'a .flambe bundle in another library (skipped: no Chromium at /usr/bin/chromium)';

// A server the way users write one: plain node:http, two routes, one of them slow.
const SERVER = `const http = require('node:http');
http.createServer((req, res) => {
  if (req.url === '/slow') { let s = 0; for (let i = 0; i < 3e5; i++) s += i; res.end('slow ' + s); return; }
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ hello: process.env.MODE }));
}).listen(0, '127.0.0.1');
`;

describe.skipIf(!hasChromium)(title, () => {
  let web: WebMode;
  let browser: Browser;
  let page: Page;
  let recorded: RecordingResult;
  let bundleFile = '';
  let note: string | undefined;
  const errors: string[] = [];

  beforeAll(async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'flambe-bundle-e2e-'));
    const script = path.join(dir, 'server.js');
    writeFileSync(script, SERVER);
    const service = createFlambeService({ libraryPath: tempLibrary() });
    try {
      const target = await service.api.launchTarget({ script, env: { MODE: 'a', API_TOKEN: 's3cret' } });
      let url = '';
      for (let i = 0; i < 100 && !url; i++) {
        url = (await service.api.getTarget({ targetId: target.targetId })).suggestedUrls[0] ?? '';
        if (!url) await new Promise((r) => setTimeout(r, 100));
      }
      if (!url) throw new Error('the server opened no port');
      const done = new Promise<string>((resolve) => service.onEvent((e) => { if (e.name === 'recordingDone') resolve(e.payload.recordingId); }));
      await service.api.startRecording({
        targetId: target.targetId, warmupSec: 0.5, samplingIntervalUs: 1000, name: 'two routes at 200 req/s',
        load: { url, connections: 4, durationSec: 2, rate: 200, routes: [{ path: '/hello' }, { path: '/slow' }] },
      });
      const id = await done;
      recorded = { ...(await service.api.getRecording({ id })), profile: null } as unknown as RecordingResult;
      const file = await service.api.exportRecording({ id, format: 'bundle' });
      note = file.note;
      bundleFile = path.join(dir, file.fileName);
      writeFileSync(bundleFile, file.content);
      await service.api.stopTarget({ targetId: target.targetId });
    } finally {
      await service.dispose();
    }
    web = await startWebMode({ library: tempLibrary() });
    browser = await launchChromium();
    page = await newPage(browser, { width: 1280, height: 900, errors });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await web?.stop();
  });

  it('the export masked the token and said so', () => {
    expect(note).toBe('Masked a value that looks secret (environment variable API_TOKEN); export with secrets included to keep it.');
    expect(recorded.load!.routes).toHaveLength(2);
    expect(recorded.load!.phases).toBeDefined();
  });

  it('imports into another library and shows the percentiles, the plot, the routes and the phases', async () => {
    await page.goto(web.url);
    await page.getByTestId('nav-library').click();
    await page.getByTestId('import-input').setInputFiles(bundleFile);
    await expect.poll(() => page.getByTestId('import-result').getAttribute('data-ok'), { timeout: 30_000 }).toBe('true');
    await page.getByTestId('library-row').filter({ hasText: 'two routes at 200 req/s' }).click();
    await page.getByTestId('open-button').click();
    await page.getByTestId('result-screen').waitFor({ timeout: 30_000 });

    const l = recorded.load!;
    for (const [testId, ms] of [['summary-min', l.latencyMs.min], ['summary-p75', l.latencyMs.p75], ['summary-p95', l.latencyMs.p95], ['summary-p999', l.latencyMs.p999]] as const) {
      expect(ms).toBeGreaterThan(0);
      expect(await page.getByTestId(testId).textContent()).toMatch(/\d/);
    }
    await page.getByTestId('percentile-plot').locator('path.curve').waitFor();
    const rows = page.getByTestId('routes-table').locator('tbody tr');
    expect(await rows.count()).toBe(2);
    expect([await rows.nth(0).getAttribute('data-route'), await rows.nth(1).getAttribute('data-route')]).toEqual(['GET /hello', 'GET /slow']);
    const timeline = page.getByTestId('timeline');
    await timeline.waitFor({ timeout: 30_000 });
    expect(await timeline.textContent()).not.toContain('did not store when its burst started');
    expect(Number.isFinite(Number(await page.getByTestId('timeline-chart').getAttribute('data-burst-ms')))).toBe(true);
    expect(await page.getByTestId('timeline-warmup').textContent()).toMatch(/warm-up/);
    await page.screenshot({ path: path.join(artifacts, 'bundle-imported-load.png'), fullPage: true });
    await timeline.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(artifacts, 'bundle-imported-timeline.png') });
    expect(errors).toEqual([]);
  });
});
