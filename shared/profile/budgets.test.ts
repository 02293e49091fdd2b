import { describe, expect, it } from 'vitest';
import { importCpuProfile } from './import/cpuprofile.ts';
import { MAX_CALL_TREE_NODES, MAX_SAMPLES } from './budgets.ts';

const root = { id: 1, callFrame: { functionName: '(root)', url: '', scriptId: '0', lineNumber: -1, columnNumber: -1 }, children: [] };

describe('budgets of a .cpuprofile', () => {
  it('refuses more call-tree nodes than the budget before reading them', () => {
    const nodes = new Array(MAX_CALL_TREE_NODES + 1); // a sparse list: the count alone is refused
    nodes[0] = root;
    expect(() => importCpuProfile({ nodes, samples: [], timeDeltas: [], startTime: 0, endTime: 0 })).toThrow(
      'This profile has 1 000 001 call-tree nodes; Flambé stops at 1 000 000: no recording of a Node server has that many, so the file is damaged or made to exhaust memory.');
  });

  it('refuses more samples than the budget before timing them', () => {
    expect(() => importCpuProfile({ nodes: [root], samples: new Int32Array(MAX_SAMPLES + 1) as unknown as number[], timeDeltas: [], startTime: 0, endTime: 0 })).toThrow(
      'This profile has 20 000 001 samples; Flambé stops at 20 000 000 (more than 5 hours at one sample per millisecond): open a shorter recording.');
  });
});
