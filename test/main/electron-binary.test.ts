// scripts/electron-binary.js finds Electron's binary the way
// node_modules/electron/index.js does — without ever downloading it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findElectronBinary, platformExecutable } from '../../scripts/electron-binary.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function project(files: Record<string, string> = {}): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'flambe-electron-bin-'));
  dirs.push(root);
  mkdirSync(path.join(root, 'node_modules/electron'), { recursive: true });
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe('findElectronBinary', () => {
  it('is null when the lazy download never ran (no path.txt)', () => {
    expect(findElectronBinary(project(), {})).toBeNull();
  });

  it('is null when path.txt names a binary that is not there', () => {
    expect(findElectronBinary(project({ 'node_modules/electron/path.txt': 'electron' }), {})).toBeNull();
  });

  it('finds the downloaded binary from path.txt', () => {
    const root = project({ 'node_modules/electron/path.txt': 'electron', 'node_modules/electron/dist/electron': '' });
    expect(findElectronBinary(root, {})).toBe(path.join(root, 'node_modules/electron/dist/electron'));
  });

  it('prefers ELECTRON_OVERRIDE_DIST_PATH, with the platform\'s executable name when path.txt is missing', () => {
    const root = project();
    const unpacked = path.join(root, 'unpacked');
    mkdirSync(path.dirname(path.join(unpacked, platformExecutable())), { recursive: true });
    writeFileSync(path.join(unpacked, platformExecutable()), '');
    expect(findElectronBinary(root, { ELECTRON_OVERRIDE_DIST_PATH: unpacked })).toBe(path.join(unpacked, platformExecutable()));
    expect(findElectronBinary(root, { ELECTRON_OVERRIDE_DIST_PATH: path.join(root, 'nowhere') })).toBeNull();
  });

  it('knows each platform\'s executable', () => {
    expect(platformExecutable('linux')).toBe('electron');
    expect(platformExecutable('win32')).toBe('electron.exe');
    expect(platformExecutable('darwin')).toBe('Electron.app/Contents/MacOS/Electron');
  });
});
