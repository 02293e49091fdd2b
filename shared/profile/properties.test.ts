// Property tests (fast-check): whatever the input, the importer refuses it
// with a ProfileFormatError or builds a model whose numbers hold together.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeProfile } from './views/analyze.ts';
import { bottomUp } from './views/bottom-up.ts';
import { buildCallTree, type CallTreeNode } from './views/call-tree.ts';
import { bucketBreakdown, categoryBreakdown } from './views/categories.ts';
import { diffProfiles } from './views/diff.ts';
import { isProfileFormatError } from './format-error.ts';
import { exportCpuProfileText } from './export/export-cpuprofile.ts';
import { buildFlameTree } from './views/flame.ts';
import { importProfile } from './import/any-format.ts';
import { FIXTURES } from './test-support/fixtures.ts';

/** Runs the importer; anything but a model or a ProfileFormatError fails the property. */
function importOrRefuse(input: unknown, name?: string): void {
  try {
    importProfile(input, name);
  } catch (e) {
    if (!isProfileFormatError(e)) throw e;
  }
}

const NAMES = ['(root)', '(program)', '(idle)', '(garbage collector)', 'main', 'handle', 'log', '', 'parse', 'RegExp: a+'];
const LINE_TEXTS = ['return JSON.parse(s);', 'x = y + 1;', 'if (/a+b/.test(s)) go();', 'const t = JSON.stringify(o);', 'work();'];
const URLS = ['', 'file:///app/a.js', 'file:///app/node_modules/express/lib/router.js', 'node:fs', 'node:internal/console/constructor'];

/** A well-formed .cpuprofile: random tree, random ids, random (possibly out-of-order) integer deltas. */
const validCpuProfile = fc.integer({ min: 1, max: 40 }).chain((n) => fc.record({
  parents: fc.tuple(...Array.from({ length: n }, (_, i) => fc.integer({ min: 0, max: Math.max(0, i - 1) }))),
  frames: fc.array(fc.record({ name: fc.constantFrom(...NAMES), url: fc.constantFrom(...URLS), line: fc.integer({ min: -1, max: 50 }) }), { minLength: n, maxLength: n }),
  idBase: fc.integer({ min: 0, max: 1_000_000 }),
  samples: fc.array(fc.integer({ min: 0, max: n }), { maxLength: 80 }),
  deltas: fc.array(fc.integer({ min: -3000, max: 9000 }), { minLength: 80, maxLength: 80 }),
  startTime: fc.integer({ min: 0, max: 2 ** 40 }),
  tail: fc.integer({ min: -2000, max: 5000 }),
  // The line each sample's leaf was on (positionTicks), and which lines' text the recording read.
  lines: fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 80, maxLength: 80 }),
  texts: fc.array(fc.constantFrom(...LINE_TEXTS), { minLength: 7, maxLength: 7 }),
})).map(({ parents, frames, idBase, samples, deltas, startTime, tail, lines, texts }) => {
  // Node 0 is the root; node i+1 hangs under node parents[i] (< i+1).
  const count = parents.length + 1;
  const nodes = Array.from({ length: count }, (_, i) => ({
    id: idBase + i * 7,
    callFrame: i === 0 ? { functionName: '(root)', scriptId: '0', url: '', lineNumber: -1, columnNumber: -1 }
      : { functionName: frames[i - 1].name === '(root)' ? 'x' : frames[i - 1].name, scriptId: '1', url: frames[i - 1].url, lineNumber: frames[i - 1].line, columnNumber: 0 },
    children: [] as number[],
  }));
  parents.forEach((p, i) => nodes[p].children.push(nodes[i + 1].id));
  const s = samples.map((k) => nodes[k % count].id);
  // V8's out-of-order samples are a few strays: a majority of negative deltas is refused (timing rule 5).
  const strays = deltas.slice(1, s.length).filter((d) => d < 0).length;
  const timeDeltas = s.map((_, i) => (strays * 2 > s.length - 1 ? Math.abs(deltas[i]) : deltas[i]));
  const sum = timeDeltas.reduce((a, b) => a + b, 0);
  samples.forEach((k, i) => {
    if (lines[i] === 0) return;
    const node = nodes[k % count] as (typeof nodes)[number] & { positionTicks?: { line: number; ticks: number }[] };
    const at = (node.positionTicks ??= []).find((t) => t.line === lines[i]);
    if (at) at.ticks++;
    else node.positionTicks.push({ line: lines[i], ticks: 1 });
  });
  // A recording ends after it starts: a file whose endTime is before its startTime is refused (import/cpuprofile.ts).
  const flambeSourceLines = Object.fromEntries(URLS.filter(Boolean).map((u) => [u, Object.fromEntries(texts.map((t, l) => [String(l + 1), t]))]));
  return { nodes, samples: s, timeDeltas, startTime, endTime: startTime + Math.max(0, sum + tail), flambeSourceLines };
});

function treeNodes(root: CallTreeNode): CallTreeNode[] {
  const out: CallTreeNode[] = [];
  const stack = [root];
  while (stack.length) {
    const n = stack.pop()!;
    out.push(n);
    stack.push(...n.children);
  }
  return out;
}

describe('the importer never crashes', () => {
  it('on any JSON value', () => {
    fc.assert(fc.property(fc.jsonValue(), (v) => importOrRefuse(v)), { numRuns: 300 });
  });

  it('on any text', () => {
    fc.assert(fc.property(fc.string(), fc.constantFrom(undefined, 'a.cpuprofile', 'trace.json'), (t, name) => importOrRefuse(t, name)), { numRuns: 300 });
  });

  it('on profile-shaped objects with wrong parts anywhere', () => {
    const anyPart = fc.oneof(fc.anything(), fc.array(fc.integer()), fc.array(fc.anything()));
    const node = fc.record({ id: fc.oneof(fc.integer({ min: 0, max: 6 }), fc.anything()), callFrame: fc.oneof(fc.record({ functionName: fc.oneof(fc.string(), fc.anything()), url: fc.oneof(fc.constantFrom(...URLS), fc.anything()), lineNumber: fc.oneof(fc.integer(), fc.anything()) }), fc.anything()), children: fc.oneof(fc.array(fc.integer({ min: 0, max: 6 })), anyPart), positionTicks: fc.oneof(fc.array(fc.record({ line: fc.oneof(fc.integer(), fc.anything()), ticks: fc.oneof(fc.integer(), fc.anything()) })), anyPart) }, { requiredKeys: [] });
    const profile = fc.record({ nodes: fc.oneof(fc.array(node, { maxLength: 7 }), anyPart), samples: fc.oneof(fc.array(fc.integer({ min: 0, max: 6 })), anyPart), timeDeltas: fc.oneof(fc.array(fc.oneof(fc.integer(), fc.double(), fc.anything())), anyPart), startTime: fc.oneof(fc.integer(), fc.anything()), endTime: fc.oneof(fc.integer(), fc.anything()), flambeSourceLines: fc.anything() }, { requiredKeys: ['nodes'] });
    fc.assert(fc.property(profile, (p) => { importOrRefuse(p); importOrRefuse(JSON.stringify(p) ?? ''); }), { numRuns: 500 });
  });

  it('on damaged real files: cut anywhere, or a character changed', () => {
    const text = FIXTURES['node20.cpuprofile'];
    fc.assert(fc.property(fc.integer({ min: 0, max: text.length - 1 }), fc.string({ minLength: 1, maxLength: 2 }), fc.boolean(), (at, ch, cut) => {
      importOrRefuse(cut ? text.slice(0, at) : text.slice(0, at) + ch + text.slice(at + 1), 'x.cpuprofile');
    }), { numRuns: 300 });
  });
});

describe('the numbers hold together', () => {
  it('self times add up to the duration; total ≥ self everywhere; nothing exceeds the duration', () => {
    fc.assert(fc.property(validCpuProfile, (raw) => {
      const p = importProfile(raw);
      const eps = 1e-9 * Math.max(1, p.durationMs);
      const a = analyzeProfile(p);
      expect(a.functions.reduce((s, f) => s + f.selfMs, 0)).toBeCloseTo(p.durationMs, 6);
      expect(categoryBreakdown(p).reduce((s, c) => s + c.ms, 0)).toBeCloseTo(p.durationMs, 6);
      for (const by of ['function', 'file', 'package'] as const) {
        for (const r of bottomUp(p, { by })) {
          expect(r.totalMs).toBeGreaterThanOrEqual(r.selfMs - eps);
          expect(r.totalMs).toBeLessThanOrEqual(p.durationMs + eps);
        }
        for (const n of treeNodes(buildCallTree(p, { by }))) expect(n.totalMs).toBeGreaterThanOrEqual(n.selfMs - eps);
      }
      expect(buildFlameTree(p).value).toBeCloseTo(p.durationMs, 6);
      // Buckets never overlap, with line attribution too.
      expect(bucketBreakdown(p).reduce((sum, b) => sum + b.ms, 0)).toBeLessThanOrEqual(p.durationMs + eps);
      for (const w of p.weightsMs) expect(w).toBeGreaterThanOrEqual(0);
    }), { numRuns: 200 });
  });

  it('a profile diffed with itself is all zero', () => {
    fc.assert(fc.property(validCpuProfile, (raw) => {
      const p = importProfile(raw);
      for (const r of diffProfiles(p, p).functions) {
        expect(r.status).toBe('changed');
        expect(r.deltaSelfPercent).toBe(0);
        expect(r.deltaTotalPercent).toBe(0);
      }
    }), { numRuns: 150 });
  });

  it('export → import keeps every number', () => {
    fc.assert(fc.property(validCpuProfile, (raw) => {
      const p = importProfile(raw);
      const again = importProfile(exportCpuProfileText(p));
      expect(Array.from(again.weightsMs)).toEqual(Array.from(p.weightsMs));
      expect(analyzeProfile(again)).toEqual(analyzeProfile(p));
      expect(again.lineTicks).toEqual(p.lineTicks);
      expect(again.durationMs).toBe(p.durationMs);
    }), { numRuns: 200 });
  });
});
