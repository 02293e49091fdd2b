// The packaged app's Electron fuses (issue 9 item 4): a release build must
// refuse --inspect / --inspect-brk / --remote-debugging on its command line
// (anyone who can start it could otherwise run code inside it), must not run
// as plain Node and must ignore NODE_OPTIONS. The end-to-end suite drives the
// unpacked Electron binary, which fuses do not touch, so nothing needs the
// inspect fuse on.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../..');
/** The `electronFuses:` block of electron-builder.yml, as name → boolean (comments skipped). */
function fuses(): Record<string, boolean> {
  const text = readFileSync(path.join(repo, 'electron-builder.yml'), 'utf8');
  const block = /^electronFuses:\n((?:[ \t]+.*\n|[ \t]*\n)+)/m.exec(text)?.[1] ?? '';
  const out: Record<string, boolean> = {};
  for (const m of block.matchAll(/^[ \t]+(\w+):[ \t]*(true|false)\b/gm)) out[m[1]] = m[2] === 'true';
  return out;
}
const config = { electronFuses: fuses() };

describe('electron-builder fuses for release builds', () => {
  it.each([
    ['enableNodeCliInspectArguments', false],
    ['runAsNode', false],
    ['enableNodeOptionsEnvironmentVariable', false],
    ['onlyLoadAppFromAsar', true],
    ['enableEmbeddedAsarIntegrityValidation', true],
    ['grantFileProtocolExtraPrivileges', false],
  ])('%s is %s', (fuse, value) => {
    expect(config.electronFuses?.[fuse]).toBe(value);
  });

  it('the Electron end-to-end suite launches the unpacked binary, which fuses do not change', () => {
    const spec = readFileSync(path.join(repo, 'e2e/electron.e2e.test.ts'), 'utf8');
    expect(spec).toMatch(/executablePath: binary!/);
    expect(spec).not.toMatch(/release\/|\.AppImage|linux-unpacked/);
  });
});
