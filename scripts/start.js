#!/usr/bin/env node
// `npm start`: Flambé's desktop window when Electron's binary is on this
// machine (or can be fetched now), browser mode otherwise — the same UI,
// served by dist/node/web.js on 127.0.0.1.
//
//   npm start                 desktop window, or browser mode as a fallback
//   npm start -- --browser    browser mode straight away
//   npm start -- --no-open    (browser mode) print the URL, do not open a browser
//
// Electron >= 42 downloads its binary lazily on first run; we try that once
// (60 s at most, output kept quiet) and remember a failure for an hour so a
// machine without access to Electron's release host does not wait every time.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findElectronBinary } from './electron-binary.js';
import { runOnRecentNode } from './project-node.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// A machine whose own `node` is too old: go on under the Node npm installed.
await runOnRecentNode(root);
const DOWNLOAD_TIMEOUT_MS = 60_000;
const RETRY_DOWNLOAD_AFTER_MS = 60 * 60 * 1000;
const failureMarker = path.join(root, 'node_modules', '.cache', 'flambe', 'electron-download-failed');

const DESKTOP_FILES = ['dist/electron/main.js', 'dist/electron/preload.cjs', 'dist/node/service-host.js', 'dist/renderer/index.html'];
const BROWSER_FILES = ['dist/node/web.js', 'dist/renderer/index.html'];

const argv = process.argv.slice(2);
const forceBrowser = argv.includes('--browser');
const passThrough = argv.filter((a) => a !== '--browser');

if (forceBrowser) {
  startBrowserMode();
} else if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
  console.log('There is no display here for a desktop window, so Flambé is starting in browser mode: open the URL it prints.');
  startBrowserMode();
} else {
  const binary = findElectronBinary(root) ?? tryDownloadOnce();
  if (binary) {
    ensureBuilt(DESKTOP_FILES);
    run(binary, ['.', ...passThrough]);
  } else {
    console.log("Flambé's desktop window needs Electron's binary, which could not be downloaded here, so it is opening in your browser instead.");
    startBrowserMode();
  }
}

function startBrowserMode() {
  ensureBuilt(BROWSER_FILES);
  run(process.execPath, [path.join(root, 'dist/node/web.js'), ...passThrough]);
}

/** Runs node_modules/electron/install.js quietly, at most once an hour. Returns the binary or null. */
function tryDownloadOnce() {
  const install = path.join(root, 'node_modules', 'electron', 'install.js');
  if (!existsSync(install)) return null;
  if (existsSync(failureMarker) && Date.now() - statSync(failureMarker).mtimeMs < RETRY_DOWNLOAD_AFTER_MS) return null;
  console.log("Fetching Electron's binary (first run only, up to a minute)…");
  const result = spawnSync(process.execPath, [install], {
    cwd: path.dirname(install),
    encoding: 'utf8',
    timeout: DOWNLOAD_TIMEOUT_MS,
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 16 * 1024 * 1024,
  });
  const binary = result.status === 0 ? findElectronBinary(root) : null;
  if (!binary) {
    try {
      mkdirSync(path.dirname(failureMarker), { recursive: true });
      // Kept for whoever wants to know why: the installer's own words.
      writeFileSync(failureMarker, `${result.error?.message ?? ''}\n${result.stdout ?? ''}\n${result.stderr ?? ''}`);
    } catch {
      // Not being able to remember the failure only means trying again next time.
    }
  }
  return binary;
}

/** Builds when any of `files` is missing (a fresh clone, or after `rm -rf dist`). */
function ensureBuilt(files) {
  const missing = () => files.filter((f) => !existsSync(path.join(root, f)));
  if (missing().length === 0) return;
  console.log('Building Flambé first…');
  const result = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.js')], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The build failed (see above): fix it, then run "npm start" again.');
    process.exit(result.status ?? 1);
  }
  if (missing().length > 0) {
    console.error(`The build did not produce ${missing().join(', ')}.`);
    process.exit(1);
  }
}

/**
 * Runs the app as a child and mirrors its exit. On POSIX the child gets its
 * own process group, so Ctrl+C reaches it exactly once — through us. (A
 * second SIGINT makes Electron exit at once, skipping the clean-up that
 * stops launched targets.)
 */
function run(command, args) {
  const env = { ...process.env };
  delete env.ELECTRON_RUN_AS_NODE; // would turn Electron into plain Node
  const posix = process.platform !== 'win32';
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env, detached: posix });
  const forward = (signal) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  // On Windows the console delivers Ctrl+C to the child itself.
  if (posix) process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  if (posix) process.on('SIGHUP', forward);
  child.on('error', (e) => {
    console.error(`Could not start ${path.basename(command)}: ${e.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    process.exit(code ?? (signal ? 128 + (constants.signals[signal] ?? 0) : 1));
  });
}
