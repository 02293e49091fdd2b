// The default Node of a launched script (issue 38): without a chosen one, the
// script runs on the Node the user's terminal runs — not on Flambé's own, which
// `npm start` (and `npx vitest`, here) puts first on PATH. The truth is found
// apart: a login shell's `node --version`. FLAMBE_TARGET_NODE, which the test
// suite sets (vitest.config.ts), names another.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFlambeService } from '../../../electron/services/service.ts';
import { defaultNode, findNodePrograms, TARGET_NODE_ENV } from '../../../electron/services/targets/node-programs.ts';
import type { NodeProgram } from '../../../shared/api.ts';

const asked = process.env[TARGET_NODE_ENV];
delete process.env[TARGET_NODE_ENV];
const service = createFlambeService({ libraryPath: null });
afterAll(async () => {
  await service.dispose();
  if (asked !== undefined) process.env[TARGET_NODE_ENV] = asked;
});
const script = path.join(mkdtempSync(path.join(tmpdir(), 'flambe-default-node-')), 'server.js');
writeFileSync(script, `require('http').createServer((q, r) => r.end('ok')).listen(0, '127.0.0.1');`);

/** What `node --version` prints in the user's terminal: a login shell with its own PATH (null off POSIX or without node). */
function terminalNodeVersion(): string | null {
  try {
    return execFileSync(process.env.SHELL || '/bin/sh', ['-ilc', 'node --version'], { encoding: 'utf8', env: { HOME: process.env.HOME, TERM: 'dumb' }, timeout: 10_000 }).trim().split('\n').at(-1)!;
  } catch {
    return null;
  }
}

async function launchedNode(env?: string) {
  if (env) process.env[TARGET_NODE_ENV] = env;
  try {
    const t = await service.api.launchTarget({ script });
    const info = await service.api.getTarget({ targetId: t.targetId });
    await service.api.stopTarget({ targetId: t.targetId });
    return { version: info.nodeVersion, program: info.argv[0] };
  } finally {
    delete process.env[TARGET_NODE_ENV];
  }
}

describe('the Node a launched script runs on when none is chosen', () => {
  const terminal = process.platform === 'win32' ? null : terminalNodeVersion();

  it.runIf(terminal)('is the terminal’s, even with Flambé’s own first on PATH; FLAMBE_TARGET_NODE names another', async () => {
    const found = await findNodePrograms();
    expect(found.runs?.version).toBe(terminal);
    const ran = await launchedNode();
    expect(ran.version).toBe(terminal);
    expect(ran.program).toBe(found.runs!.realPath);
    // Here `npx vitest` put Flambé's own Node first on PATH: a different one unless the terminal's is also 24.x.
    if (found.onPath?.flambes && terminal !== process.version) expect(found.onPath.version).not.toBe(terminal);
    // Asked for by name, as the test suite asks for Flambé's own.
    expect((await launchedNode(process.execPath)).version).toBe(process.version);
  }, 60_000);

  it('is decided by one rule: the name given, else the terminal’s, else the one on Flambé’s PATH', () => {
    const own: NodeProgram = { path: '/app/node_modules/.bin/node', realPath: '/app/node_modules/node/bin/node', version: 'v24.21.0', from: 'path', flambes: true };
    const nvm: NodeProgram = { path: '/h/.nvm/versions/node/v22.1.0/bin/node', realPath: '/h/.nvm/versions/node/v22.1.0/bin/node', version: 'v22.1.0', from: 'nvm', flambes: false };
    expect(defaultNode({ programs: [nvm, own], onPath: own, yours: nvm }, undefined)).toBe(nvm);
    expect(defaultNode({ programs: [own], onPath: own, yours: null }, undefined)).toBe(own);
    expect(defaultNode({ programs: [nvm, own], onPath: own, yours: nvm }, own.realPath)).toBe(own);
    expect(defaultNode({ programs: [nvm, own], onPath: own, yours: nvm }, '/nowhere/node')).toBeNull();
  });
});
