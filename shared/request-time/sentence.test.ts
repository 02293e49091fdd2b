// The waiting sentence never contradicts the time table beside it (issue 33,
// item 5): every wait the table shows (renderer/src/result/RequestTime.tsx:
// a share of 0.5 % or more) is named in the sentence, and "does not see" is
// said only when the collector saw no wait at all. Held on the case the issue
// found and on many generated tables.
import { describe, expect, it } from 'vitest';
import type { RequestTime, RequestTimeKind, RequestTimePart } from '../recording/request-time.ts';
import { waitingSentence } from './sentence.ts';

const part = (kind: RequestTimeKind, target: string, msPerRequest: number, total: number, more: Partial<RequestTimePart> = {}): RequestTimePart =>
  ({ kind, target, msPerRequest, share: msPerRequest / total, callsPerRequest: kind === 'cpu' || kind === 'queue' || kind === 'other' ? 0 : 1, from: null, ...more });

function requestTime(parts: RequestTimePart[], meanMs: number): RequestTime {
  return { requests: 100, perRequestMs: { p50: meanMs, mean: meanMs }, serverMs: { p50: meanMs, p99: meanMs, mean: meanMs }, parts, byRoute: [], dropped: 0 };
}

/** The table's rows (RequestTime.tsx shows a part from this share on). */
const SHOWN = 0.005;
const SEEN_KINDS: readonly RequestTimeKind[] = ['http', 'socket', 'fs', 'dns', 'threadpool', 'worker', 'child', 'ipc', 'timer'];
/** How the sentence names a wait of each kind: its target for a call, else the thing it waited on. */
const NAME: Record<string, (p: RequestTimePart) => string> = {
  http: (p) => p.target, socket: (p) => p.target, fs: () => 'file system', dns: () => 'DNS', threadpool: () => 'thread pool',
  worker: () => 'worker pool', child: () => 'child process', ipc: () => 'child process over IPC', timer: (p) => `${p.target} timer`,
};

describe('the waiting sentence and the time table', () => {
  it('names a Redis on a port of its own that the table shows, and does not say "does not see" beside it (the issue’s case)', () => {
    const total = 764;
    const rt = requestTime([
      part('other', '', 713, total), part('socket', '127.0.0.1:6390 (redis)', 46, total, { statement: 'KEYS cart:*', server: 'redis' }), part('cpu', '', 5, total),
    ], total);
    const s = waitingSentence(rt)!;
    expect(s).toContain('127.0.0.1:6390 (redis)');
    expect(s).not.toContain('does not see');
    expect(s).toContain('could not tie to any call it saw');
  });

  it('names a wait on forked children over IPC, where it was sent from, and the children\'s heaviest work beside it', () => {
    const total = 52;
    const rt = requestTime([
      part('ipc', 'pool.js', 40, total, { from: { function: 'askPool', url: 'file:///srv/pool.js', line: 67 } }), part('queue', '', 10, total), part('cpu', '', 2, total),
    ], total);
    const work = 'the children\'s heaviest work: renderInvoice (pool.js:20) on 2 forked children (pid 7, 8), 66% of their busy time';
    expect(waitingSentence(rt, work)).toBe('Each request took 52 ms (p50): 40 ms waiting on a child process over IPC (pool.js: queued for the child, then its work) '
      + `(from askPool, pool.js:67); ${work}, 10 ms queued behind other work on the event loop (arrived, but the loop was busy), 2 ms in its own code. `
      + 'Make each job cheaper in the child, send it less data, or add children (up to the number of cores). The children\'s own profile says where their time goes.');
    // Children not recorded (a fork pool by --pid): no word of a profile the recording does not have.
    expect(waitingSentence(rt)).not.toContain('heaviest work');
    expect(waitingSentence(rt)).not.toContain('own profile');
  });

  it('keeps the way out of an N+1 that queueing outgrew beside a CPU hog (CI: 5.6 ms queued, 5.1 ms on 21 gets)', () => {
    const total = 16.5;
    const gets = part('socket', '127.0.0.1:37167 (memcached)', 5.1, total, { statement: 'get user:?', server: 'memcached', callsPerRequest: 20, oneAfterAnotherPerRequest: 20,
      from: { function: 'loadFriend', url: 'file:///app/profiles.cjs', line: 23 }, via: 'memcache-client' });
    const rt = requestTime([part('queue', '', 5.6, total), gets, part('cpu', '', 5.3, total)], total);
    expect(waitingSentence(rt)).toBe('Each request took 17 ms (p50): 5.6 ms queued behind other work on the event loop (arrived, but the loop was busy), '
      + '5.1 ms on 20 commands per request to 127.0.0.1:37167 (memcached), one after another: `get user:?` ×20 from loadFriend (profiles.cjs:23, via memcache-client), '
      + '5.3 ms in its own code. Shorten the JavaScript that holds the event loop (the functions below), or move it to a worker thread. '
      + 'For the commands one after another: fetch them in one `get` with several keys (`get key1 key2 …`), or run them together.');
    // Without queueing first, the N+1's advice is the lead, said once.
    const alone = requestTime([{ ...gets, share: 5.1 / 8 }, part('cpu', '', 2.9, 8)], 8);
    expect(waitingSentence(alone)!.match(/several keys/g)).toHaveLength(1);
  });

  it('says how much of the time in its own code was CPU, by the route\'s clock, when it is well under it (beside a CPU hog)', () => {
    // An unseen execFile route beside a hog: 10 ms in its code by the wall, 2.3 ms of CPU by the thread's clock.
    const total = 90;
    const parts = [part('child', 'thumbnail.sh', 73, total), part('queue', '', 7, total), part('cpu', '', 10, total)];
    const route = (cpuMsPerRequest: number, cpuErrorMs: number) => ({ method: 'GET', path: '/thumb', requests: 233, perRequestMs: { p50: total, mean: total }, parts, cpuMsPerRequest, cpuErrorMs, cpuTimedRequests: 233, topFunction: null });
    const rt = { ...requestTime(parts, total), byRoute: [route(2.3, 0.1)] };
    expect(waitingSentence(rt)).toContain(', 10 ms in its own code (2.3 ms of it on a CPU: the rest it waited for a core the machine\'s other programs had). ');
    // Near the wall time, or too uncertain to say: the wall time alone.
    expect(waitingSentence({ ...rt, byRoute: [route(9, 0.1)] })).toContain(', 10 ms in its own code. ');
    expect(waitingSentence({ ...rt, byRoute: [route(2.3, 1)] })).toContain(', 10 ms in its own code. ');
  });

  it('says "does not see" when the collector saw no wait at all', () => {
    const rt = requestTime([part('other', '', 700, 710), part('cpu', '', 10, 710)], 710);
    expect(waitingSentence(rt)).toContain('waiting on something the collector does not see');
  });

  it('names every wait the table shows, however many small ones, on generated tables', () => {
    let seed = 33;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    let checked = 0;
    for (let n = 0; n < 400; n++) {
      const kinds: RequestTimeKind[] = ['cpu', 'queue', 'other', ...SEEN_KINDS, 'socket', 'socket', 'http'];
      const count = 1 + Math.floor(random() * 9);
      const raw = Array.from({ length: count }, (_, i) => ({ kind: kinds[Math.floor(random() * kinds.length)], ms: random() < 0.4 ? random() * 3 : random() * 300, i }));
      const total = raw.reduce((t, r) => t + r.ms, 0) + 1;
      // One part per kind and target, as summarize.ts makes them.
      const parts = raw.map((r) => part(r.kind, r.kind === 'socket' ? `127.0.0.1:${6000 + r.i} (redis)` : r.kind === 'http' ? `GET 127.0.0.1:${7000 + r.i}/x` : r.kind === 'timer' ? `${r.i + 1} ms` : '', r.ms, total))
        .filter((p, i, all) => all.findIndex((q) => q.kind === p.kind && q.target === p.target) === i)
        .sort((a, b) => b.msPerRequest - a.msPerRequest);
      const s = waitingSentence(requestTime(parts, total));
      if (s === null) continue;
      checked++;
      for (const p of parts.filter((q) => q.share >= SHOWN && SEEN_KINDS.includes(q.kind))) expect(s, JSON.stringify(parts)).toContain(NAME[p.kind](p));
      const seen = parts.some((p) => SEEN_KINDS.includes(p.kind));
      if (seen) expect(s).not.toContain('does not see');
    }
    expect(checked).toBeGreaterThan(100);
  });
});

describe('the waiting sentence of a burst over several routes', () => {
  // The shop of issue 35: /recent makes 1 + 15 queries a request one after another, /quote none; the whole burst's
  // parts are means over both routes (half the requests each), so they read ×7.5.
  const db = '127.0.0.1:5433 (postgres)';
  const byId = 'SELECT id, customer, total FROM orders WHERE id = $1';
  const n1 = (calls: number, ms: number, total: number) => part('socket', db, ms, total, { statement: byId, server: 'postgres', callsPerRequest: calls, oneAfterAnotherPerRequest: calls, from: { function: 'recentOrders', url: 'file:///app/shop.js', line: 19 } });
  const route = (path: string, parts: RequestTimePart[], meanMs: number, requests: number) => ({ method: 'GET', path, requests, perRequestMs: { p50: meanMs, mean: meanMs }, parts, cpuMsPerRequest: parts.find((p) => p.kind === 'cpu')?.msPerRequest ?? 0, topFunction: null });
  const mixed = (): RequestTime => ({
    ...requestTime([n1(7.5, 105, 118), part('cpu', '', 13, 118)], 118),
    byRoute: [route('/recent', [n1(15, 210, 216), part('cpu', '', 6, 216)], 216, 50), route('/quote', [part('cpu', '', 20, 21), part('queue', '', 1, 21)], 21, 50)],
  });

  it("says the route that waited, with its own counts — never the burst's mean of them", () => {
    const s = waitingSentence(mixed())!;
    expect(s).toBe('Each GET /recent request (50 of 100) took 216 ms (p50): 210 ms on 15 queries per request to 127.0.0.1:5433 (postgres), one after another: '
      + '`SELECT id, customer, total FROM orders WHERE id = $1` ×15 from recentOrders (shop.js:19), 6 ms in its own code. '
      + "Fetch them in one query (`WHERE id = ANY($1)`) or run them together. Each route's own cause is in its line below.");
  });

  it('is the route whose own waits cost most in all, not one that queued behind another', () => {
    const rt = mixed();
    // /quote queued long behind /recent's callbacks: its waiting is /recent's work, not its own.
    rt.byRoute[1] = route('/quote', [part('queue', '', 400, 420), part('cpu', '', 20, 420)], 420, 50);
    expect(waitingSentence(rt)).toMatch(/^Each GET \/recent request \(50 of 100\) took/);
    expect(waitingSentence(rt)).toMatch(/Each route's own cause is in its line below\.$/);
  });

  it('says no mean when no route waited most of its own time', () => {
    const rt = mixed();
    rt.byRoute = [route('/a', [n1(15, 40, 100), part('cpu', '', 60, 100)], 100, 50), route('/b', [n1(15, 40, 100), part('cpu', '', 60, 100)], 100, 50)];
    expect(waitingSentence(rt)).toBe("Requests spent most of their time waiting, not computing, on different things per route: each route's own cause is in its line below.");
  });
});
