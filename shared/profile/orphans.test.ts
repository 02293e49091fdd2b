// A Chrome 141 trace whose ProfileChunk nodes name a parent that is not in
// the profile (Firefox Profiler's test file chrome141-no-arg-data: a chunk
// lost its data): opened as DevTools and speedscope open it, the orphans
// hanging from the root, with a note in the profile-quality checks.
import { describe, expect, it } from 'vitest';
import { trustChecks } from '../verdict/checks.ts';
import { importProfile } from './import/any-format.ts';
import { buildCallTree } from './views/call-tree.ts';
import { formatTree } from './test-support/text-profile.ts';

const frame = (functionName: string, lineNumber = 0) => ({ functionName, url: 'file:///app/server.js', scriptId: 1, lineNumber, columnNumber: 0 });

/** Profile + ProfileChunks as Chrome 141 writes them; nodes 757 and 758 name parent 753, which no chunk holds. */
function chrome141Trace() {
  const ev = (name: string, ts: number, data?: unknown) => ({ name, ph: 'P', cat: 'disabled-by-default-v8.cpu_profiler', pid: 7, tid: 1, id: '0x1', ts, ...(data ? { args: { data } } : { args: {} }) });
  return {
    traceEvents: [
      { name: 'thread_name', ph: 'M', pid: 7, tid: 1, args: { name: 'CrRendererMain' } },
      ev('Profile', 1000, { startTime: 1000 }),
      ev('ProfileChunk', 2000, {
        cpuProfile: { nodes: [{ id: 1, callFrame: frame('(root)') }, { id: 2, parent: 1, callFrame: frame('(program)') }, { id: 3, parent: 1, callFrame: frame('main', 1) }], samples: [3, 3, 2] },
        timeDeltas: [1000, 1000, 1000],
      }),
      ev('ProfileChunk', 3000, {
        cpuProfile: { nodes: [{ id: 757, parent: 753, callFrame: frame('render', 10) }, { id: 758, parent: 753, callFrame: frame('layout', 20) }], samples: [757, 757, 758, 3] },
        timeDeltas: [1000, 1000, 1000, 1000],
      }),
      ev('ProfileChunk', 4000), // Chrome ≥ 141: a last chunk without data
    ],
  };
}

describe('a Chrome 141 trace whose nodes name a missing parent', () => {
  it('opens, the orphans attached to the root, their time counted', () => {
    const p = importProfile(chrome141Trace());
    expect(p.samples.length).toBe(7);
    expect(formatTree(buildCallTree(p))).toMatchInlineSnapshot(`
      "- (root) (total 6, self 0)
        - main (total 2, self 2)
        - render (total 2, self 2)
        - (program) (total 1, self 1)
        - layout (total 1, self 1)"
    `);
    expect(p.orphans).toEqual({ count: 2, example: 'node 757 names a parent 753' });
  });

  it('says so in the profile-quality checks', () => {
    const checks = trustChecks(importProfile(chrome141Trace()), {}, []);
    expect(checks[0]).toEqual({ id: 'orphans', text: '2 call-tree nodes named a parent missing from the file (node 757 names a parent 753): Flambé attached them to the root, so their time is counted but their callers are unknown.' });
  });

  it('is still refused when no node is the root to attach them to', () => {
    const t = chrome141Trace();
    (t.traceEvents[2].args as { data: { cpuProfile: { nodes: { parent?: number }[] } } }).data.cpuProfile.nodes[0].parent = 999;
    expect(() => importProfile(t)).toThrow(/Node 1 names a parent 999 that is not in the profile, and no node is the root to attach it to/);
  });
});
