// Importers: one line per real fixture (speedscope style), detection, and a
// readable refusal for every kind of damaged file.
import { describe, expect, it } from 'vitest';
import { analyzeProfile } from './analyze.ts';
import { importCpuProfile } from './cpuprofile.ts';
import { ProfileFormatError } from './errors.ts';
import { importProfile, importProfileWithFormat } from './import.ts';
import { FIXTURES } from './test-support/fixtures.ts';

const summary = (name: string) => {
  const { profile, format } = importProfileWithFormat(FIXTURES[name], name);
  const a = analyzeProfile(profile);
  const selfSum = a.functions.reduce((s, f) => s + f.selfMs, 0);
  return { format, samples: a.samples, durationMs: a.durationMs, selfSum, top: a.functions.slice(0, 3).map((f) => f.name), names: new Set(a.functions.map((f) => f.name)) };
};

describe('real fixtures', () => {
  for (const name of ['node20.cpuprofile', 'node22.cpuprofile', 'node24.cpuprofile']) {
    it(`imports ${name} (recorded with --cpu-prof)`, () => {
      const s = summary(name);
      expect(s.format).toBe('cpuprofile');
      expect(s.samples).toBeGreaterThan(100);
      expect(s.selfSum).toBeCloseTo(s.durationMs, 6);
      for (const fn of ['handleRequest', 'churn', 'fib', 'slugify', '(garbage collector)', 'RegExp: ^(a+)+$', 'pbkdf2Sync']) expect(s.names).toContain(fn);
    });
  }

  it('imports the DevTools trace to the same numbers as the profile it was built from', () => {
    const trace = summary('devtools-trace.json');
    const direct = summary('node22.cpuprofile');
    expect(trace.format).toBe('chrome-trace');
    expect({ ...trace, format: '' }).toEqual({ ...direct, format: '' });
  });

  it('never changes the parsed JSON it is given', () => {
    const parsed = JSON.parse(FIXTURES['node24.cpuprofile']);
    importProfile(parsed);
    importCpuProfile(parsed);
    expect(parsed).toEqual(JSON.parse(FIXTURES['node24.cpuprofile']));
  });

  it('reads the same model from the text and from the parsed JSON', () => {
    for (const name of ['node20.cpuprofile', 'node24.cpuprofile']) {
      expect(importProfile(FIXTURES[name])).toEqual(importCpuProfile(JSON.parse(FIXTURES[name])));
    }
  });
});

describe('format detection', () => {
  const cpu = { nodes: [{ id: 1, callFrame: { functionName: '(root)', url: '' } }], samples: [], timeDeltas: [], startTime: 0, endTime: 0 };
  const trace = [{ ph: 'P', name: 'Profile', id: '0x1', pid: 1, tid: 1, ts: 0, args: { data: { startTime: 0 } } },
    { ph: 'P', name: 'ProfileChunk', id: '0x1', pid: 1, tid: 2, ts: 1, args: { data: { cpuProfile: { nodes: [{ id: 1, callFrame: { functionName: '(root)' } }, { id: 2, parent: 1, callFrame: { functionName: 'f', url: 'file:///f.js' } }], samples: [2, 2] }, timeDeltas: [0, 1000], endTime: 2000 } } }];

  it('goes by name, then by content', () => {
    expect(importProfileWithFormat(JSON.stringify(cpu), 'x.cpuprofile').format).toBe('cpuprofile');
    expect(importProfileWithFormat(JSON.stringify(cpu), 'trace.json').format).toBe('cpuprofile');
    expect(importProfileWithFormat(JSON.stringify(trace), 'x.cpuprofile').format).toBe('chrome-trace');
    expect(importProfileWithFormat(JSON.stringify({ traceEvents: trace })).format).toBe('chrome-trace');
    expect(importProfileWithFormat(trace).profile.durationMs).toBe(2);
  });

  it('accepts bytes, a BOM and already-parsed JSON', () => {
    const text = '\ufeff' + JSON.stringify(cpu);
    expect(importProfile(new TextEncoder().encode(text)).frames[0].name).toBe('(root)');
    expect(importProfile(cpu).frames[0].kind).toBe('root');
  });

  it('refuses what is neither format', () => {
    expect(() => importProfile('{"hello":1}')).toThrow(/neither a V8 CPU profile .* nor a Chrome DevTools trace/);
    expect(() => importProfile('[{"ph":"X","name":"a"}]')).toThrow(/neither/);
    expect(() => importProfile({ traceEvents: [{ ph: 'X', name: 'RunTask' }] })).toThrow(/neither/);
  });

  it('says when a trace has no CPU profile in it', () => {
    expect(() => importProfile([{ ph: 'P', name: 'ProfileChunk', args: {} }])).toThrow(/Trace event 0 \(ProfileChunk\) has no data/);
  });

  it('names what is wrong inside a trace', () => {
    const chunk = (data: unknown) => [trace[0], { ...trace[1], args: { data } }];
    const nodes = [{ id: 1, callFrame: { functionName: '(root)' } }, { id: 2, parent: 9, callFrame: { functionName: 'f' } }];
    expect(() => importProfile(chunk({ cpuProfile: { nodes, samples: [2] }, timeDeltas: [0] }))).toThrow(/CPU profile: Node 2 names a parent 9 that is not in the profile/);
    expect(() => importProfile(chunk({ cpuProfile: { nodes: nodes.slice(0, 1), samples: 'x' }, timeDeltas: [0] }))).toThrow(/has samples that is not a list/);
    expect(() => importProfile(chunk({ cpuProfile: { nodes: nodes.slice(0, 1), samples: [1, 1] }, timeDeltas: [0] }))).toThrow(/2 samples but 1 timeDeltas/);
    const loop = [{ id: 1, callFrame: { functionName: '(root)' } }, { id: 2, parent: 3, callFrame: {} }, { id: 3, parent: 2, callFrame: {} }];
    expect(() => importProfile(chunk({ cpuProfile: { nodes: loop, samples: [] }, timeDeltas: [] }))).toThrow(/cycle through node 2/);
  });

  it('picks the busiest profile of a trace with several', () => {
    const other = trace.map((e) => ({ ...e, id: '0x2', args: e.name === 'ProfileChunk' ? { data: { ...e.args.data, cpuProfile: { ...e.args.data.cpuProfile, samples: [2] }, timeDeltas: [0] } } : e.args }));
    expect(importProfile([...other, ...trace]).samples.length).toBe(2);
  });
});

describe('damaged files are refused with a message naming what is wrong', () => {
  const good = () => ({
    nodes: [
      { id: 1, callFrame: { functionName: '(root)', url: '', lineNumber: -1, columnNumber: -1 }, children: [2] },
      { id: 2, callFrame: { functionName: 'main', url: 'file:///a.js', lineNumber: 0, columnNumber: 0 }, children: [3] },
      { id: 3, callFrame: { functionName: 'work', url: 'file:///a.js', lineNumber: 4, columnNumber: 2 } },
    ] as Record<string, unknown>[],
    samples: [3, 2, 3] as unknown[], timeDeltas: [0, 1000, 1000] as unknown[], startTime: 0, endTime: 3000,
  });
  const cases: [string, (p: ReturnType<typeof good>) => unknown, RegExp][] = [
    ['no nodes', (p) => ({ ...p, nodes: undefined }), /neither a V8 CPU profile/],
    ['an empty node list', (p) => ({ ...p, nodes: [] }), /"nodes" list is empty/],
    ['a node that is not an object', (p) => ({ ...p, nodes: [...p.nodes, 7] }), /nodes\[3\] is 7, not a node/],
    ['a node without id', (p) => { p.nodes[1] = { ...p.nodes[1], id: 'x' }; return p; }, /nodes\[1\] has id "x", not a whole number/],
    ['duplicate ids', (p) => { p.nodes[2] = { ...p.nodes[2], id: 2 }; return p; }, /Two nodes have the same id 2/],
    ['a node without callFrame', (p) => { delete p.nodes[2].callFrame; return p; }, /Node 3 has no callFrame/],
    ['a non-numeric line', (p) => { p.nodes[2].callFrame = { functionName: 'w', lineNumber: '4' }; return p; }, /Node 3's lineNumber is "4", not a number/],
    ['children pointing nowhere', (p) => { p.nodes[2].children = [99]; return p; }, /Node 3 lists a child 99 that is not in the profile/],
    ['children that are not a list', (p) => { p.nodes[2].children = 'x'; return p; }, /Node 3's children are "x"/],
    ['a node with two parents', (p) => { p.nodes[0].children = [2, 3]; return p; }, /Node 3 is listed as a child of both node 1 and node 2/],
    ['a node that is its own child', (p) => { p.nodes[2].children = [3]; return p; }, /lists itself as its child/],
    ['a cycle', (p) => { p.nodes[2].children = [2]; p.nodes[0].children = []; return p; }, /no root|cycle/],
    ['a cycle beside the root', (p) => ({ ...p, nodes: [...p.nodes, { id: 4, callFrame: {}, children: [5] }, { id: 5, callFrame: {}, children: [4] }] }), /cycle through node 4/],
    ['two roots', (p) => { p.nodes[0].children = []; return p; }, /2 roots \(nodes 1, 2\)/],
    ['no samples', (p) => ({ ...p, samples: undefined }), /no "samples" list/],
    ['samples that are not a list', (p) => ({ ...p, samples: 'abc' }), /"samples" is "abc"/],
    ['a sample id with no node', (p) => { p.samples[1] = 42; return p; }, /samples\[1\] is 42, which is not the id of a node/],
    ['no timeDeltas', (p) => ({ ...p, timeDeltas: undefined }), /3 samples but no "timeDeltas"/],
    ['timeDeltas of the wrong length', (p) => ({ ...p, timeDeltas: [0, 1] }), /3 samples but 2 timeDeltas/],
    ['a non-numeric delta', (p) => { p.timeDeltas[2] = 'soon'; return p; }, /timeDeltas\[2\] is "soon", not a number/],
    ['a null delta', (p) => { p.timeDeltas[1] = null; return p; }, /timeDeltas\[1\] is null/],
    ['an impossible clock', (p) => ({ ...p, timeDeltas: [1e308, 1e308, 1e308] }), /impossible time/],
    ['a startTime that is not a time', (p) => ({ ...p, startTime: 'now' }), /startTime is "now", not a time/],
  ];
  for (const [what, damage, message] of cases) {
    it(`refuses ${what}`, () => {
      const input = damage(good());
      expect(() => importProfile(input)).toThrow(ProfileFormatError);
      expect(() => importProfile(input)).toThrow(message);
      expect(() => importProfile(JSON.stringify(input), 'x.cpuprofile')).toThrow(message);
    });
  }

  it('refuses truncated and broken JSON, and empty files', () => {
    const text = FIXTURES['node22.cpuprofile'];
    expect(() => importProfile(text.slice(0, text.length / 2))).toThrow(/cut off/);
    expect(() => importProfile(text.slice(0, -1))).toThrow(/cut off/);
    expect(() => importProfile('{"nodes": [}')).toThrow(/not valid JSON/);
    expect(() => importProfile('')).toThrow(/empty/);
    expect(() => importProfile('   \n')).toThrow(/empty/);
  });

  it('accepts the good one', () => {
    expect(importProfile(good()).durationMs).toBe(3);
  });
});
