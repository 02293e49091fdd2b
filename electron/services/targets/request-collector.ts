// The request collector: a small script run in the target over the inspector
// (Runtime.evaluate) that records where each request's wall time went, on the
// CPU profile's clock (µs of the monotonic clock V8 stamps samples with, the
// one process.hrtime reads). shared/request-time/ turns what it hands over into
// the recording's `requestTime`.
//
// How: diagnostics_channel marks each server request's start and finish and
// each outbound HTTP call (http.client.* for node:http, undici:request:* for
// fetch); an async_hooks hook carries the request through its callbacks (a
// property on each async resource, the way AsyncLocalStorage did before Node
// 24), logs which request's code ran when (its CPU segments), and times the
// waits it starts: fs, DNS, thread-pool jobs, timers, and writes to client
// sockets answered by the socket's next read (a database or cache, even on a
// connection opened before the request, whose reads the hook gives back to
// the request that wrote), and worker threads (the request a worker's answer
// wakes waited on the pool since it last ran). Stacks are captured for a sample of waits and
// formatted only when handed over (formatting is the costly part).
// The script is plain JavaScript run by the target's Node, not by us: no
// imports, no closures over this module.

// The name the collector's frames carry in the target's stacks (filtered out of "where it was called from"),
// declared with the profile rules that classify those frames.
import { COLLECTOR_URL } from '../../../shared/profile/classify.ts';
import { CPU_TIMED_FIRST, CPU_TIMED_SHARE } from '../../../shared/request-time/collected.ts';
export { COLLECTOR_URL };

export const INSTALL_COLLECTOR_JS = String.raw`(() => {
  const KEY = Symbol.for('flambe.requestTime');
  if (globalThis[KEY]) { globalThis[KEY].reset(); return JSON.stringify({ ok: true, clockUs: globalThis[KEY].now() }); }
  const get = process.getBuiltinModule;
  if (typeof get !== 'function') return JSON.stringify({ ok: false, why: 'Node ' + process.versions.node + ' has no process.getBuiltinModule (Node 22.3 or later has it)' });
  const dc = get('node:diagnostics_channel');
  const ah = get('node:async_hooks');
  const { performance } = get('node:perf_hooks');
  const base = Number(process.hrtime.bigint()) / 1e3 - performance.now() * 1e3;
  const now = () => performance.now() * 1e3 + base;
  const CTX = Symbol('flambe.request');
  const WAIT = Symbol('flambe.wait');
  const MAX_REQUESTS = 200000;
  const KIND = {
    FSREQCALLBACK: 'fs', FSREQPROMISE: 'fs', FILEHANDLECLOSEREQ: 'fs', STATWATCHER: 'fs',
    GETADDRINFOREQWRAP: 'dns', GETNAMEINFOREQWRAP: 'dns', QUERYWRAP: 'dns',
    PBKDF2REQUEST: 'threadpool', SCRYPTREQUEST: 'threadpool', RANDOMBYTESREQUEST: 'threadpool', RANDOMPRIMEREQUEST: 'threadpool',
    HKDFREQUEST: 'threadpool', HASHREQUEST: 'threadpool', SIGNREQUEST: 'threadpool', VERIFYREQUEST: 'threadpool',
    CIPHERREQUEST: 'threadpool', DERIVEBITSREQUEST: 'threadpool', KEYPAIRGENREQUEST: 'threadpool', SECRETKEYGENREQUEST: 'threadpool',
    KEYGENREQUEST: 'threadpool', CHECKPRIMEREQUEST: 'threadpool', ZLIB: 'threadpool',
    // A connect is the setup of the exchanges on that socket, not one of them (summarize.ts counts calls so).
    Timeout: 'timer', TCPCONNECTWRAP: 'connect',
    // A child process the request started (execFile, spawn): from its start to its exit.
    PROCESSWRAP: 'child',
  };
  let s;
  const reset = () => {
    s = { nextId: 1, requests: [], segs: [], waits: [], stacks: [], stackCount: 0, dropped: 0, segFrom: 0, background: [] };
  };
  reset();
  let cur = null;
  let bg = null;
  // Each server request's record, by its IncomingMessage.
  const byMessage = new WeakMap();
  const stack = [];
  // The main thread's CPU time (Node 23.9+), µs, read around the code of a sample of requests: wall time in a
  // request's code also counts the moments a busy machine took the core away, its CPU time does not.
  const threadCpu = typeof process.threadCpuUsage === 'function' ? () => { const u = process.threadCpuUsage(); return u.user + u.system; } : null;
  const CPU_ALWAYS = ${CPU_TIMED_FIRST};
  const CPU_SHARE = ${CPU_TIMED_SHARE};
  const switchTo = (rec) => {
    if (rec === cur) return;
    const t = now();
    if ((cur && cur.cpuAt >= 0) || (rec && rec.cpu >= 0)) {
      const c = threadCpu();
      if (cur && cur.cpuAt >= 0) { cur.cpu += c - cur.cpuAt; cur.cpuAt = -1; }
      if (rec && rec.cpu >= 0 && !rec.gone && rec.end === null) rec.cpuAt = c;
    }
    if (cur && !cur.gone) { s.segs.push(cur.id, s.segFrom, t); cur.last = t; }
    cur = rec;
    s.segFrom = t;
    if (rec && rec.sw) socketAnswered(rec);
  };
  // The request runs again: its socket writes that a read came after were answered by the last such read.
  const socketAnswered = (rec) => {
    const keep = [];
    for (const w of rec.sw) {
      if (!w.readT) { keep.push(w); continue; }
      const list = w.sock[WAIT];
      list.splice(list.indexOf(w), 1);
      wait(rec, 'socket', (w.sock.remoteAddress ?? '?') + ':' + w.sock.remotePort, w.t, w.readT, w.where);
    }
    rec.sw = keep.length ? keep : undefined;
  };
  // A stack for the first waits and then one in 20: capturing is cheap, formatting is deferred to take().
  const site = () => {
    s.stackCount++;
    if (s.stackCount > 300 && s.stackCount % 20 !== 0) return -1;
    const o = {};
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 40;
    Error.captureStackTrace(o, site);
    Error.stackTraceLimit = limit;
    return s.stacks.push(o) - 1;
  };
  const wait = (rec, kind, target, from, to, where) => {
    if (rec.gone || rec.end !== null) return;
    s.waits.push([rec.id, kind, target, from, to, where]);
  };
  let ownerSym = null;
  // A child process's program and first two arguments, values that look like secrets masked (--token=…, long keys).
  const commandOf = (child) => {
    const args = child && Array.isArray(child.spawnargs) ? child.spawnargs.slice(0, 3) : [];
    return args.map((a) => String(a).replace(/^(-{0,2}[\w.-]*(?:pass|secret|token|key|auth)[\w.-]*[=:]).*$/i, '$1…')
      .replace(/^[A-Za-z0-9+/_=-]{32,}$/, '…').slice(0, 60)).join(' ');
  };
  const ownerOf = (handle) => {
    if (!handle || typeof handle !== 'object') return null;
    if (!ownerSym) ownerSym = Object.getOwnPropertySymbols(handle).find((k) => k.description === 'owner_symbol');
    return ownerSym ? handle[ownerSym] : null;
  };
  // A write to a client socket (a database, a cache) waits for the socket's next read. Writes that finish
  // at once emit no async_hooks init, so the socket's write is wrapped (and put back by uninstall).
  const Socket = get('node:net').Socket;
  const ownWrite = Object.prototype.hasOwnProperty.call(Socket.prototype, 'write') ? Socket.prototype.write : null;
  const realWrite = Socket.prototype.write;
  // The stand-ins are named (write, emit, postMessage, fetch): a profile knows them by those names, and what runs
  // under them is the user's call (shared/profile/collector-work.ts), while the rest of the collector is its own work.
  Socket.prototype.write = function write(...args) {
    // stdout/stderr on a pipe are sockets too, but never answered: a log line is no request's wait (and the stack
    // read for it would be Flambé's cost in the user's logging).
    if (cur && !this.server && !this._httpMessage && !this._isStdio) {
      const w = { rec: cur, sock: this, t: now(), readT: 0, where: site() };
      const list = (this[WAIT] ??= []);
      if (list.push(w) > 1000) list.shift(); // a socket only written to (a log shipper) must not grow without end
      (cur.sw ??= []).push(w);
    }
    return realWrite.apply(this, args);
  };
  // A worker thread's answer: the request it wakes (the first to run after it) waited on the worker pool since
  // it last ran — queued in the pool or running there. Worker emits each message from its port (this.emit).
  const Worker = get('node:worker_threads').Worker;
  const ownEmit = Object.prototype.hasOwnProperty.call(Worker.prototype, 'emit');
  const workerEmit = Worker.prototype.emit;
  const workerPost = Worker.prototype.postMessage;
  let answered = null;
  Worker.prototype.emit = function emit(name, ...args) {
    if (name === 'message') answered = { t: now(), thread: this.threadId };
    return workerEmit.call(this, name, ...args);
  };
  Worker.prototype.postMessage = function postMessage(...args) {
    if (cur) cur.workerSite = site();
    return workerPost.apply(this, args);
  };
  const workerAnswered = (res, rec) => {
    if (rec && !rec.gone && rec.end === null) {
      wait(rec, 'worker', 'thread ' + answered.thread, rec.last ?? rec.start, answered.t, rec.workerSite ?? -1);
      answered = null;
    } else if (!(res instanceof Promise)) answered = null; // a new task: the answer woke no request
  };
  const hook = ah.createHook({
    init(asyncId, type, trigger, res) {
      if (!cur) return;
      res[CTX] = cur;
      if (type === 'PROMISE') return;
      const kind = KIND[type];
      if (kind) res[WAIT] = { rec: cur, kind, t: now(), due: type === 'Timeout' ? res._idleTimeout : undefined, where: site() };
    },
    before() {
      stack.push(cur);
      const res = ah.executionAsyncResource();
      let rec = res ? res[CTX] ?? null : null;
      const w = res ? res[WAIT] : undefined;
      const sock = w === undefined ? ownerOf(res) : null;
      const writes = sock ? sock[WAIT] : undefined;
      if (writes && writes.length) {
        // A client socket's read may answer any of the writes waiting on it (answers can arrive together):
        // each wait ends at the last read before its request runs again (switchTo). The read runs as the
        // oldest writer's request.
        const t = now();
        for (const x of writes) x.readT = t;
        if (!writes[0].rec.gone && writes[0].rec.end === null) rec = writes[0].rec;
      } else if (w) {
        res[WAIT] = undefined;
        const t = now();
        if (w.due !== undefined && w.due > 0 && t - w.t > w.due * 1e3) {
          wait(w.rec, 'timer', String(w.due) + ' ms', w.t, w.t + w.due * 1e3, w.where);
          wait(w.rec, 'queue', 'timer', w.t + w.due * 1e3, t, -1);
        } else {
          const target = w.kind === 'timer' ? String(w.due) + ' ms' : w.kind === 'connect' && res.port ? res.address + ':' + res.port
            : w.kind === 'child' ? commandOf(ownerOf(res)) : '';
          wait(w.rec, w.kind, target, w.t, t, w.where);
        }
      }
      // The server reading more of a request (a body that came in a later packet) runs that request's code — its
      // 'data' listeners — though the read's context is the connection's (HTTPServerAsyncResource, whose socket's
      // parser holds the message being read): give it back.
      if (res && (!rec || rec.end !== null)) {
        const incoming = (res.socket ?? sock ?? ownerOf(res))?.parser?.incoming;
        const reading = incoming ? byMessage.get(incoming) : undefined;
        if (reading && !reading.gone && reading.end === null) rec = reading;
      }
      if (answered) workerAnswered(res, rec);
      switchTo(rec);
      // A timer outside any request: background work, logged with its callback's name and period.
      if (!rec && !bg && res && typeof res._onTimeout === 'function') {
        bg = { depth: stack.length, from: now(), source: res._repeat ? 'interval' : 'timer', name: res._onTimeout.name || '', every: res._repeat ? res._idleTimeout : 0 };
      } else if (!rec && !bg && res && typeof res._onImmediate === 'function') {
        bg = { depth: stack.length, from: now(), source: 'immediate', name: res._onImmediate.name || '', every: 0 };
      }
    },
    after() {
      if (bg && bg.depth === stack.length) {
        s.background.push(bg.source, bg.from, now(), bg.name, bg.every);
        bg = null;
      }
      switchTo(stack.length ? stack.pop() : null);
    },
  });
  const pathOf = (url) => { const q = url.indexOf('?'); return q < 0 ? url : url.slice(0, q); };
  const onStart = ({ request }) => {
    if (s.requests.length >= MAX_REQUESTS) { s.dropped++; return; }
    // The port it came in on: a process can serve more than one server (an upstream stub beside the app), and only the loaded one counts.
    const port = request.socket && typeof request.socket.localPort === 'number' ? request.socket.localPort : 0;
    // CPU time is read for the first requests and then a random quarter (never in step with a route rotation).
    const timed = threadCpu !== null && (s.nextId <= CPU_ALWAYS || Math.random() < CPU_SHARE);
    const rec = { id: s.nextId++, method: request.method, path: pathOf(request.url ?? '/'), start: now(), end: null, status: 0, gone: false, port, cpu: timed ? 0 : -1, cpuAt: -1 };
    s.requests.push(rec);
    byMessage.set(request, rec);
    // The handler's synchronous part runs inside the callback that parsed the request: it ends at that callback's after.
    switchTo(rec);
  };
  const onFinish = ({ request, response }) => {
    const rec = byMessage.get(request);
    if (!rec || rec.end !== null) return;
    rec.end = now();
    rec.status = response.statusCode;
    // Its code may still run after the response (the rest of the handler): that CPU is left out, like its segments.
    if (rec === cur && rec.cpuAt >= 0) { rec.cpu += threadCpu() - rec.cpuAt; rec.cpuAt = -1; }
    seen++;
  };
  const calls = new WeakMap();
  // http.request and fetch start their call a tick after the user's code ran: the site is taken where it was called.
  const sites = new WeakMap();
  const callStart = (key, target, where) => { if (cur) calls.set(key, { rec: cur, t: now(), target, where: where ?? sites.get(key) ?? -1 }); };
  const realFetch = globalThis.fetch;
  const fetchSites = [];
  if (typeof realFetch === 'function') {
    globalThis.fetch = function fetch(...args) {
      if (cur) fetchSites.push({ rec: cur, where: site() });
      return realFetch.apply(this, args);
    };
  }
  const fetchSite = () => {
    const i = fetchSites.findIndex((f) => f.rec === cur);
    if (i < 0) return -1;
    const where = fetchSites[i].where;
    fetchSites.splice(0, i + 1);
    return where;
  };
  const callEnd = (key) => {
    const c = calls.get(key);
    if (!c) return;
    calls.delete(key);
    wait(c.rec, 'http', c.target, c.t, now(), c.where);
  };
  const subs = [
    ['http.server.request.start', onStart],
    ['http.server.response.finish', onFinish],
    ['http.client.request.created', ({ request }) => { if (cur) sites.set(request, site()); }],
    ['http.client.request.start', ({ request }) => callStart(request, request.method + ' ' + (request.getHeader('host') ?? request.host) + pathOf(request.path ?? '/'))],
    ['http.client.response.finish', ({ request }) => callEnd(request)],
    ['http.client.request.error', ({ request }) => callEnd(request)],
    ['undici:request:create', ({ request }) => callStart(request, request.method + ' ' + String(request.origin).replace(/^[a-z]+:\/\//, '') + pathOf(request.path ?? '/'), fetchSite())],
    ['undici:request:trailers', ({ request }) => callEnd(request)],
    ['undici:request:error', ({ request }) => callEnd(request)],
  ];
  for (const [name, fn] of subs) dc.subscribe(name, fn);
  hook.enable();
  const format = (o) => String(o.stack).split('\n').slice(1)
    .map((l) => l.trim().replace(/^at /, ''))
    .filter((l) => !l.includes('${COLLECTOR_URL}') && !/\(node:|^node:|\(<anonymous>\)|^<anonymous>/.test(l))
    .slice(0, 6);
  let seen = 0;
  globalThis[KEY] = {
    reset,
    now,
    /** Requests finished since the collector started (every batch), for progress while the user sends the load. */
    seen: () => seen,
    // Everything recorded so far; finished requests and their records are dropped from the target.
    take() {
      const done = s.requests.filter((r) => r.end !== null);
      const out = {
        clockUs: now(),
        requests: done.map((r) => [r.id, r.method, r.path, r.start, r.end, r.status, r.port, r.cpu < 0 ? -1 : Math.round(r.cpu)]),
        open: s.requests.length - done.length,
        segments: s.segs,
        background: s.background,
        waits: s.waits,
        stacks: s.stacks.map(format),
        dropped: s.dropped,
      };
      for (const r of done) r.gone = true;
      const open = s.requests.filter((r) => r.end === null);
      // Ids go on across batches (a request still open is finished in a later one); so does the one-in-20 stack count.
      const { nextId, stackCount, segFrom } = s;
      reset();
      Object.assign(s, { nextId, stackCount, segFrom, requests: open });
      return JSON.stringify(out);
    },
    uninstall() {
      hook.disable();
      if (ownWrite) Socket.prototype.write = ownWrite; else delete Socket.prototype.write;
      for (const [name, fn] of subs) dc.unsubscribe(name, fn);
      if (typeof realFetch === 'function') globalThis.fetch = realFetch;
      if (ownEmit) Worker.prototype.emit = workerEmit; else delete Worker.prototype.emit;
      Worker.prototype.postMessage = workerPost;
      switchTo(null);
      delete globalThis[KEY];
    },
  };
  return JSON.stringify({ ok: true, clockUs: now() });
})()
//# sourceURL=${COLLECTOR_URL}`;

export const TAKE_COLLECTED_JS = `(() => { const c = globalThis[Symbol.for('flambe.requestTime')]; return c ? c.take() : 'null'; })()`;
export const COLLECTOR_SEEN_JS = `(() => { const c = globalThis[Symbol.for('flambe.requestTime')]; return c ? String(c.seen()) : 'null'; })()`;
export const UNINSTALL_COLLECTOR_JS = `(() => { const c = globalThis[Symbol.for('flambe.requestTime')]; if (c) { const out = c.take(); c.uninstall(); return out; } return 'null'; })()`;
