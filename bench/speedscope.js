// speedscope beside Flambé in bench:open (issue 36: "ahead of speedscope on
// the same machine"): the same profile file opened in speedscope's own
// release build (the `speedscope` development dependency, served from
// 127.0.0.1 by this process), in the same Chromium, in the same run.
//
// What is timed, on the page's clock, so that both viewers count the same thing:
//   open   — the file input's change event (the file chosen) → the chart drawn:
//            speedscope's toolbar names the file and its chart's canvases are
//            in the page, then two animation frames (it paints its WebGL canvas
//            in an animation frame of its own);
//   search — a name set in its search box (Ctrl+F) → its match count says
//            "…/N" with N > 0, then one animation frame.
// A tab that crashes (speedscope holds a big profile's every frame as objects:
// a 69 MB file took its tab to 4.5 GB last round) or does not finish in time is
// reported as such, never as a time.
/* global window, document, requestAnimationFrame, HTMLInputElement */
import { createServer } from 'node:http';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const release = path.join(repo, 'node_modules/speedscope/dist/release');
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.png': 'image/png', '.woff2': 'font/woff2', '.json': 'application/json' };

/** speedscope's version, or null when the development dependency is not installed. */
export function speedscopeVersion() {
  try {
    return existsSync(path.join(release, 'index.html')) ? JSON.parse(readFileSync(path.join(repo, 'node_modules/speedscope/package.json'), 'utf8')).version : null;
  } catch {
    return null;
  }
}

/**
 * Serves speedscope's release folder on 127.0.0.2 (loopback too): another site than Flambé's
 * 127.0.0.1, so Chromium gives it a renderer process of its own — a speedscope tab that runs out of
 * memory must not take Flambé's page with it, nor count in its memory. Resolves to { url, close }.
 */
export async function serveSpeedscope() {
  const server = createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).replace(/^\/+/, '') || 'index.html';
    const file = path.join(release, name);
    if (!file.startsWith(release + path.sep) || !existsSync(file)) {
      res.statusCode = 404;
      res.end();
      return;
    }
    res.setHeader('content-type', TYPES[path.extname(file)] ?? 'application/octet-stream');
    createReadStream(file).pipe(res);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.2', resolve));
  return { url: `http://127.0.0.2:${server.address().port}/`, close: () => new Promise((r) => server.close(r)) };
}

/** Page helpers, installed before speedscope loads: when the file was chosen, and waits on animation frames. */
function speedscopeHelpers() {
  document.addEventListener('change', (e) => {
    if (e.target instanceof HTMLInputElement && e.target.type === 'file') window.__chosenAt = performance.now();
  }, true);
  const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
  window.__until = async (ready, timeoutMs) => {
    const start = performance.now();
    while (!ready()) {
      if (performance.now() - start > timeoutMs) throw new Error('timed out');
      await frame();
    }
    return performance.now();
  };
  window.__frame = frame;
  window.__count = () => [...document.querySelectorAll('span')].map((s) => s.textContent ?? '').find((t) => /^[?\d]+\/\d+$/.test(t)) ?? null;
}

/**
 * Opens `file` in speedscope in a page of its own (1440×900, like Flambé's), then searches each of
 * `queries` (names with matches). Resolves to { openMs, searches: [{ query, ms, said }] } or
 * { failed: 'why' }; the page is closed either way.
 */
export async function openInSpeedscope(browser, speedscopeUrl, file, { queries = [], timeoutMs = 300_000 } = {}) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  let crashed = false;
  page.on('crash', () => { crashed = true; });
  try {
    await page.addInitScript(speedscopeHelpers);
    await page.goto(speedscopeUrl);
    await page.locator('input[type=file]').waitFor({ state: 'attached' });
    await page.setInputFiles('input[type=file]', file);
    const name = path.basename(file);
    // Timed out here as well as on the page: a tab busy importing runs no animation frame to check its clock.
    let timer;
    const deadline = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs / 1000} s`)), timeoutMs); });
    const opened = page.evaluate(async ({ name, timeoutMs }) => {
      await window.__until(() => document.body.innerText.includes(name) && document.querySelectorAll('canvas').length >= 3, timeoutMs);
      await window.__frame();
      await window.__frame();
      return performance.now() - window.__chosenAt;
    }, { name, timeoutMs });
    opened.catch(() => {});
    const openMs = await Promise.race([opened, deadline]).finally(() => clearTimeout(timer));
    const searches = [];
    for (const query of queries) {
      await page.keyboard.press('Control+f');
      await page.locator('input:not([type=file])').waitFor();
      searches.push({ query, ...(await page.evaluate(async ({ query, timeoutMs }) => {
        const input = document.querySelector('input:not([type=file])');
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
        // Cleared first: the count then says "…/N" only for this query's matches.
        setValue.call(input, '');
        input.dispatchEvent(new Event('input', { bubbles: true }));
        await window.__until(() => !/\/[1-9]/.test(window.__count() ?? ''), timeoutMs);
        const start = performance.now();
        setValue.call(input, query);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        await window.__until(() => /\/[1-9]\d*$/.test(window.__count() ?? ''), timeoutMs);
        await window.__frame();
        return { ms: performance.now() - start, said: `${window.__count()?.split('/')[1]} matches` };
      }, { query, timeoutMs })) });
    }
    return { openMs, searches };
  } catch (e) {
    return { failed: crashed ? 'its tab crashed' : `did not finish: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}` };
  } finally {
    await page.close({ runBeforeUnload: false }).catch(() => {});
  }
}
