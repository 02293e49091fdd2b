// Importers: one line per real fixture (speedscope style), detection, and a
// readable refusal for every kind of damaged file.
import { describe, expect, it } from 'vitest';
import { analyzeProfile } from '../views/analyze.ts';
import { importCpuProfile } from './cpuprofile.ts';
import { ProfileFormatError } from '../format-error.ts';
import { importProfile, importProfileWithFormat } from './any-format.ts';
import { hasUnprintable } from './json-text.ts';
import { FIXTURES } from '../test-support/fixtures.ts';

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

// Peers' formats, faithfully built from the real recordings above (each
// writer's layout: v8-profiler-next/0x's legacy "head", Chrome ≥ 141's empty
// last chunk, rspack's children-linked chunks, an unfinished trace array,
// UTF-16 with a BOM): each must give the numbers of the file it came from.
type Json = Record<string, unknown>;
const node22 = () => JSON.parse(FIXTURES['node22.cpuprofile']) as { nodes: Json[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };
const traceEvents = () => (JSON.parse(FIXTURES['devtools-trace.json']) as { traceEvents: Json[] }).traceEvents;

/** v8-profiler-next's default output: nested "head", inline 1-based frames, µs timestamps (one more: the end), seconds. */
function legacyHead(): string {
  const p = node22();
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const nest = (id: unknown): Json => {
    const n = byId.get(id)!;
    const cf = n.callFrame as Json;
    return { functionName: cf.functionName, url: cf.url, lineNumber: (cf.lineNumber as number) + 1, columnNumber: (cf.columnNumber as number) + 1,
      callUID: n.id, bailoutReason: '', id: n.id, scriptId: cf.scriptId, hitCount: n.hitCount ?? 0, ...(n.positionTicks ? { positionTicks: n.positionTicks } : {}),
      children: ((n.children as number[] | undefined) ?? []).map(nest) };
  };
  const timestamps: number[] = [];
  let t = p.startTime;
  for (const d of p.timeDeltas) timestamps.push((t += d));
  timestamps.push(p.endTime);
  return JSON.stringify({ head: nest(p.nodes[0].id), startTime: Math.floor(p.startTime / 1e6), endTime: Math.floor(p.endTime / 1e6), samples: p.samples, timestamps });
}

function utf16(text: string, bigEndian: boolean): Uint8Array {
  const out = new Uint8Array(2 + text.length * 2);
  out.set(bigEndian ? [0xfe, 0xff] : [0xff, 0xfe]);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out[2 + 2 * i + (bigEndian ? 1 : 0)] = c & 0xff;
    out[2 + 2 * i + (bigEndian ? 0 : 1)] = c >> 8;
  }
  return out;
}

/** Like summary(), for any input. */
const numbersOf = (input: unknown, name?: string) => {
  const a = analyzeProfile(importProfile(input, name));
  return { samples: a.samples, durationMs: a.durationMs, functions: a.functions.map((f) => [f.name, f.selfMs, f.totalMs]) };
};

describe('what peers open', () => {
  const direct = () => numbersOf(FIXTURES['node22.cpuprofile']);
  it('reads the legacy "head" .cpuprofile (v8-profiler-next, 0x)', () => {
    expect(importProfileWithFormat(legacyHead(), 'x.cpuprofile').format).toBe('cpuprofile-legacy');
    expect(numbersOf(legacyHead(), 'x.cpuprofile')).toEqual(direct());
  });
  it('reads a Chrome ≥ 141 trace whose last ProfileChunk has no data', () => {
    const events = traceEvents();
    const chunk = events.find((e) => e.name === 'ProfileChunk')!;
    events.push({ ...chunk, args: {}, ts: 1316854900 });
    expect(numbersOf({ traceEvents: events })).toEqual(direct());
  });
  it('reads ProfileChunk nodes linked by children instead of parent (rspack)', () => {
    const events = traceEvents();
    const nodes = events.flatMap((e) => ((e.args as { data?: { cpuProfile?: { nodes?: Json[] } } }).data?.cpuProfile?.nodes ?? []));
    const byId = new Map(nodes.map((n) => [n.id, n]));
    for (const n of nodes) {
      if (n.parent !== undefined) ((byId.get(n.parent)!.children ??= []) as unknown[]).push(n.id);
      delete n.parent;
    }
    expect(numbersOf({ traceEvents: events })).toEqual(direct());
  });
  it('reads a trace array without its closing "]", with or without a trailing comma', () => {
    const text = JSON.stringify(traceEvents());
    expect(numbersOf(text.slice(0, -1), 'trace.json')).toEqual(direct());
    expect(numbersOf(text.slice(0, -1) + ',\n', 'trace.json')).toEqual(direct());
    expect(() => importProfile(text.slice(0, -3))).toThrow(/cut off/); // cut inside an event: still refused
  });
  it('reads UTF-16 files with a BOM, little- and big-endian', () => {
    expect(numbersOf(utf16(FIXTURES['node22.cpuprofile'], false))).toEqual(direct());
    expect(numbersOf(utf16(FIXTURES['node22.cpuprofile'], true))).toEqual(direct());
  });
  it('names a gzip, zip, perf or other binary file in a sentence, never its bytes', () => {
    const bytes = (...b: number[]) => Uint8Array.from([...b, 0x00, 0x9c, 0xff, 0x01, 0x02]);
    const cases: [Uint8Array | string, RegExp][] = [
      [bytes(0x1f, 0x8b, 0x08, 0x00), /gzip-compressed/],
      [new TextDecoder().decode(bytes(0x1f, 0x8b, 0x08, 0x00)), /gzip-compressed/], // read as UTF-8 text by mistake
      [bytes(0x50, 0x4b, 0x03, 0x04), /zip archive: unzip it/],
      [Uint8Array.from([...new TextEncoder().encode('PERFILE2'), 0x68, 0, 0, 0]), /Linux perf\.data recording/],
      [bytes(0x0a, 0x05, 0x9c, 0xff), /binary \(protobuf\) but not a pprof CPU profile/],
      [bytes(0x7b, 0x01, 0x9c), /not valid JSON: Expected property name/],
      [bytes(0x01, 0x9c), /not valid JSON: Unexpected token a character that is not text/],
    ];
    for (const [input, message] of cases) {
      expect(() => importProfile(input)).toThrow(message);
      try { importProfile(input); } catch (e) { expect(hasUnprintable((e as Error).message)).toBe(false); }
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
    expect(() => importProfile([{ ph: 'P', name: 'ProfileChunk', args: {} }])).toThrow(/This Chrome trace has no CPU profile in it/);
    expect(() => importProfile([{ ph: 'P', name: 'Profile', args: {} }])).toThrow(/Trace event 0 \(Profile\) has no data/);
  });

  it('names what is wrong inside a trace', () => {
    const chunk = (data: unknown) => [trace[0], { ...trace[1], args: { data } }];
    const nodes = [{ id: 1, callFrame: { functionName: '(root)' } }, { id: 2, parent: 9, callFrame: { functionName: 'f' } }];
    // A parent missing from the file: the node hangs from the root, said in the quality checks (orphans.test.ts).
    expect(importProfile(chunk({ cpuProfile: { nodes, samples: [2] }, timeDeltas: [0] })).orphans).toEqual({ count: 1, example: 'node 2 names a parent 9' });
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
    // Issue 32, item 9: accepted before.
    ['an endTime before its startTime', (p) => ({ ...p, startTime: 5000, endTime: 1000 }), /^The profile's endTime \(1000 µs\) is before its startTime \(5000 µs\): a recording ends after it starts, so the file is damaged\.$/],
    ['a negative hitCount', (p) => { p.nodes[2].hitCount = -3; return p; }, /^Node 3 has a hitCount of -3, not a count of samples \(V8 writes 0 or more\): the file is damaged\.$/],
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
