// Background work named by what the user wrote: a named timer callback by its
// name, an anonymous one by its own place — not by the built-in it spends its
// time in.
import { describe, expect, it } from 'vitest';
import { attributeSamples } from './samples.ts';
import { importCpuProfile } from '../profile/import/cpuprofile.ts';
import { cpuProfileFromText } from '../profile/test-support/text-profile.ts';

/** A V8 profile as Profiler.stop returns it, read through the real importer (the one timing rule, shared/profile/timing.ts). */
interface RawProfile {
  startTime: number;
  samples: number[];
  timeDeltas: number[];
  nodes: { id: number; children?: number[]; callFrame: { functionName: string; url: string; lineNumber: number } }[];
}
const imported = (p: RawProfile) => importCpuProfile({
  ...p,
  endTime: p.startTime + p.timeDeltas.reduce((a, b) => a + b, 0) + 1000,
  nodes: p.nodes.map((n) => ({ ...n, callFrame: { ...n.callFrame, columnNumber: 0 } })),
});

// root → listOnTimeout (Node's) → the user's callback → digest (Node's hashing), sampled 10 times in an interval's runs.
function profileOf(callbackName: string): RawProfile {
  const frame = (functionName: string, url: string, lineNumber: number) => ({ functionName, url, lineNumber });
  return {
    startTime: 0,
    samples: Array(10).fill(4),
    timeDeltas: Array(10).fill(1000),
    nodes: [
      { id: 1, children: [2], callFrame: frame('(root)', '', -1) },
      { id: 2, children: [3], callFrame: frame('listOnTimeout', 'node:internal/timers', 580) },
      { id: 3, children: [4], callFrame: frame(callbackName, 'file:///srv/shop.mjs', 7) },
      { id: 4, callFrame: frame('digest', 'node:internal/crypto/hash', 163) },
    ],
  };
}
const interval = (name: string) => [{ from: 0, to: 20_000, source: 'interval' as const, name, everyMs: 200 }];

describe('background work', () => {
  it('names an anonymous interval by its own place, not the built-in it runs', () => {
    const { background } = attributeSamples(imported(profileOf('')), [], interval(''));
    expect(background?.functions[0]).toMatchObject({ function: '(anonymous)', url: 'file:///srv/shop.mjs', line: 8, source: 'interval', everyMs: 200 });
  });

  it('names a named callback by its name and place', () => {
    const { background } = attributeSamples(imported(profileOf('refreshTrending')), [], interval('refreshTrending'));
    expect(background?.functions[0]).toMatchObject({ function: 'refreshTrending', url: 'file:///srv/shop.mjs', line: 8 });
  });
});

describe('background work that requests also ran', () => {
  it("does not name a request's handler as background for a sample on a span's edge", () => {
    // root → processImmediate (Node resuming a paused parser) → the server's handler → buildRows: 8 samples inside a
    // request, 1 in an immediate span just before it. The handler was named background work (percent 0), and then
    // every byte it allocated was set aside as background's.
    const frame = (functionName: string, url: string, lineNumber: number) => ({ functionName, url, lineNumber });
    const raw: RawProfile = {
      startTime: 0,
      samples: [4, 4, 4, 4, 4, 4, 4, 4, 3],
      timeDeltas: Array(9).fill(1000),
      nodes: [
        { id: 1, children: [2], callFrame: frame('(root)', '', -1) },
        { id: 2, children: [3], callFrame: frame('processImmediate', 'node:internal/timers', 524) },
        { id: 3, children: [4], callFrame: frame('', 'file:///srv/report.js', 11) },
        { id: 4, callFrame: frame('buildRows', 'file:///srv/report.js', 5) },
      ],
    };
    const requests = [{ from: 0, to: 8_500, route: 'GET /' }];
    const immediate = [{ from: 8_500, to: 10_000, source: 'immediate' as const, name: '', everyMs: 0 }];
    expect(attributeSamples(imported(raw), requests, immediate).background?.functions).toEqual([]);
    // Without the requests, the same callback is background work, named by its place.
    expect(attributeSamples(imported(raw), [], immediate).background?.functions[0]).toMatchObject({ function: '(anonymous)', url: 'file:///srv/report.js', line: 12 });
  });
});

describe("Flambé's request collector in a request", () => {
  // A route whose samples are mostly the collector's async hook reading the thread's CPU time, and the route's
  // fetch through the collector's stand-in (undici under it).
  const frame = (functionName: string, url: string) => ({ functionName, url, lineNumber: 1 });
  const profile: RawProfile = {
    startTime: 0,
    samples: [4, 4, 4, 6, 6],
    timeDeltas: Array(5).fill(1000),
    nodes: [
      { id: 1, children: [2, 5], callFrame: frame('(root)', '') },
      { id: 2, children: [3], callFrame: frame('emitBefore', 'node:internal/async_hooks') },
      { id: 3, children: [4], callFrame: frame('before', 'flambe-request-collector.js') },
      { id: 4, callFrame: frame('threadCpuUsage', 'node:internal/process/per_thread') },
      { id: 5, children: [6], callFrame: frame('loadPrice', 'file:///srv/shop.mjs') },
      { id: 6, children: [7], callFrame: frame('fetch', 'flambe-request-collector.js') },
      { id: 7, callFrame: frame('fetch', 'node:internal/deps/undici/undici') },
    ],
  };

  it("is no route's function: the route's is the one that called fetch", () => {
    const { topFunction } = attributeSamples(imported(profile), [{ from: 0, to: 10_000, route: 'GET /price' }], []);
    expect(topFunction.get('GET /price')).toBe('loadPrice');
  });

  it('is no background work', () => {
    const { background } = attributeSamples(imported({ ...profile, samples: [4, 4, 4], timeDeltas: [1000, 1000, 1000] }), [], interval(''));
    expect(background?.functions).toEqual([]);
  });
});

describe("a route's function is the user's own code", () => {
  // /checkout: more samples in Node's HTTP machinery (no user frame above) than in the handler's console.warn.
  const frame = (functionName: string, url: string) => ({ functionName, url, lineNumber: 1 });
  const profile: RawProfile = {
    startTime: 0,
    samples: [3, 3, 3, 5, 5],
    timeDeltas: Array(5).fill(1000),
    nodes: [
      { id: 1, children: [2, 4], callFrame: frame('(root)', '') },
      { id: 2, children: [3], callFrame: frame('parserOnHeadersComplete', 'node:_http_common') },
      { id: 3, callFrame: frame('checkIsHttpToken', 'node:_http_common') },
      { id: 4, children: [5], callFrame: frame('warnLowStock', 'file:///srv/shop.cjs') },
      { id: 5, callFrame: frame('warn', 'node:internal/console/constructor') },
    ],
  };

  it("is never Node's HTTP machinery: samples with none of the user's code name no route", () => {
    const { topFunction } = attributeSamples(imported(profile), [{ from: 0, to: 10_000, route: 'GET /checkout' }], []);
    expect(topFunction.get('GET /checkout')).toBe('warnLowStock');
  });
});

describe("a route's function", () => {
  // root → the server's anonymous handler (the route's own code, nothing named of the user's above it) → JSON.stringify.
  const frame = (functionName: string, url: string, lineNumber: number) => ({ functionName, url, lineNumber });
  const profile = (handler: string) => imported({
    startTime: 0,
    samples: Array(10).fill(3),
    timeDeltas: Array(10).fill(1000),
    nodes: [
      { id: 1, children: [2], callFrame: frame('(root)', '', -1) },
      { id: 2, children: [3], callFrame: frame('emit', 'node:events', 500) },
      { id: 3, callFrame: frame(handler, 'file:///srv/shop.cjs', 34) },
    ],
  });
  const request = [{ from: 0, to: 20_000, route: 'GET /recent' }];

  it('names an anonymous handler by its file and line, never a bare "(anonymous)"', () => {
    expect(attributeSamples(profile(''), request, []).topFunction.get('GET /recent')).toBe('(anonymous) (shop.cjs:35)');
  });

  it('names a named one by its name', () => {
    expect(attributeSamples(profile('handleRecent'), request, []).topFunction.get('GET /recent')).toBe('handleRecent');
  });
});

describe('samples V8 wrote out of order', () => {
  // In time, the request's samples were helperA, handleA, helperA, then idle: helperA 2 ms, handleA 1 ms. V8 wrote
  // the second helperA before handleA (timeDeltas 0, 2000, −1000, 2000). Read from the raw deltas in file order,
  // helperA weighed 2 ms − 1 ms and handleA 2 ms: the route was named by handleA.
  const asWritten = cpuProfileFromText('helperA  helperA  handleA  (idle)');
  asWritten.timeDeltas = [0, 2000, -1000, 2000];
  asWritten.endTime = asWritten.startTime + 4000;
  const request = [{ from: asWritten.startTime, to: asWritten.startTime + 3000, route: 'GET /a' }];

  it('are read in time order and weighed by the one timing rule: the route is named by its heaviest function', () => {
    const { topFunction } = attributeSamples(importCpuProfile(asWritten), request, []);
    expect(topFunction.get('GET /a')).toBe('helperA');
  });

  it('give background work its time from the same rule (no negative weights)', () => {
    const timer = [{ from: asWritten.startTime, to: asWritten.startTime + 3000, source: 'interval' as const, name: '', everyMs: 100 }];
    const { background } = attributeSamples(importCpuProfile(asWritten), [], timer);
    expect(background?.functions.map((f) => [f.function, f.percent])).toEqual([['helperA', 66.7], ['handleA', 33.3]]);
  });
});
