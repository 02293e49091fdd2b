// The desktop app end to end, where Electron's binary exists: the real main
// process, sandboxed preload, app:// protocol and service host, driven by
// playwright-core's _electron. Elsewhere the whole suite is skipped, with
// the reason in its title.
//
// The binary is looked up WITHOUT require('electron'): with Electron >= 42
// that require downloads the binary on first use (and Playwright does the same
// when it has no executablePath), which this suite must never trigger.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { _electron as electron, type ElectronApplication, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findElectronBinary } from '../scripts/electron-binary.js';

const repo = path.resolve(import.meta.dirname, '..');
const binary = findElectronBinary(repo);
const noDisplay = process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY;

const skipReason = !binary
  ? 'Electron binary not available on this machine — set ELECTRON_OVERRIDE_DIST_PATH to an unpacked Electron 45'
  : noDisplay
    ? 'no display for a window — run under xvfb-run'
    : null;

const BUILT = ['dist/electron/main.js', 'dist/electron/preload.cjs', 'dist/node/service-host.js', 'dist/renderer/index.html'];

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe.skipIf(skipReason !== null)(`Electron app${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let app: ElectronApplication | undefined;
  let page: Page;
  let libraryDir: string;

  beforeAll(async () => {
    const missing = BUILT.filter((f) => !existsSync(path.join(repo, f)));
    if (missing.length) throw new Error(`Build first ("npm run build"): ${missing.join(', ')} missing.`);
    libraryDir = mkdtempSync(path.join(os.tmpdir(), 'flambe-e2e-electron-'));
    app = await electron.launch({
      executablePath: binary!,
      args: ['.'],
      cwd: repo,
      env: { ...process.env, FLAMBE_LIBRARY: path.join(libraryDir, 'library.sqlite') } as Record<string, string>,
      timeout: 60_000,
    });
    page = await app.firstWindow();
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await page.waitForLoadState('domcontentloaded');
  });

  afterAll(async () => {
    await app?.close();
    if (libraryDir) rmSync(libraryDir, { recursive: true, force: true });
  });

  it('serves the UI from app://flambe/ with only the bridge exposed', async () => {
    expect(page.url()).toMatch(/^app:\/\/flambe\//);
    const globals = await page.evaluate(() => {
      const w = window as unknown as Record<string, unknown>;
      const bridge = w.flambe as Record<string, unknown> | undefined;
      return { require: typeof w.require, process: typeof w.process, bridge: bridge ? Object.keys(bridge).sort() : null };
    });
    expect(globals).toEqual({ require: 'undefined', process: 'undefined', bridge: ['invoke', 'onEvent'] });
  });

  it('answers a bad call with the contract\'s sentence, not an IPC error', async () => {
    const messages = await page.evaluate(async () => {
      const bridge = (window as unknown as { flambe: { invoke(m: string, a: unknown): Promise<unknown> } }).flambe;
      const message = (p: Promise<unknown>) => p.then(() => 'resolved', (e: Error) => e.message);
      return [await message(bridge.invoke('nope', {})), await message(bridge.invoke('attachTarget', { host: 'localhost', port: 0 }))];
    });
    expect(messages).toEqual(['There is no API method "nope".', 'The port must be between 1 and 65535.']);
  });

  it('a crashed window says so and reloads: never a blank window (issue 38)', async () => {
    // The message box is the main process's: answered here, as a user pressing its first button (Reload).
    await app!.evaluate(({ dialog }) => {
      const g = globalThis as unknown as { boxes: string[] };
      g.boxes = [];
      dialog.showMessageBox = (async (...args: unknown[]) => {
        g.boxes.push((args.at(-1) as { message: string }).message);
        return { response: 0, checkboxChecked: false };
      }) as typeof dialog.showMessageBox;
    });
    await app!.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0].webContents.forcefullyCrashRenderer());
    await expect.poll(() => app!.evaluate(() => (globalThis as unknown as { boxes: string[] }).boxes), { timeout: 20_000 }).toEqual(['Flambé’s window crashed.']);
    await expect.poll(() => app!.evaluate(({ BrowserWindow }) => {
      const w = BrowserWindow.getAllWindows()[0];
      return w.isVisible() && !w.webContents.isCrashed() && w.webContents.getURL().startsWith('app://flambe/');
    }), { timeout: 20_000 }).toBe(true);
  });

  it('launches the demo server from the demo button and stops it when the app quits', async () => {
    await page.getByTestId('demo-button').click();
    const info = page.getByTestId('target-info');
    await info.waitFor({ timeout: 30_000 });
    await expect.poll(() => info.getAttribute('data-running'), { timeout: 10_000 }).toBe('true');
    const pid = Number(await page.getByTestId('target-pid').textContent());
    expect(pid).toBeGreaterThan(0);
    expect(isAlive(pid)).toBe(true);

    await app!.close(); // app.quit(): before-quit disposes the service host first
    app = undefined;
    await expect.poll(() => isAlive(pid), { timeout: 10_000 }).toBe(false);
  });
});
