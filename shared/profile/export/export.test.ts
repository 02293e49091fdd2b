// Exporters: .cpuprofile round trip, collapsed stacks, speedscope.
import { describe, expect, it } from 'vitest';
import { analyzeProfile } from '../views/analyze.ts';
import { importCpuProfile } from '../import/cpuprofile.ts';
import { exportCollapsed } from './export-collapsed.ts';
import { exportCpuProfile, exportCpuProfileText } from './export-cpuprofile.ts';
import { exportSpeedscope } from './export-speedscope.ts';
import { importProfile } from '../import/any-format.ts';
import type { Profile } from '../model.ts';
import { FIXTURES } from '../test-support/fixtures.ts';
import { profileFromText } from '../test-support/text-profile.ts';
import { dropMeta, mergeFunction } from '../transforms.ts';

/** Every number a view shows, for comparing two models. */
const numbers = (p: Profile) => ({ ...analyzeProfile(p), weights: Array.from(p.weightsMs) });

describe('.cpuprofile export', () => {
  for (const name of ['node20.cpuprofile', 'node22.cpuprofile', 'node24.cpuprofile', 'devtools-trace.json']) {
    it(`round-trips ${name}: import → export → import keeps every number`, () => {
      const p = importProfile(FIXTURES[name], name);
      const again = importProfile(exportCpuProfileText(p), 'again.cpuprofile');
      expect(numbers(again)).toEqual(numbers(p));
      expect(importCpuProfile(exportCpuProfile(p))).toEqual(again);
      expect(again.endTimeUs).toBe(p.endTimeUs);
    });
  }

  it('writes what V8 writes: 0-based lines, "" for anonymous, hitCount from samples', () => {
    const out = exportCpuProfile(profileFromText('main[a.js:5]\n(anonymous)[a.js:9]'));
    expect(out.nodes.map((n) => [n.id, n.callFrame.functionName, n.callFrame.lineNumber, n.hitCount, n.children])).toEqual([
      [1, '(root)', -1, 0, [2]], [2, 'main', 4, 0, [3]], [3, '', 8, 1, undefined],
    ]);
  });

  it('keeps every weight on a large clock when the last sample got the mean interval', () => {
    const frame = { functionName: 'f', url: 'file:///f.js', lineNumber: 0, columnNumber: 0 };
    const p = importCpuProfile({ nodes: [{ id: 1, callFrame: { ...frame, functionName: '(root)', url: '' }, children: [2] }, { id: 2, callFrame: frame }],
      samples: [2, 2, 2, 2], timeDeltas: [3, 1, 0, 2670], startTime: 2 ** 40 - 77, endTime: 2 ** 40 + 1e6 });
    expect(p.weightsMs[3]).toBeCloseTo(2.671 / 3, 12); // the mean interval, not a second
    expect(Array.from(importProfile(exportCpuProfileText(p)).weightsMs)).toEqual(Array.from(p.weightsMs));
  });

  it('keeps source-mapped frames: original location shown, generated location written, the table kept', () => {
    const frame = (functionName: string, url: string, lineNumber: number, columnNumber: number) => ({ functionName, url, lineNumber, columnNumber });
    const p = importCpuProfile({
      nodes: [{ id: 1, callFrame: frame('(root)', '', -1, -1), children: [2] }, { id: 2, callFrame: frame('a', 'file:///app/dist/work.js', 3, 15) }],
      samples: [2, 2], timeDeltas: [0, 1000], startTime: 0, endTime: 2000,
      flambeOriginalFrames: { 'file:///app/dist/work.js\u00004\u000016': ['file:///app/src/work.ts', 14, 23, 'crunch'] },
    });
    expect(p.frames[1]).toEqual({ name: 'crunch', url: 'file:///app/src/work.ts', line: 14, column: 23, kind: 'js', generated: { name: 'a', url: 'file:///app/dist/work.js', line: 4, column: 16 } });
    const out = exportCpuProfile(p);
    expect(out.nodes[1].callFrame).toMatchObject(frame('a', 'file:///app/dist/work.js', 3, 15));
    expect(importCpuProfile(out).frames).toEqual(p.frames);
  });

  it('exports transformed profiles too', () => {
    const p = dropMeta(profileFromText('main  (idle)  main  (gc)', { weightsMs: [1, 5, 2, 7] }));
    const q = importCpuProfile(exportCpuProfile(mergeFunction(p, 1)));
    expect(q.durationMs).toBe(0); // main merged away: nothing left
    const r = importCpuProfile(exportCpuProfile(p));
    expect(Array.from(r.weightsMs)).toEqual([1, 2]);
  });
});

describe('collapsed stacks', () => {
  it('writes one line per stack with self time in µs, root first', () => {
    const p = profileFromText(`
      main        main        main
      a[x.js:3]   a[x.js:3]   b;c[native]
      w[node:fs]
    `, { weightsMs: [1, 2.5, 0.25] });
    expect(exportCollapsed(p)).toBe('main /app/app.js:1;a /app/x.js:3 2500\nmain /app/app.js:1;a /app/x.js:3;w node:fs 1000\nmain /app/app.js:1;b,c 250\n');
    expect(exportCollapsed(p, { unit: 'samples' })).toContain('main /app/app.js:1;a /app/x.js:3 1\n');
  });
});

describe('speedscope', () => {
  it('writes an evented profile whose replay gives back every self time', () => {
    const p = importProfile(FIXTURES['node24.cpuprofile']);
    const file = exportSpeedscope(p, 'node24');
    expect(file.$schema).toBe('https://www.speedscope.app/file-format-schema.json');
    const prof = file.profiles[0];
    expect(prof.endValue).toBeCloseTo(p.durationMs, 6);
    // Replay: self time of the frame on top of the open stack between events.
    const self = new Map<number, number>();
    const open: number[] = [];
    let last = 0;
    for (const e of prof.events) {
      if (open.length) self.set(open[open.length - 1], (self.get(open[open.length - 1]) ?? 0) + e.at - last);
      last = e.at;
      if (e.type === 'O') open.push(e.frame);
      else expect(open.pop()).toBe(e.frame);
    }
    expect(open).toEqual([]);
    const want = analyzeProfile(p).functions;
    for (const f of want.slice(0, 20)) {
      const idx = p.frames.findIndex((fr) => fr.name === f.name && fr.url === f.url && fr.line === f.line && fr.column === f.column);
      expect(self.get(idx) ?? 0).toBeCloseTo(f.selfMs, 6);
    }
    expect(file.shared.frames[idx(p, 'handleRequest')]).toMatchObject({ name: 'handleRequest', file: '/app/server-work.js' });
  });
});

const idx = (p: Profile, name: string) => p.frames.findIndex((f) => f.name === name);
