// Every walk is iterative: a 20 000-frame-deep stack must not overflow the
// call stack in any view, transform, diff or exporter.
import { describe, expect, it } from 'vitest';
import { analyzeProfile } from './views/analyze.ts';
import { bottomUp } from './views/bottom-up.ts';
import { buildCallTree } from './views/call-tree.ts';
import { importCpuProfile, type CpuProfileNode } from './import/cpuprofile.ts';
import { buildDiffFlameTree } from './views/diff-flame.ts';
import { diffProfiles } from './views/diff.ts';
import { exportCollapsed } from './export/export-collapsed.ts';
import { exportCpuProfileText } from './export/export-cpuprofile.ts';
import { exportSpeedscope } from './export/export-speedscope.ts';
import { buildFlameTree } from './views/flame.ts';
import { importProfile } from './import/any-format.ts';
import { formatTree } from './test-support/text-profile.ts';
import { applyTransforms } from './transforms.ts';

describe('deep stacks', () => {
  it('are handled without recursion', () => {
    const depth = 20_000;
    const nodes: CpuProfileNode[] = [];
    for (let i = 1; i <= depth; i++) {
      // Recursion through two functions: f → g → f → g …
      const name = i === 1 ? '(root)' : i % 2 ? 'f' : 'g';
      nodes.push({ id: i, callFrame: { functionName: name, url: i === 1 ? '' : 'file:///app/r.js', lineNumber: i % 2, columnNumber: 0 }, children: i < depth ? [i + 1] : [] });
    }
    const samples = Array.from({ length: 2000 }, (_, i) => (i % 2 ? depth : depth - 1 - (i % 100)));
    const p = importCpuProfile({ nodes, samples, timeDeltas: samples.map(() => 1000), startTime: 0, endTime: 2_001_000 });
    expect(p.durationMs).toBe(2000);
    const a = analyzeProfile(p);
    expect(a.functions.map((f) => [f.name, f.totalMs])).toEqual([['f', 2000], ['g', 2000]]);
    expect(buildFlameTree(p).value).toBe(2000);
    expect(formatTree(buildCallTree(p)).split('\n').length).toBe(depth);
    expect(bottomUp(p, { path: [a.functions[0] && p.frames.findIndex((f) => f.name === 'f')] }).length).toBe(1);
    const f = p.frames.findIndex((fr) => fr.name === 'f');
    const collapsed = applyTransforms(p, [{ type: 'collapse-recursion', frame: f }, { type: 'collapse-node' }]);
    expect(buildFlameTree(collapsed).value).toBe(2000);
    expect(diffProfiles(p, p).functions.every((r) => r.deltaSelfPercent === 0)).toBe(true);
    expect(buildDiffFlameTree(p, p, { minFraction: 0.001 }).delta).toBe(0);
    expect(importProfile(exportCpuProfileText(p)).durationMs).toBe(2000);
    expect(exportCollapsed(p).length).toBeGreaterThan(depth);
    expect(exportSpeedscope(p).profiles[0].endValue).toBe(2000);
  });
});
