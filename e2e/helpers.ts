// Browser-mode end-to-end helpers: the real server (dist/node/web.js) and
// Debian's Chromium driven by playwright-core (no browser download).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';

export const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const artifacts = path.join(repo, 'e2e/artifacts');
/** Screenshots README and docs/ show: written by the e2e tests, so they show today's UI. */
export const docImages = path.join(repo, 'docs/images');
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(chromiumPath);

/**
 * A picture for the docs, of what the test just checked: the window as the
 * user sees it (not the whole page), in the light theme.
 */
/**
 * A picture README and docs/ show: into docs/images/ when `npm run docs:shots` runs (npm names the script it runs),
 * otherwise into e2e/artifacts/ — a test run does not change the repository's own files.
 */
export async function docShot(page: Page, name: string): Promise<void> {
  const dir = process.env.npm_lifecycle_event === 'docs:shots' ? docImages : artifacts;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

export interface WebMode { url: string; origin: string; child: ChildProcess; stop(): Promise<void> }

/** A library file of the test's own: tests never touch the user's library. */
export function tempLibrary(): string {
  return path.join(mkdtempSync(path.join(tmpdir(), 'flambe-e2e-')), 'library.sqlite');
}

export function startWebMode(opts: { library?: string; env?: Record<string, string> } = {}): Promise<WebMode> {
  const library = opts.library ?? tempLibrary();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repo, 'dist/node/web.js'), '--no-open', '--library', library], { cwd: repo, env: { ...process.env, ...opts.env } });
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`web mode did not start: ${out}${err}`)), 20_000);
    child.stderr.on('data', (d) => (err += d));
    child.stdout.on('data', (d) => {
      out += d;
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({
          url: m[1], origin: new URL(m[1]).origin, child,
          stop: () => new Promise((r) => { if (child.exitCode !== null) return r(); child.once('exit', () => r()); child.kill('SIGTERM'); }),
        });
      }
    });
    child.on('exit', (code) => reject(new Error(`web mode exited with ${code}: ${out}${err}`)));
  });
}

export function launchChromium(): Promise<Browser> {
  mkdirSync(artifacts, { recursive: true });
  return chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
}

/**
 * A page of its own size; the page's uncaught errors go into `errors` when a
 * test checks them, or to the test log otherwise.
 */
export async function newPage(browser: Browser, opts: { width?: number; height?: number; errors?: string[] } = {}): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 } });
  page.on('pageerror', (e) => (opts.errors ? opts.errors.push(e.message) : console.error('page error:', e.message)));
  return page;
}

export interface BrowserSession { web: WebMode; browser: Browser; page: Page }

/**
 * One browser-mode server (with a library of its own), one Chromium and one
 * page for the describe block it is called in: started before its tests,
 * stopped after them. Read `session.page` etc. inside the tests.
 */
/** `env`: for the web mode's process, over this one's (FLAMBE_TARGET_NODE: '' lets a launch run the terminal's Node). */
export function browserSession(opts: { width?: number; height?: number; errors?: string[]; env?: Record<string, string> } = {}): BrowserSession {
  const session = {} as BrowserSession;
  beforeAll(async () => {
    session.web = await startWebMode({ env: opts.env });
    session.browser = await launchChromium();
    session.page = await newPage(session.browser, opts);
  });
  afterAll(async () => {
    await session.browser?.close();
    await session.web?.stop();
  });
  return session;
}

/** After a launch on the Record screen: waits for the target and for the load URL it suggests. */
export async function waitForLaunchedTarget(page: Page): Promise<void> {
  await page.getByTestId('target-info').waitFor({ timeout: 20_000 });
  await expect.poll(() => page.getByTestId('url-input').inputValue(), { timeout: 10_000 }).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
}

/**
 * On the Record screen: launch the demo server with one click, point the load
 * at `route`, and press Record. Returns once the progress bar shows.
 */
export async function startDemoRecording(page: Page, opts: { route: string; durationSec: number; warmupSec: number }): Promise<void> {
  await page.getByTestId('demo-button').click();
  await waitForLaunchedTarget(page);
  const base = new URL(await page.getByTestId('url-input').inputValue());
  await page.getByTestId('url-input').fill(`${base.origin}${opts.route}`);
  await page.getByTestId('duration-input').fill(String(opts.durationSec));
  await page.getByTestId('warmup-input').fill(String(opts.warmupSec));
  await page.getByTestId('record-button').click();
  await page.getByTestId('progress').waitFor({ timeout: 10_000 });
}
