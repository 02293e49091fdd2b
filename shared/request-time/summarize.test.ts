import { describe, expect, it } from 'vitest';
import type { CollectedBatch } from './collected.ts';
import { placeOfStack, socketName } from './wait-places.ts';
import { backgroundSentence, waitingSentence } from './sentence.ts';
import { keepPorts, portOfUrl } from './ports.ts';
import { serverClockSentence, serverLoadSummary } from './server-load.ts';
import { summarizeRequestTime } from './summarize.ts';

const ms = (x: number) => x * 1000; // the collector's clock is µs

/** Two requests to /quote: each runs 1 ms, waits 200 ms on an upstream (a socket connect under it), runs 2 ms more. */
function quoteBatch(): CollectedBatch {
  return {
    clockUs: ms(1000), open: 0, dropped: 0, background: [],
    requests: [[1, 'GET', '/quote', ms(0), ms(203), 200], [2, 'GET', '/quote', ms(300), ms(503), 200]],
    segments: [1, ms(0), ms(1), 1, ms(201), ms(203), 2, ms(300), ms(301), 2, ms(501), ms(503)],
    waits: [
      [1, 'socket', '127.0.0.1:4001', ms(1), ms(2), -1],
      [1, 'http', 'GET 127.0.0.1:4001/quote', ms(1), ms(201), 0],
      [2, 'http', 'GET 127.0.0.1:4001/quote', ms(301), ms(501), 0],
    ],
    stacks: [['fetchQuote (file:///srv/quotes.js:17:9)', 'async Server.<anonymous> (file:///srv/quotes.js:30:3)']],
  };
}

describe('summarizeRequestTime', () => {
  it('cuts each request into its own CPU and the outer wait (the call, not the socket under it)', () => {
    const rt = summarizeRequestTime([quoteBatch()])!;
    expect(rt.requests).toBe(2);
    expect(rt.perRequestMs).toEqual({ p50: 203, mean: 203 });
    expect(rt.parts.map((p) => [p.kind, p.target, p.msPerRequest, p.callsPerRequest])).toEqual([
      ['http', 'GET 127.0.0.1:4001/quote', 200, 1],
      ['cpu', '', 3, 0],
      ['socket', '127.0.0.1:4001', 0, 0.5],
    ]);
    expect(rt.parts[0].from).toEqual({ function: 'fetchQuote', url: 'file:///srv/quotes.js', line: 17 });
    expect(waitingSentence(rt)).toBe('Each request took 203 ms (p50): 200 ms waiting on GET 127.0.0.1:4001/quote (from fetchQuote, quotes.js:17), 3 ms in its own code. Make that call faster, cache its answer, or start it earlier alongside other work.');
  });

  it('counts time the load generator saw but the server did not as queueing', () => {
    const rt = summarizeRequestTime([quoteBatch()], { p50: 250, mean: 253 })!;
    expect(rt.perRequestMs).toEqual({ p50: 250, mean: 253 });
    expect(rt.parts.find((p) => p.kind === 'queue')).toMatchObject({ msPerRequest: 50, share: 0.198 });
  });

  it('calls a gap with no wait queueing while another request ran, and unknown otherwise', () => {
    const batch: CollectedBatch = {
      clockUs: 0, open: 0, dropped: 0, waits: [], stacks: [], background: [],
      requests: [[1, 'GET', '/block', ms(0), ms(20), 200], [2, 'GET', '/fast', ms(5), ms(30), 200]],
      // /fast arrived at 5 ms while /block ran until 20; it ran 1 ms at 20, then 9 ms of nothing known.
      segments: [1, ms(0), ms(20), 2, ms(20), ms(21)],
    };
    const fast = summarizeRequestTime([batch])!.byRoute.find((r) => r.path === '/fast')!;
    expect(fast.parts.map((p) => [p.kind, p.msPerRequest])).toEqual([['other', 9], ['queue', 15], ['cpu', 1]].sort((a, b) => (b[1] as number) - (a[1] as number)));
    expect(fast.cpuMsPerRequest).toBe(1);
  });

  it('tells queueing behind a background timer apart from queueing behind requests, and names the timer', () => {
    const batch: CollectedBatch = {
      clockUs: 0, open: 0, dropped: 0, waits: [], stacks: [],
      // An interval signs prices from 0 to 40 ms, with no request behind it; /quote arrives at 2 ms, runs at 40.
      background: ['interval', ms(0), ms(40), 'signPrices', 250],
      requests: [[1, 'GET', '/quote', ms(2), ms(42), 200]],
      segments: [1, ms(40), ms(42)],
    };
    const rt = { ...summarizeRequestTime([batch])!, background: { percent: 47, cpuMs: 40, functions: [{ function: 'signPrices', url: 'file:///srv/feed.js', line: 9, percent: 47, source: 'interval' as const, everyMs: 250 }] } };
    expect(rt.parts.map((p) => [p.kind, p.target, p.msPerRequest])).toEqual([['queue', 'background', 38], ['cpu', '', 2]]);
    expect(waitingSentence(rt)).toBe('Each request took 40 ms (p50): 38 ms queued behind background work (signPrices, feed.js:9, run by a timer every 250 ms), 2 ms in its own code. '
      + 'Requests wait while that background work runs: make it shorter, run it less often, or move it to a worker thread.');
  });

  it('says what the loop ran beside queueing it cannot split (before the server read the request): a heavy timer', () => {
    const rt = { ...summarizeRequestTime([quoteBatch()], { p50: 1000, mean: 1003 })!, background: { percent: 38, cpuMs: 1700, functions: [{ function: 'rebuildIndex', url: 'file:///srv/app.js', line: 6, percent: 38, source: 'interval' as const, everyMs: 200 }] } };
    expect(waitingSentence(rt)).toBe('Each request took 1000 ms (p50): 800 ms queued behind other work on the event loop (arrived, but the loop was busy; '
      + 'background work — rebuildIndex (app.js:6), run by a timer every 200 ms — used 38% of the CPU), 200 ms waiting on GET 127.0.0.1:4001/quote (from fetchQuote, quotes.js:17), 3 ms in its own code. '
      + 'Shorten the JavaScript that holds the event loop (the functions below), or move it to a worker thread. The background work is part of what holds it: make it shorter, run it less often, or move it to a worker thread too.');
  });

  it("says queued only as far as the loop was busy: a load generator slower than an idle server is not the server's queue", () => {
    // Beside a CPU hog: two connections, each request 6 ms at the server (0.5 ms of its code, then a worker), 41 ms
    // at the load generator. The loop ran 1 ms of code in all: two connections can have queued behind it at most 2 ms.
    const batch: CollectedBatch = {
      clockUs: 0, open: 0, dropped: 0, stacks: [], background: [],
      requests: [[1, 'GET', '/key', ms(0), ms(6), 200], [2, 'GET', '/key', ms(50), ms(56), 200]],
      segments: [1, ms(0), ms(0.25), 1, ms(5.75), ms(6), 2, ms(50), ms(50.25), 2, ms(55.75), ms(56)],
      waits: [[1, 'worker', 'thread 1', ms(0.25), ms(5.75), -1], [2, 'worker', 'thread 1', ms(50.25), ms(55.75), -1]],
    };
    const rt = summarizeRequestTime([batch], { p50: 41, mean: 41, connections: 2 })!;
    const part = (kind: string) => rt.parts.find((p) => p.kind === kind)?.msPerRequest ?? 0;
    expect(part('queue')).toBeCloseTo(1, 6);
    expect(part('other')).toBeCloseTo(34, 6);
    expect(part('worker')).toBeCloseTo(5.5, 6);
    // Said as what it is: before the server read it, not a wait the collector "could not tie" nor the loop's queue.
    expect(waitingSentence(rt)).toMatch(/^Each request took 41 ms \(p50\): 34 ms before the server read it \(the load generator or the machine was slow to send it: the server's loop was not that busy\), /);
    expect(waitingSentence(rt)).toMatch(/The server was not what held it: record again with fewer programs running beside it, or send the load from another machine\.$/);
    expect(waitingSentence(rt)).not.toMatch(/does not see|could not tie/);
    // A callback inside another's (their spans overlap) is one busy stretch of the loop, not two.
    const nested = { ...batch, segments: [...batch.segments, 1, ms(0.05), ms(0.2)] };
    expect(summarizeRequestTime([nested], { p50: 41, mean: 41, connections: 2 })!.parts.find((p) => p.kind === 'queue')?.msPerRequest).toBeCloseTo(1, 6);
    // Without the connection count (an older recording) the whole difference is still said as queueing, as before.
    expect(summarizeRequestTime([batch], { p50: 41, mean: 41 })!.parts.find((p) => p.kind === 'queue')?.msPerRequest).toBeCloseTo(35, 6);
  });

  it('counts a socket opened and then queried as one call, not two (a cache read "2 calls per request")', () => {
    const batch: CollectedBatch = {
      clockUs: 0, open: 0, dropped: 0, stacks: [], background: [],
      requests: [[1, 'GET', '/cart', ms(0), ms(10), 200], [2, 'GET', '/cart', ms(20), ms(30), 200]],
      segments: [1, ms(0), ms(0.5), 1, ms(9.5), ms(10), 2, ms(20), ms(20.5), 2, ms(29.5), ms(30)],
      // Each request connects (1 ms), writes its query on that socket and waits for the answer (8 ms).
      waits: [
        [1, 'connect', '127.0.0.1:6379', ms(0.5), ms(1.5), -1], [1, 'socket', '127.0.0.1:6379', ms(1.5), ms(9.5), -1],
        [2, 'connect', '127.0.0.1:6379', ms(20.5), ms(21.5), -1], [2, 'socket', '127.0.0.1:6379', ms(21.5), ms(29.5), -1],
      ],
    };
    expect(summarizeRequestTime([batch])!.parts[0]).toMatchObject({ kind: 'socket', target: '127.0.0.1:6379 (redis)', callsPerRequest: 1, msPerRequest: 9 });
    // A connect with no exchange after it (an HTTP call's socket, whose writes are the call's) is still one.
    const connectOnly = { ...batch, waits: batch.waits.filter((w) => w[1] === 'connect') };
    expect(summarizeRequestTime([connectOnly])!.parts.find((p) => p.kind === 'socket')).toMatchObject({ callsPerRequest: 1, msPerRequest: 1 });
  });

  it('has nothing to say without finished requests', () => {
    expect(summarizeRequestTime([{ clockUs: 0, open: 3, dropped: 0, requests: [], segments: [], waits: [], stacks: [], background: [] }])).toBeNull();
  });
});

describe('places', () => {
  it('takes the first frame of the user’s code, named by the function around an arrow', () => {
    expect(placeOfStack(['file:///srv/db.js:14:60', 'query (file:///srv/db.js:14:21)'])).toEqual({ function: 'query', url: 'file:///srv/db.js', line: 14 });
    expect(placeOfStack(['send (/app/node_modules/pg/lib/client.js:5:1)', 'loadBooks (/app/books.js:9:3)'])).toEqual({ function: 'loadBooks', url: '/app/books.js', line: 9 });
    expect(placeOfStack([])).toBeNull();
  });

  it('names a socket by its well-known port', () => {
    expect(socketName('10.0.0.5:5432')).toBe('10.0.0.5:5432 (postgres)');
    expect(socketName('127.0.0.1:6379')).toBe('127.0.0.1:6379 (redis)');
    expect(socketName('127.0.0.1:4001')).toBe('127.0.0.1:4001');
  });
});

describe('the sentences', () => {
  it('says the mean first when the median would not add up with the parts', () => {
    const rt = summarizeRequestTime([quoteBatch()], { p50: 150, mean: 203 })!;
    expect(waitingSentence(rt)).toMatch(/^Each request took 203 ms on average \(150 ms p50\): 200 ms waiting on GET/);
  });

  it('names background work by its timer, its place and its period', () => {
    const rt = { ...summarizeRequestTime([quoteBatch()])!, background: { percent: 47, cpuMs: 900, functions: [{ function: 'signPrices', url: 'file:///srv/feed.js', line: 9, percent: 47, source: 'interval' as const, everyMs: 250 }] } };
    expect(backgroundSentence(rt)).toBe("Background work, not caused by requests: signPrices (feed.js:9), run by a timer every 250 ms, 47% of the CPU. Every per-request figure leaves it out (where each request's time went, the findings' CPU per 1 000 requests).");
    expect(backgroundSentence({ ...rt, background: { ...rt.background, percent: 4 } })).toBeNull();
  });
});

describe('serverLoadSummary', () => {
  it('counts and times every request the server finished, per route', () => {
    const load = serverLoadSummary([quoteBatch(), { ...quoteBatch(), requests: [[3, 'POST', '/order', ms(600), ms(610), 500]] }],
      { fromUs: 0, toUs: ms(2000), startMs: 1000, endMs: 3000 }, true);
    // The rate counts the time the requests came (0 to 610 ms), not the 2 s the recording listened (issue 31).
    expect(load).toMatchObject({ requests: 3, durationSec: 0.61, rps: 4.918, non2xx: 1, statusCodes: { 200: 2, 500: 1 }, stoppedEarly: true, clock: { startMs: 1000, endMs: 3000 } });
    expect(load.measuredInServer).toBe(true);
    expect(load.latencyMs).toMatchObject({ p50: 203, max: 203, min: 10 });
    expect(load.routes?.map((r) => [r.method, r.path, r.requests, r.non2xx])).toEqual([['GET', '/quote', 2, 0], ['POST', '/order', 1, 1]]);
    expect(load.timeline.map((s) => s.requests)).toEqual([3, 0]);
  });
});

describe('serverClockSentence', () => {
  it('says whose clock the latency is, and what a client tool at that rate reports (issue 31)', () => {
    const load = serverLoadSummary([{ ...quoteBatch(), requests: [[1, 'GET', '/', ms(5000), ms(5010), 200], [2, 'GET', '/', ms(5100), ms(5250), 200]] }],
      { fromUs: 0, toUs: ms(60_000), startMs: 0, endMs: 60_000 }, false);
    expect(load.rps).toBe(8);
    expect(serverClockSentence(load)).toBe('Measured in the server: 2 requests between the first one\'s start and the last one\'s end (0.25 s), 8 requests/s. '
      + 'Latency is the server\'s clock, from reading a request to writing its response\'s last byte: your tool (ab, k6…) measures from sending to receiving, '
      + 'so it adds connecting and the time a request waits behind the others — its mean latency is about its connections ÷ the rate (1,250 ms with 10 connections).');
    expect(serverClockSentence({ ...load, measuredInServer: undefined })).toBeNull();
  });
});

describe('keepPorts', () => {
  it('keeps only the requests to the loaded port, counts the others, and keeps requests of unknown port', () => {
    const batch: CollectedBatch = {
      ...quoteBatch(),
      requests: [[1, 'GET', '/price', ms(0), ms(40), 200, 3000], [2, 'GET', '/upstream', ms(1), ms(31), 200, 4001], [3, 'GET', '/old', ms(50), ms(60), 200]],
    };
    const { batches, otherPorts } = keepPorts([batch], [3000]);
    expect(batches[0].requests.map((r) => r[0])).toEqual([1, 3]);
    expect(otherPorts).toBe(1);
    expect(keepPorts([batch], []).batches[0].requests).toHaveLength(3);
  });

  it('reads the load URL’s port; under the user’s own load only a port they named', () => {
    expect(portOfUrl('http://127.0.0.1:3000/x')).toBe(3000);
    expect(portOfUrl('https://example.test/')).toBe(443);
    expect(portOfUrl('http://127.0.0.1/', true)).toBeNull();
    expect(portOfUrl('not a url')).toBeNull();
  });
});

describe('a route’s CPU per request', () => {
  it('is the CPU time read for its requests when enough had it, else its code’s wall time', () => {
    const batch = (cpu: number | null): CollectedBatch => ({
      clockUs: 0, open: 0, dropped: 0, waits: [], stacks: [], background: [],
      // Each request's code ran 4 ms of wall time, of which the thread had the core for `cpu` µs.
      requests: Array.from({ length: 6 }, (_, i) => [i + 1, 'GET', '/hash', ms(10 * i), ms(10 * i + 4), 200, 3000, ...(cpu === null ? [] : [cpu])]),
      segments: Array.from({ length: 6 }, (_, i) => [i + 1, ms(10 * i), ms(10 * i + 4)]).flat(),
    });
    expect(summarizeRequestTime([batch(1500)])!.byRoute[0]).toMatchObject({ cpuMsPerRequest: 1.5, cpuTimedRequests: 6 });
    const wall = summarizeRequestTime([batch(null)])!.byRoute[0];
    expect(wall.cpuMsPerRequest).toBe(4);
    expect(wall.cpuTimedRequests).toBeUndefined();
  });

  it('weighs each read request by its chance of being read: the first 200 (all read) do not outweigh the rest', () => {
    // 200 first requests at 3 ms (just after the profiler started), then 800 at 2 ms of which a quarter were read.
    const requests: CollectedBatch['requests'] = [];
    for (let id = 1; id <= 1000; id++) requests.push([id, 'GET', '/page', ms(id), ms(id + 0.5), 200, 3000, id <= 200 ? 3000 : id % 4 === 0 ? 2000 : -1]);
    const batch: CollectedBatch = { clockUs: 0, open: 0, dropped: 0, waits: [], stacks: [], background: [], requests, segments: [] };
    // The true mean is 2.2 ms; a plain mean over the 400 read ones said 2.5.
    expect(summarizeRequestTime([batch])!.byRoute[0]).toMatchObject({ cpuMsPerRequest: 2.2, cpuTimedRequests: 400 });
  });

  it('carries the standard error of that mean, weighed as the mean is, and the clock\'s step when the route is under it', () => {
    // A 0.9 ms route on a clock that moves in 4 ms ticks: 60 read requests, 13 of them read one tick, the rest 0.
    const reads = Array.from({ length: 60 }, (_, i) => (i % 60 < 13 ? 4000 : 0));
    const requests: CollectedBatch['requests'] = reads.map((cpu, i) => [i + 1, 'GET', '/errors', ms(i), ms(i + 0.5), 200, 3000, cpu]);
    const r = summarizeRequestTime([{ clockUs: 0, open: 0, dropped: 0, waits: [], stacks: [], background: [], requests, segments: [] }])!.byRoute[0];
    const mean = (13 * 4) / 60;
    // The sample standard deviation of 13 fours among 60 reads, over √60.
    const sd = Math.sqrt((13 * (4 - mean) ** 2 + 47 * mean ** 2) / 59);
    expect(r.cpuMsPerRequest).toBeCloseTo(mean, 3);
    expect(r.cpuErrorMs).toBeCloseTo(sd / Math.sqrt(60), 3);
    expect(r.cpuClockStepMs).toBe(4);
    // A route over the step, read evenly: a small error and no step said.
    const even = summarizeRequestTime([{ clockUs: 0, open: 0, dropped: 0, waits: [], stacks: [], background: [], segments: [],
      requests: Array.from({ length: 60 }, (_, i) => [i + 1, 'GET', '/hash', ms(i), ms(i + 0.5), 200, 3000, i % 2 ? 8000 : 12000]) }])!.byRoute[0];
    expect(even.cpuMsPerRequest).toBe(10);
    expect(even.cpuErrorMs).toBeCloseTo(2 * Math.sqrt(60 / 59) / Math.sqrt(60), 3);
    expect(even.cpuClockStepMs).toBeUndefined();
  });

  it('counts once the first requests of each route, which the collector reads for certain, even after the first 200', () => {
    // 200 requests of /a, then /a and /b in turn: /b's first 100 (all read) cost 3 ms, its 300 after 1 ms, a quarter read.
    const requests: CollectedBatch['requests'] = [];
    for (let id = 1; id <= 1000; id++) {
      const b = id > 200 && id % 2 === 0;
      const nthOfB = (id - 200) / 2;
      const cpu = !b ? (id <= 200 || id % 4 === 1 ? 1000 : -1) : nthOfB <= 100 ? 3000 : nthOfB % 4 === 0 ? 1000 : -1;
      requests.push([id, 'GET', b ? '/b' : '/a', ms(id), ms(id + 0.5), 200, 3000, cpu]);
    }
    const r = summarizeRequestTime([{ clockUs: 0, open: 0, dropped: 0, waits: [], stacks: [], background: [], requests, segments: [] }])!.byRoute.find((x) => x.path === '/b')!;
    // (100 × 3 + 300 × 1) / 400: weighing the first 100 by four as well said 2.1.
    expect(r).toMatchObject({ cpuMsPerRequest: 1.5, cpuTimedRequests: 175 });
  });

  it('weighs the error as the mean: a request read with chance ¼ stands for four', () => {
    // 200 first requests all read at 3 ms, then 800 of which a quarter were read: half of those 1 ms, half 3 ms.
    const requests: CollectedBatch['requests'] = [];
    for (let id = 1; id <= 1000; id++) requests.push([id, 'GET', '/page', ms(id), ms(id + 0.5), 200, 3000, id <= 200 ? 3000 : id % 4 === 0 ? (id % 8 === 0 ? 1000 : 3000) : -1]);
    const r = summarizeRequestTime([{ clockUs: 0, open: 0, dropped: 0, waits: [], stacks: [], background: [], requests, segments: [] }])!.byRoute[0];
    // Mean (200·3 + 800·2) / 1000 = 2.2; the error: √(Σ w²(x−m)²) / Σw, with n/(n−1).
    expect(r.cpuMsPerRequest).toBe(2.2);
    const sumSq = 200 * 0.8 ** 2 + 16 * (100 * 1.2 ** 2 + 100 * 0.8 ** 2);
    expect(r.cpuErrorMs).toBeCloseTo(Math.sqrt((sumSq * 400) / 399) / 1000, 4);
  });
});
