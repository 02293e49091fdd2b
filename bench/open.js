#!/usr/bin/env node
// npm run bench:open — a big profile and a fresh recording, opened in a real
// browser (issue 8 "Benchmark, and the flamegraph at scale").
//
// In Chromium (playwright-core, /usr/bin/chromium) against browser mode
// (dist/: run `npm run build` first):
//   1. a synthetic ~90 MB .cpuprofile (bench/synthetic-profile.js) is chosen
//      in the Library's file input: time until its flamegraph is drawn (the
//      page opens one chosen profile at once while the library saves it), and
//      until the page says it is saved; then it is opened again from the
//      Library (time until drawn, then until the verdict and the timeline's
//      flame chart — its overview, then the exact chart — are drawn too: target
//      within 1 s of the flamegraph), zoomed and reset twice (at once, while the
//      verdict and the timeline's flame chart are still computed; then once the
//      page has drawn them: the target is for that one), and searched;
//   2. the demo server is recorded (/json, 2 s): time from "Record done" (the
//      recordingDone event reaching the page) until its flamegraph is drawn,
//      and from choosing it in the Library until it is drawn.
// Each is printed next to two JSON.parse calls of the same file, measured in
// the same page in the same run, with the number of frames drawn and the
// server's and the page's peak memory (max RSS, from /proc).
//
// "Drawn" means what the user sees: the frames are in the SVG, the root frame
// spans the chart (d3-flame-graph's entry animation is over) and its label is
// written, then one more animation frame (a paint). Times on the page are
// taken on the page (performance.now()), not across the DevTools protocol.
//
//   3. speedscope beside them (bench/speedscope.js): the same recording's file and
//      the same big file opened and searched in speedscope's release build, in the
//      same Chromium, in the same run — and the recording's file chosen in Flambé's
//      file input too, so that both count from the file chosen to the chart drawn.
//
// Usage: node bench/open.js [--mb 90] [--no-record] [--no-big (the recording only)] [--opens N (times the recording is chosen: median)]
//        [--no-speedscope] [--speedscope-timeout S (default 300: speedscope's tab took 4.7 GB and crashed after 25 min on the 78 MB file)]
//        [--shots DIR (screenshots of the chart's overview and exact chart)]
//        [--trace (each request to the analysis worker while opening from the Library: when asked, when answered)]
// Functions passed to page.evaluate run in the page: its globals.
/* global window, document, requestAnimationFrame, HTMLInputElement, MouseEvent */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { generate } from './synthetic-profile.js';
import { openInSpeedscope, serveSpeedscope, speedscopeVersion } from './speedscope.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { mb: { type: 'string', default: '90' }, 'no-record': { type: 'boolean', default: false }, shots: { type: 'string' }, trace: { type: 'boolean', default: false }, 'no-big': { type: 'boolean', default: false }, opens: { type: 'string', default: '5' }, 'no-speedscope': { type: 'boolean', default: false }, 'speedscope-timeout': { type: 'string', default: '300' } } });
/** How long speedscope may take to open one file before it is reported as not finished, ms. */
const speedscopeTimeoutMs = Number(values['speedscope-timeout']) * 1000;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LONG = 15 * 60_000;

if (!existsSync(path.join(repo, 'dist/node/web.js')) || !existsSync(path.join(repo, 'dist/renderer/index.html'))) {
  console.error('bench:open needs the built app: run "npm run build" first.');
  process.exit(1);
}
if (!existsSync(chromiumPath)) {
  console.error(`bench:open needs Chromium at ${chromiumPath} (apt-get install chromium, or set CHROMIUM_PATH).`);
  process.exit(1);
}

const mb = (b) => `${(b / 1024 / 1024).toFixed(1)} MB`;
const kb = (b) => (b >= 1024 * 1024 ? mb(b) : `${(b / 1024).toFixed(0)} KB`);
/** --trace: what the page asked the analysis worker, and when each was answered. */
function trace(title, asks) {
  console.log(title);
  for (const a of asks) console.log(`  ${a.what.padEnd(34)} asked ${a.at.toFixed(0).padStart(6)}  answered ${a.doneAt === null ? '     —' : a.doneAt.toFixed(0).padStart(6)}${a.failed ? `  (${a.failed})` : ''}`);
}
const msText = (ms) => `${ms < 10 ? ms.toFixed(1) : ms.toFixed(0)} ms`;

// ---------- processes and their peak memory (Linux /proc) ----------

function procStat(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return { ppid: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) };
  } catch {
    return null;
  }
}

/** Peak resident memory (VmHWM) of a process, in bytes; 0 when it is gone. */
function peakRss(pid) {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Chromium's renderer processes started by this process (the page and its workers live there). */
function rendererPids() {
  const parent = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = procStat(name);
    if (s) parent.set(Number(name), s.ppid);
  }
  const mine = (pid) => {
    for (let p = pid, hops = 0; p > 1 && hops < 20; p = parent.get(p) ?? 0, hops++) if (p === process.pid) return true;
    return false;
  };
  return [...parent.keys()].filter((pid) => {
    if (!mine(pid)) return false;
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer');
    } catch {
      return false;
    }
  });
}

// ---------- browser mode ----------

function startWebMode(library) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repo, 'dist/node/web.js'), '--no-open', '--library', library], { cwd: repo });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`browser mode did not start: ${out}`)), 30_000);
    child.stderr.on('data', (d) => (out += d));
    child.stdout.on('data', (d) => {
      out += d;
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1], child });
      }
    });
    child.on('exit', (code) => reject(new Error(`browser mode exited with ${code}: ${out}`)));
  });
}

// ---------- in the page ----------

/**
 * Page-side helpers, installed before the app loads: when the recordingDone
 * event arrived, and a wait for "the flamegraph is drawn".
 */
function pageHelpers() {
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (m) => {
        if (typeof m.data === 'string' && m.data.includes('"recordingDone"')) window.__recordingDoneAt = performance.now();
      });
    }
  };
  // When a file was last chosen in a file input (page clock): speedscope is timed from the same event (bench/speedscope.js).
  document.addEventListener('change', (e) => {
    if (e.target instanceof HTMLInputElement && e.target.type === 'file') window.__chosenAt = performance.now();
  }, true);
  // Every request to the analysis worker, when asked and answered (page clock), to say why a view came late.
  window.__asks = [];
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(...args) {
      super(...args);
      const byId = new Map();
      const post = this.postMessage.bind(this);
      this.postMessage = (m, t) => {
        if (m && typeof m === 'object' && 'id' in m) {
          const ask = { id: m.id, what: m.type === 'view' ? `${m.request.view}${m.request.overview ? ' overview' : ''}${m.request.widthPx ? ` ${m.request.widthPx}px` : ''}` : m.type, at: performance.now(), doneAt: null, failed: null };
          byId.set(m.id, ask);
          window.__asks.push(ask);
        }
        return post(m, t);
      };
      this.addEventListener('message', (e) => {
        const ask = byId.get(e.data?.id);
        if (ask) { ask.doneAt = performance.now(); ask.failed = e.data.ok ? null : e.data.message; }
      });
    }
  };
  const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
  /** Resolves (after one more frame) once `ready()` holds; checked every animation frame. */
  window.__until = async (ready, timeoutMs = 900_000) => {
    const start = performance.now();
    while (!ready()) {
      if (performance.now() - start > timeoutMs) throw new Error('timed out');
      await frame();
    }
    await frame();
    return performance.now();
  };
  const chart = () => document.querySelector('[data-testid="flamegraph"] svg');
  const width = (g) => Number(g.querySelector('rect')?.getAttribute('width') ?? 0);
  window.__frames = () => [...(chart()?.querySelectorAll('g.frame') ?? [])];
  /** The root frame spans the chart and is labelled: drawn, entry animation over. */
  window.__drawn = () => {
    const svg = chart();
    const frames = window.__frames();
    if (!svg || frames.length === 0) return false;
    const w = Number(svg.getAttribute('width'));
    const root = frames.reduce((a, b) => (width(b) > width(a) ? b : a));
    return width(root) >= 0.99 * w && (root.querySelector('div')?.textContent ?? '') !== '';
  };
  window.__width = width;
  /** The verdict is written (not stale) and the timeline's flame chart has drawn its rectangles. */
  window.__settled = () => {
    const verdict = document.querySelector('[data-testid="verdict"] .verdict');
    const chart = document.querySelector('[data-testid="flame-chart"]');
    return !!verdict && !verdict.classList.contains('stale') && !!chart && Number(chart.getAttribute('data-rects')) > 0;
  };
  /** Types `text` in the flamegraph's search box: ms until the matches are said, and what is said. */
  window.__search = async (text) => {
    const input = document.querySelector('[data-testid="flamegraph-search"]');
    const matches = document.querySelector('[data-testid="flamegraph-matches"]');
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    const start = performance.now();
    setValue.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    const ms = (await window.__until(() => /match/.test(matches.textContent ?? ''))) - start;
    const said = matches.textContent;
    setValue.call(input, '');
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await window.__until(() => !/match/.test(matches.textContent ?? ''));
    return { ms, said };
  };
  /** The flame chart drawn from every sample (not its overview, renderer/src/result/FlameChart.tsx). */
  window.__exactChart = () => {
    const chart = document.querySelector('[data-testid="flame-chart"]');
    return !!chart && Number(chart.getAttribute('data-rects')) > 0 && !chart.hasAttribute('data-overview') && !chart.hasAttribute('data-exact-share');
  };
  /** The exact chart drawn in part (what the worker has walked so far, the overview right of it), or whole. */
  window.__exactPart = () => {
    const chart = document.querySelector('[data-testid="flame-chart"]');
    return window.__exactChart() || (!!chart && chart.hasAttribute('data-exact-share'));
  };
}

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), 'flambe-bench-open-'));
  const cleanups = [() => rmSync(work, { recursive: true, force: true })];
  const cleanup = async () => {
    for (const c of cleanups.reverse()) {
      try { await c(); } catch { /* keep cleaning */ }
    }
  };
  try {
    const withBig = !values['no-big'];
    const file = path.join(work, 'big.cpuprofile');
    if (withBig) {
      console.log(`bench:open — generating a ~${values.mb} MB profile…`);
      writeFileSync(file, generate(Number(values.mb) * 1024 * 1024));
    }
    const bytes = withBig ? readFileSync(file).length : 0;
    const big = mb(bytes);
    if (withBig) console.log(`profile: ${big}`);

    const web = await startWebMode(path.join(work, 'library.sqlite'));
    cleanups.push(() => new Promise((r) => { if (web.child.exitCode !== null) return r(); web.child.once('exit', r); web.child.kill('SIGTERM'); }));
    const token = new URL(web.url).searchParams.get('token');
    const origin = new URL(web.url).origin;
    const api = async (method, arg) => {
      const res = await fetch(`${origin}/api/${method}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-flambe-token': token }, body: JSON.stringify(arg) });
      const body = await res.json();
      if (!body.ok) throw new Error(body.error.message);
      return body.result;
    };

    const browser = await chromium.launch({
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
    });
    cleanups.push(() => browser.close());

    // The reference: JSON.parse in a page of its own (its memory is not the app's), closed afterwards.
    const parseTimes = async (text, filePath, rounds) => {
      const ctx = await browser.newContext();
      const page = await ctx.newPage();
      await page.setContent('<input type="file" id="f">');
      if (filePath) await page.setInputFiles('#f', filePath);
      const ms = await page.evaluate(async ({ text, rounds }) => {
        const t = text ?? await document.getElementById('f').files[0].text();
        let best = Infinity;
        for (let r = 0; r < rounds; r++) {
          const t0 = performance.now();
          JSON.parse(t);
          JSON.parse(t);
          best = Math.min(best, performance.now() - t0);
        }
        return best;
      }, { text, rounds });
      await ctx.close();
      return ms;
    };
    const bigParse = withBig ? await parseTimes(null, file, 1) : null;

    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await page.addInitScript(pageHelpers);
    await page.goto(web.url);
    await page.getByTestId('nav-library').click();

    const rows = [];
    const row = (name, ms, ref, target = '', extra = '') => rows.push({ name, ms, ref, target, extra });
    const framesDrawn = () => page.evaluate(() => window.__frames().length);
    /** Nodes in the tree handed to d3-flame-graph (it lays out all of them, draws those ≥ 1 px). */
    const treeNodes = () => page.evaluate(() => {
      const root = document.querySelector('[data-testid="flamegraph"]').__data__;
      let n = 0;
      for (const stack = root ? [root] : []; stack.length;) { const x = stack.pop(); n++; for (const c of x.children ?? []) stack.push(c); }
      return n;
    });

    /** Flambé's and speedscope's times for the same step on the same file (section 3). */
    const peers = [];
    const withSpeedscope = !values['no-speedscope'] && speedscopeVersion() !== null;
    let speedscopeUrl = null;
    if (withSpeedscope) {
      const served = await serveSpeedscope();
      cleanups.push(() => served.close());
      speedscopeUrl = served.url;
    }
    let serverAfterBig = 0;
    let pageAfterBig = 0;
    if (withBig) {
      // ---- 1. the big file: import and open, save, reopen, zoom, reset, search ----
      // One .cpuprofile chosen is shown at once from the page's own read while the library saves it
      // (renderer/src/library/open-imported.ts): "import + open" is file chosen → flamegraph drawn,
      // what the user waits for; the save is timed until the page says it is saved.
      console.log('importing it through the Library\'s file input…');
      const t0 = performance.now();
      await page.getByTestId('import-input').setInputFiles(file);
      const shownOnPage = await page.evaluate(async () => (await window.__until(() => document.querySelector('[data-testid="result-screen"]') && window.__drawn())) - window.__chosenAt);
      const shown = performance.now() - t0;
      peers.push({ what: `${big}: file chosen → drawn`, flambe: shownOnPage, flambeHow: 'once' });
      const bigFrames = await framesDrawn();
      const bigNodes = await treeNodes();
      await page.getByTestId('import-saving').waitFor({ state: 'detached', timeout: LONG });
      const imported = performance.now() - t0;
      await page.getByTestId('nav-library').click();
      const result = page.getByTestId('import-result').first();
      if ((await result.getAttribute('data-ok')) !== 'true') throw new Error(`the import failed: ${await result.textContent()}`);
      await page.getByTestId('library-row').first().waitFor({ timeout: LONG });
      // Opened from the Library: until the flamegraph is drawn, then until the rest of the page a user
      // reads is — the verdict written and the timeline's flame chart drawn (nothing clicked meanwhile).
      const openFromLibrary = () => page.evaluate(async () => {
        const start = performance.now();
        window.__asks.length = 0;
        document.querySelector('[data-testid="library-row"]').dispatchEvent(new MouseEvent('dblclick', { bubbles: true }));
        const drawn = await window.__until(window.__drawn);
        const settledAt = await window.__until(window.__settled);
        const partAt = await window.__until(window.__exactPart);
        const exactAt = await window.__until(window.__exactChart);
        const asks = window.__asks.map((x) => ({ ...x, at: x.at - start, doneAt: x.doneAt === null ? null : x.doneAt - start }));
        return { ms: drawn - start, restMs: settledAt - drawn, partMs: partAt - drawn, exactMs: exactAt - drawn, asks };
      });
      const opened = await openFromLibrary();
      // --trace: what the page asked the analysis worker while it opened, and when each was answered (ms after the double click).
      if (values.trace) {
        trace('worker requests while opening from the Library (ms after the double click):', opened.asks);
      }
      row(`${big}: import + open (file chosen → flamegraph drawn)`, shown, bigParse, '≤ 3.0', `${bigFrames} frames drawn (target ≤ 5 000) of ${bigNodes} in the tree given to d3`);
      row(`${big}: import (file chosen → saved in the library)`, imported, bigParse);
      row(`${big}: open from the Library (chosen → drawn)`, opened.ms, bigParse);
      row(`${big}: verdict and flame chart, after the flamegraph`, opened.restMs, null, '≤ 1 s', 'opened from the Library, nothing clicked meanwhile; the chart may be its overview');
      row(`${big}: the exact flame chart's first part, after the flamegraph`, opened.partMs, null, '≤ 1 s', 'what the worker has walked so far, the overview right of it');
      row(`${big}: the exact flame chart, after the flamegraph`, opened.exactMs, null, '', 'until then its overview, then its parts, are drawn and said to be such');
      // Opened once more, to click while the verdict and the chart are still computed (below).
      await page.getByTestId('nav-library').click();
      await page.getByTestId('library-row').first().waitFor({ timeout: LONG });
      // Searched as soon as the flamegraph is drawn: the worker is still busy with the verdict and the flame chart.
      const searchAtOnce = await page.evaluate(async () => {
        document.querySelector('[data-testid="library-row"]').dispatchEvent(new MouseEvent('dblclick', { bubbles: true }));
        await window.__until(window.__drawn);
        return window.__search('render');
      });
      // --shots DIR: the timeline with the chart's overview, then with the exact chart (to look at).
      const shot = async (name) => {
        if (!values.shots) return;
        await page.getByTestId('flame-chart').scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(values.shots, name) });
      };
      if (values.shots) {
        await page.evaluate(() => window.__until(window.__settled));
        await shot('open-chart-first.png');
      }

      // Zoom and reset twice: at once (the click lands while the analysis worker still computes the
      // verdict and the timeline's flame chart, and the page draws them), and once the page has drawn
      // the whole recording — the verdict written and the flame chart drawn — the page a user reads.
      // The target is for the second; the first is printed so that the cost of clicking early is seen.
      const drawnAt = performance.now();
      const settled = () => page.evaluate(() => window.__until(() => window.__settled() && window.__exactChart()));
      // Zoom into a frame a few levels down that holds a fair share (not the whole) of the time.
      const zoomIn = () => page.evaluate(async () => {
        const svg = document.querySelector('[data-testid="flamegraph"] svg');
        const w = Number(svg.getAttribute('width'));
        const candidates = window.__frames().filter((g) => {
          const share = window.__width(g) / w;
          return share > 0.05 && share < 0.5 && !g.getAttribute('name').endsWith('small frames');
        });
        const g = candidates.sort((a, b) => window.__width(b) - window.__width(a))[0];
        if (!g) throw new Error('no frame to zoom into');
        const name = g.getAttribute('name');
        const full = () => window.__frames().some((f) => f.getAttribute('name') === name && window.__width(f) >= 0.99 * w);
        const start = performance.now();
        g.dispatchEvent(new MouseEvent('click', { bubbles: true }));
        const ms = (await window.__until(full)) - start;
        return { name, ms, frames: window.__frames().length };
      });
      const resetZoom = (name) => page.evaluate(async (name) => {
        const svg = document.querySelector('[data-testid="flamegraph"] svg');
        const w = Number(svg.getAttribute('width'));
        const back = () => window.__drawn() && window.__frames().every((f) => !f.classList.contains('fade'))
          && window.__frames().filter((f) => f.getAttribute('name') === name).every((f) => window.__width(f) < 0.99 * w);
        const start = performance.now();
        document.querySelector('[data-testid="flamegraph-reset-zoom"]').click();
        const ms = (await window.__until(back)) - start;
        return { ms, frames: window.__frames().length };
      }, name);

      const early = await zoomIn();
      const earlyReset = await resetZoom(early.name);
      await settled();
      const settledMs = performance.now() - drawnAt;
      await shot('open-chart-exact.png');
      const zoom = await zoomIn();
      const reset = await resetZoom(zoom.name);
      row(`${big}: zoom into ${zoom.name}, page drawn`, zoom.ms, null, '≤ 200 ms', `${zoom.frames} frames drawn; verdict and flame chart drawn ${(settledMs / 1000).toFixed(1)} s after the flamegraph, the early zoom and reset between`);
      row(`${big}: reset zoom, page drawn`, reset.ms, null, '≤ 200 ms', `${reset.frames} frames drawn`);
      row(`${big}: zoom at once (verdict, chart still computing)`, early.ms, null, '', `${early.frames} frames drawn`);
      row(`${big}: reset at once`, earlyReset.ms, null, '', `${earlyReset.frames} frames drawn`);

      const search = await page.evaluate(() => window.__search('render'));
      row(`${big}: search "render" (typed → matches shown)`, search.ms, null, '≤ 200 ms', search.said);
      row(`${big}: search "render" right after the flamegraph is drawn`, searchAtOnce.ms, null, '≤ 200 ms', `${searchAtOnce.said}; the verdict and the flame chart still computing`);
      serverAfterBig = peakRss(web.child.pid);
      pageAfterBig = Math.max(0, ...rendererPids().map(peakRss));
      peers.push({ what: `${big}: search "render", page drawn`, flambe: search.ms, flambeHow: 'once' });
      if (withSpeedscope) {
        console.log('opening it in speedscope…');
        const ss = await openInSpeedscope(browser, speedscopeUrl, file, { queries: ['render'], timeoutMs: speedscopeTimeoutMs });
        const open = peers.find((p) => p.what === `${big}: file chosen → drawn`);
        const found = peers.find((p) => p.what === `${big}: search "render", page drawn`);
        if (ss.failed) open.speedscope = found.speedscope = ss.failed;
        else {
          open.speedscope = ss.openMs;
          found.speedscope = ss.searches[0].ms;
        }
      }
    }

    // ---- 2. a recording just saved, then chosen in the Library ----
    if (!values['no-record']) {
      console.log('recording the demo server (/json, 2 s)…');
      await page.getByTestId('nav-record').click();
      await page.getByTestId('demo-button').click();
      await page.getByTestId('target-info').waitFor({ timeout: 30_000 });
      const urlInput = page.getByTestId('url-input');
      const deadline = Date.now() + 20_000;
      while (!/^http:\/\/127\.0\.0\.1:\d+\//.test(await urlInput.inputValue())) {
        if (Date.now() > deadline) throw new Error('the demo server gave no URL');
        await new Promise((r) => setTimeout(r, 100));
      }
      await urlInput.fill(`${new URL(await urlInput.inputValue()).origin}/json`);
      await page.getByTestId('duration-input').fill('2');
      await page.getByTestId('warmup-input').fill('1');
      await page.evaluate(() => { window.__recordingDoneAt = undefined; });
      await page.getByTestId('record-button').click();
      const afterSave = await page.evaluate(async () => {
        await window.__until(() => window.__recordingDoneAt !== undefined && document.querySelector('[data-testid="result-screen"]') && window.__drawn(), 120_000);
        return performance.now() - window.__recordingDoneAt;
      });
      const recFrames = await framesDrawn();
      const list = await api('listRecordings', { limit: 5 });
      const rec = list.rows.find((r) => r.source === 'recorded');
      const { content } = await api('exportRecording', { id: rec.id, format: 'cpuprofile' });
      const recParse = await parseTimes(content, null, 5);
      row(`recording (${kb(content.length)}): Record done → drawn`, afterSave, recParse, '', `${recFrames} frames drawn`);

      await page.getByTestId('nav-library').click();
      // Chosen --opens times (the Library between each): the median, and the spread. Beside the wall
      // time, what the page's main thread spent (DevTools' Performance metrics, seconds of its own
      // work): steadier than the wall time on a busy machine.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Performance.enable');
      const mainThread = async () => {
        const { metrics } = await cdp.send('Performance.getMetrics');
        const m = Object.fromEntries(metrics.map((x) => [x.name, x.value * 1000]));
        return { task: m.TaskDuration, script: m.ScriptDuration, layout: m.LayoutDuration + m.RecalcStyleDuration };
      };
      const spent = [];
      const opens = [];
      const searches = [];
      for (let i = 0; i < Math.max(1, Number(values.opens)); i++) {
        if (i > 0) await page.getByTestId('nav-library').click();
        const before = await mainThread();
        const chosen = await page.evaluate(async (id) => {
          const start = performance.now();
          window.__asks.length = 0;
          document.querySelector(`[data-testid="library-row"][data-id="${id}"]`).dispatchEvent(new MouseEvent('dblclick', { bubbles: true }));
          const ms = (await window.__until(() => document.querySelector('[data-testid="result-screen"]') && window.__drawn(), 60_000)) - start;
          const asks = window.__asks.map((x) => ({ ...x, at: x.at - start, doneAt: x.doneAt === null ? null : x.doneAt - start }));
          return { ms, asks };
        }, rec.id);
        const after = await mainThread();
        spent.push({ task: after.task - before.task, script: after.script - before.script, layout: after.layout - before.layout });
        opens.push(chosen.ms);
        if (values.trace && i === 0) trace('worker requests while choosing the recording (ms after the double click):', chosen.asks);
        // A function's name as a user would type it: the widest drawn frame below the root, a new one each time (answers are memoized).
        const name = await page.evaluate((n) => {
          const names = [...new Set(window.__frames().sort((a, b) => window.__width(b) - window.__width(a)).map((g) => g.getAttribute('name')).filter((x) => x && !/small frames|^\(|^root$/.test(x)))];
          return names[n % names.length].split(' ')[0];
        }, i);
        searches.push({ name, ...(await page.evaluate((q) => window.__search(q), name)) });
      }
      const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
      const spread = (xs) => `${xs.length} times: ${xs.map((x) => x.toFixed(0)).join(', ')} ms`;
      row(`recording (${kb(content.length)}): chosen in the Library → drawn`, median(opens), recParse, '≤ 250 ms', `median of ${spread(opens)}`);
      const main = (k) => median(spent.map((x) => x[k]));
      row(`recording (${kb(content.length)}): its main thread's work meanwhile`, main('task'), null, '', `median: ${main('script').toFixed(0)} ms script, ${main('layout').toFixed(0)} ms style and layout (${spread(spent.map((x) => x.task))})`);
      row(`recording (${kb(content.length)}): search (typed → matches shown)`, median(searches.map((x) => x.ms)), null, '≤ 100 ms',
        `median of ${spread(searches.map((x) => x.ms))} (${searches.map((x) => x.name).join(', ')})`);
      if (withSpeedscope) await beside(content, searches.map((x) => x.name), median, spread);
    }

    /**
     * The recording's file, chosen in Flambé's file input and in speedscope's, --opens times each
     * (medians): both from the file chosen to the chart drawn; then searched for the same names.
     */
    async function beside(content, names, median, spread) {
      const recFile = path.join(work, 'recording.cpuprofile');
      writeFileSync(recFile, content);
      const flambe = [];
      for (let i = 0; i < Math.max(1, Number(values.opens)); i++) {
        await page.getByTestId('nav-library').click();
        await page.getByTestId('import-input').setInputFiles(recFile);
        flambe.push(await page.evaluate(async () => (await window.__until(() => document.querySelector('[data-testid="result-screen"]') && window.__drawn(), 60_000)) - window.__chosenAt));
        await page.getByTestId('import-saving').waitFor({ state: 'detached', timeout: LONG });
      }
      const ssOpens = [];
      const ssSearches = [];
      let failed = null;
      for (let i = 0; i < Math.max(1, Number(values.opens)) && !failed; i++) {
        const ss = await openInSpeedscope(browser, speedscopeUrl, recFile, { queries: [names[i % names.length]], timeoutMs: speedscopeTimeoutMs });
        if (ss.failed) failed = ss.failed;
        else {
          ssOpens.push(ss.openMs);
          ssSearches.push(ss.searches[0].ms);
        }
      }
      const size = kb(content.length);
      peers.push({ what: `recording (${size}): file chosen → drawn`, flambe: median(flambe), flambeHow: `median of ${spread(flambe)}`,
        speedscope: failed ?? median(ssOpens), speedscopeHow: failed ? '' : `median of ${spread(ssOpens)}` });
      const flambeSearch = rows.find((r) => r.name.startsWith(`recording (${size}): search`));
      peers.push({ what: `recording (${size}): search, same names`, flambe: flambeSearch.ms, flambeHow: 'the median above',
        speedscope: failed ?? median(ssSearches), speedscopeHow: failed ? '' : `median of ${spread(ssSearches)}` });
    }

    // ---- report ----
    console.log(`\nChromium ${browser.version()}, window 1440×900; profile ${withBig ? mb(bytes) : '(none: --no-big)'}; reference = 2 × JSON.parse of the same text in this browser, this run`);
    console.log(`  ${'step'.padEnd(52)} ${'time'.padStart(9)} ${'2×parse'.padStart(9)} ${'ratio'.padStart(6)}  target`);
    for (const r of rows) {
      const ratio = r.ref ? (r.ms / r.ref).toFixed(r.ms / r.ref >= 100 ? 0 : 2) : '';
      console.log(`  ${r.name.padEnd(52)} ${msText(r.ms).padStart(9)} ${(r.ref ? msText(r.ref) : '').padStart(9)} ${ratio.padStart(6)}  ${r.target}${r.extra ? `  ${r.extra}` : ''}`);
    }
    if (peers.some((p) => p.speedscope !== undefined)) {
      console.log(`\nFlambé beside speedscope ${speedscopeVersion()} (its release build, same Chromium, same run; both timed on the page from the file input's change event; ratio = Flambé / speedscope, below 1: Flambé is quicker)`);
      for (const p of peers.filter((x) => x.speedscope !== undefined)) {
        const ratio = typeof p.speedscope === 'number' ? (p.flambe / p.speedscope).toFixed(2) : '—';
        const ss = typeof p.speedscope === 'number' ? msText(p.speedscope) : p.speedscope;
        console.log(`  ${p.what.padEnd(44)} Flambé ${msText(p.flambe).padStart(8)}  speedscope ${ss.padStart(8)}  ratio ${ratio.padStart(5)}  (Flambé: ${p.flambeHow}${p.speedscopeHow ? `; speedscope: ${p.speedscopeHow}` : ''})`);
      }
    }
    if (withBig) console.log(`peak memory after the ${big} file: server ${mb(serverAfterBig)}, page ${mb(pageAfterBig)} (max RSS)`);
    console.log(`peak memory at the end: server ${mb(peakRss(web.child.pid))}, page ${mb(Math.max(0, ...rendererPids().map(peakRss)))} (max RSS)`);
  } finally {
    await cleanup();
  }
}

main().catch((e) => {
  console.error(`bench:open failed: ${e instanceof Error ? e.stack : String(e)}`);
  process.exit(1);
});
