import { describe, expect, it } from 'vitest';
import { frameTooltip, prepareFlameData } from './flame-data.ts';

// root → handleRequest (app) → stringify (native); root → (idle)
// 4 samples of 1 ms each (startTime 0, deltas 1 ms, endTime 4 ms).
const cpuprofile = {
  startTime: 0,
  endTime: 4000,
  nodes: [
    { id: 1, callFrame: { functionName: '(root)', url: '', lineNumber: -1, columnNumber: -1 }, children: [2, 4] },
    { id: 2, callFrame: { functionName: 'handleRequest', url: 'file:///srv/app.js', lineNumber: 9, columnNumber: 2 }, children: [3] },
    { id: 3, callFrame: { functionName: 'stringify', url: '', lineNumber: -1, columnNumber: -1 } },
    { id: 4, callFrame: { functionName: '(idle)', url: '', lineNumber: -1, columnNumber: -1 } },
  ],
  samples: [2, 3, 3, 4],
  timeDeltas: [0, 1000, 1000, 1000],
};

describe('prepareFlameData', () => {
  it('builds the tree and the self time per class', () => {
    const r = prepareFlameData(cpuprofile);
    if (!r.ok) throw new Error(r.message);
    expect(r.data.totalMs).toBeCloseTo(4);
    expect(r.data.tree.children.map((c) => c.name)).toEqual(['handleRequest', '(idle)']);
    expect(r.data.selfMsByClass.user).toBeCloseTo(1);
    expect(r.data.selfMsByClass.native).toBeCloseTo(2);
    expect(r.data.selfMsByClass.idle).toBeCloseTo(1);
  });

  it('explains a file that is not a profile', () => {
    const r = prepareFlameData({ hello: 'world' });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toMatch(/^The profile could not be read: /);
  });

  it('writes a tooltip with file:line (1-based), self, total and share', () => {
    const r = prepareFlameData(cpuprofile);
    if (!r.ok) throw new Error(r.message);
    const handler = r.data.tree.children[0];
    expect(frameTooltip(r.data, handler)).toBe(
      'handleRequest\n/srv/app.js:10\nself 1.00 ms · total 3.00 ms · 75.0% of total\nyour code',
    );
  });
});
