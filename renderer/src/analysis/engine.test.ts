import { afterEach, describe, expect, it, vi } from 'vitest';
import { cpuProfileFromText, formatTree, profileFromText } from '../../../shared/profile/test-support/text-profile.ts';
import { ALL_THREADS } from '../../../shared/profile/import/open-thread.ts';
import { EXTRA_KEYS } from '../../../shared/recording/profile-extras.ts';
import { AnalysisSession, localBackend, type AnalysisClient, type Backend } from './client.ts';
import { AnalysisEngine } from './engine.ts';
import type { ViewRequest, ViewResults } from './protocol.ts';
import { SAMPLES_PER_STEP } from '../../../shared/profile/views/flame-chart.ts';
import { searchFlameData } from '../lib/flame-data.ts';
import { importProfile } from '../../../shared/profile/index.ts';

const text = `
  main                                          main                                          main     main                                      (idle)
  route                                         route                                         route    log[node:internal/console/constructor:1]
  json[node_modules/express/lib/response.js:9]  json[node_modules/express/lib/response.js:9]  handler
`;

describe('AnalysisEngine', () => {
  it('answers every view for a transform stack', () => {
    const engine = new AnalysisEngine(profileFromText(text));
    const route = engine.base.frames.findIndex((f) => f.name === 'route');
    const focus = [{ type: 'focus-function' as const, frame: route }];
    expect(formatTree(engine.view({ view: 'flame', transforms: focus }).tree)).toBe([
      '- (root) (total 3, self 0)',
      '  - route (total 3, self 0)',
      '    - json (total 2, self 2)',
      '    - handler (total 1, self 1)',
    ].join('\n'));
    const time = engine.view({ view: 'time', transforms: [] });
    expect(time.buckets.find((b) => b.id === 'json')).toMatchObject({ ms: 2, percent: 40, callers: [{ name: 'route', ms: 2 }] });
    expect(time.buckets.find((b) => b.id === 'logging')).toMatchObject({ ms: 1, percent: 20 });
    expect(time.topOwn.map((f) => f.name)).toEqual(['handler']);
    const bu = engine.view({ view: 'bottom-up', transforms: [], by: 'function', path: [] });
    expect(bu.rows[0]).toMatchObject({ name: 'json', selfMs: 2 });
    const callers = engine.view({ view: 'bottom-up', transforms: [], by: 'function', path: bu.rows[0].path });
    expect(callers.rows.map((r) => r.name)).toEqual(['route']);
    expect(engine.view({ view: 'call-tree', transforms: focus, by: 'function' }).count).toBe(4);
  });

  it('offers the exact flame chart so far at each pause of a long one, then answers it whole', () => {
    const n = 3 * SAMPLES_PER_STEP;
    // Columns line up by position: every cell padded to the same width.
    const row = (cells: string[]) => cells.map((c) => c.padEnd(6)).join('');
    const cols = Array.from({ length: n }, (_, i) => (i % 2 ? 'a' : 'b'));
    const engine = new AnalysisEngine(profileFromText(`${row(cols.map(() => 'main'))}\n${row(cols)}`));
    const request = { view: 'flame-chart' as const, transforms: [], fromMs: 0, toMs: n, widthPx: 2 * n };
    const steps = engine.viewSteps(request);
    const soFar: { until: number | undefined; rects: number }[] = [];
    let r = steps.next();
    for (; !r.done; r = steps.next()) {
      if (!r.value) continue;
      const part = r.value.soFar();
      soFar.push({ until: part.exactUntilMs, rects: part.rects.count });
      // The viewport is the one asked for; the rectangles stop where the walk stands.
      expect(part).toMatchObject({ fromMs: 0, toMs: n, widthPx: 2 * n, every: 1 });
      expect(Math.max(...part.rects.x1)).toBeCloseTo(2 * part.exactUntilMs!, 6);
    }
    // main, and one rectangle per call of a or b so far.
    expect(soFar).toEqual([1, 2].map((k) => ({ until: k * SAMPLES_PER_STEP, rects: 1 + k * SAMPLES_PER_STEP })));
    const whole = r.value as ViewResults['flame-chart'];
    expect(whole.exactUntilMs).toBeUndefined();
    expect(whole.rects.count).toBe(1 + n);
    expect(whole).toEqual(engine.view(request));
  });

  it('re-uses the profile of a stack it has already computed', () => {
    const engine = new AnalysisEngine(profileFromText(text));
    const stack = [{ type: 'drop-meta' as const }, { type: 'collapse-node' as const }];
    const a = engine.transformed(stack);
    expect(engine.transformed(stack)).toBe(a);
    expect(engine.transformed(stack.slice(0, 1))).toBe(engine.transformed(stack.slice(0, 1)));
    expect(engine.transformed([])).toBe(engine.base);
  });
});

describe('AnalysisClient (on the UI thread)', () => {
  it('opens the raw profile once and memoizes each answer', async () => {
    const session = new AnalysisSession(cpuProfileFromText(text), localBackend());
    const client = session.client();
    await client.ready;
    const req: ViewRequest = { view: 'time', transforms: [] };
    expect(client.cached(req)).toBeUndefined();
    const first = await client.view(req);
    expect(client.cached(req)).toBe(first);
    expect(await client.view(req)).toBe(first);
    session.close();
  });

  it('reports a file that is not a profile', async () => {
    const client = new AnalysisSession({ hello: 'world' }, localBackend()).client();
    await expect(client.ready).rejects.toThrow(/cannot read this file/);
  });
});

describe('AnalysisClient with worker threads (the profile as its stored bytes)', () => {
  const main = cpuProfileFromText('main  main  (idle)\nserve serve');
  const worker = cpuProfileFromText('work  work  work\nhash  hash');
  const bytes = () => new TextEncoder().encode(JSON.stringify({ ...(main as object), [EXTRA_KEYS.threads]: [{ name: 'worker 1 (hash.js)', profile: worker }] }));
  const flame = async (client: AnalysisClient) => formatTree((await client.view({ view: 'flame', transforms: [] })).tree);

  it('names every thread and opens the one asked for', async () => {
    const first = new AnalysisSession(bytes(), localBackend()).client();
    await first.ready;
    expect(first.threads).toEqual(['main thread', 'worker 1 (hash.js)']);
    expect(await flame(first)).not.toContain('hash');
    const second = new AnalysisSession(bytes(), localBackend()).client(1);
    await second.ready;
    expect(second.threads).toEqual(['main thread', 'worker 1 (hash.js)']);
    expect(await flame(second)).toContain('- hash (total 2, self 2)');
  });

  it('merges all threads, a node per thread', async () => {
    const client = new AnalysisSession(bytes(), localBackend()).client(ALL_THREADS);
    await client.ready;
    const tree = await flame(client);
    expect(tree).toContain('- [main thread] (total 3, self 0)');
    expect(tree).toContain('- [worker 1 (hash.js)] (total 3, self 0)');
  });

  it('a profile without workers has one thread', async () => {
    const client = new AnalysisSession(new TextEncoder().encode(JSON.stringify(main)), localBackend()).client();
    await client.ready;
    expect(client.threads).toEqual(['main thread']);
  });

  afterEach(() => vi.restoreAllMocks());

  it('one session reads the profile once: switching threads and back, and the verdict of every thread, read it no more', async () => {
    const parse = vi.spyOn(JSON, 'parse');
    const file = bytes();
    const textLength = file.byteLength;
    let fetches = 0;
    const messages: string[] = [];
    const local = localBackend();
    const counting: Backend = { send: (m, t) => { messages.push(m.type); return local.send(m, t); }, close: () => local.close() };
    const session = new AnalysisSession(async () => { fetches++; return file; }, counting);
    const clients: AnalysisClient[] = [];
    for (const thread of [0, 1, ALL_THREADS, 0, 1]) {
      const client = session.client(thread);
      clients.push(client);
      await client.ready;
      await flame(client);
      await client.view({ view: 'verdict', transforms: [], context: { requests: null, samplingIntervalUs: 1000 } });
    }
    expect(await flame(clients[1])).toContain('- hash (total 2, self 2)');
    expect(await flame(clients[2])).toContain('- [worker 1 (hash.js)] (total 3, self 0)');
    expect(fetches).toBe(1);
    expect(messages.filter((m) => m === 'open')).toHaveLength(1);
    // The whole file's text went through JSON.parse once (not again per thread nor for the verdict).
    expect(parse.mock.calls.filter(([arg]) => typeof arg === 'string' && arg.length === textLength)).toHaveLength(1);
    session.close();
  });
});

/**
 * A deterministic .cpuprofile of `count` nodes: functions named as servers name them (renderPage3,
 * toJSON, (anonymous)…) in app files and node_modules, called from random parents, random samples.
 */
function randomCpuProfile(count: number, seed: number) {
  let x = seed;
  const rand = (n: number) => ((x = (x * 1103515245 + 12345) % 2147483648) % n);
  const names = ['renderPage', 'toJSON', '(anonymous)', 'handleRequest', 'query', 'parse', 'stringify', 'Render.view'];
  const files = ['file:///srv/app.js', 'file:///srv/routes/json.js', 'file:///srv/node_modules/express/lib/router.js', ''];
  const nodes = [{ id: 1, callFrame: { functionName: '(root)', url: '', lineNumber: -1, columnNumber: -1 }, children: [] as number[] }];
  for (let id = 2; id <= count; id++) {
    nodes.push({ id, callFrame: { functionName: `${names[rand(names.length)]}${rand(4) || ''}`, url: files[rand(files.length)], lineNumber: rand(90), columnNumber: 1 }, children: [] });
    nodes[rand(id - 1)].children.push(id);
  }
  const samples = Array.from({ length: count * 4 }, () => 1 + rand(count));
  return { startTime: 0, endTime: samples.length * 1000, nodes, samples, timeDeltas: samples.map(() => 1000) };
}

describe('the flamegraph search on the page (lib/flame-data.ts searchFlameData)', () => {
  // What the page holds is what the worker sent: a structured clone of the flame data.
  const onPage = (engine: AnalysisEngine, transforms: ViewRequest['transforms']) => structuredClone(engine.view({ view: 'flame', transforms, widthPx: 1440 }));

  it('answers what the worker answers, for every query, with and without transforms', () => {
    const engine = new AnalysisEngine(importProfile(randomCpuProfile(2000, 7)));
    const route = engine.base.frames.findIndex((f) => /render/i.test(f.name));
    expect(route).toBeGreaterThan(0);
    const stacks: ViewRequest['transforms'][] = [[], [{ type: 'focus-function', frame: route }], [{ type: 'merge-function', frame: route }]];
    const queries = ['render', 'RENDER', 'json', 'node_modules', '.js:', '(anonymous)', 'render.view', 'no such function', '  ', 'a'];
    let matched = 0;
    for (const transforms of stacks) {
      const data = onPage(engine, transforms);
      expect(data.calls.count).toBeGreaterThan(100);
      for (const query of queries) {
        const worker = engine.view({ view: 'flame-search', transforms, query });
        expect(searchFlameData(data, query), `${query} under ${JSON.stringify(transforms)}`).toEqual(worker);
        if (worker.count > 0) matched++;
      }
    }
    expect(matched).toBeGreaterThan(10);
  });

  it('counts every call node of a matching function and its time once (a match under a match is not added again)', () => {
    const engine = new AnalysisEngine(profileFromText(text));
    const data = onPage(engine, []);
    expect(searchFlameData(data, 'route')).toMatchObject({ count: 1, ms: 3 });
    expect(searchFlameData(data, 'json')).toMatchObject({ count: 1, ms: 2 });
    // main (4 ms) holds route (3 ms): 4 ms, not 7.
    const both = searchFlameData(data, 'main');
    expect(both).toMatchObject({ count: 1, ms: 4 });
    expect(searchFlameData(data, 'express/lib')).toMatchObject({ count: 1, ms: 2, frames: [engine.base.frames.findIndex((f) => f.name === 'json')] });
    expect(searchFlameData(data, '')).toEqual({ count: 0, ms: 0, frames: [] });
  });
});
