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
// the request that wrote), worker threads (the request a worker's answer
// wakes waited on the pool since it last ran), and forked children over IPC
// (a child's message answers the oldest message a running request sent it). Stacks are captured for a sample of waits and
// formatted only when handed over (formatting is the costly part).
// The script is plain JavaScript run by the target's Node, not by us: no
// imports, no closures over this module.

// The name the collector's frames carry in the target's stacks (filtered out of "where it was called from"),
// declared with the profile rules that classify those frames.
import { COLLECTOR_URL } from '../../../shared/profile/classify.ts';
import { CPU_TIMED_FIRST, CPU_TIMED_FIRST_OF_ROUTE, CPU_TIMED_ROUTES, CPU_TIMED_SHARE, MAX_WIRE_COMMANDS, TIME_TENTHS_PER_US } from '../../../shared/request-time/collected.ts';
import { createWireReader } from '../../../shared/request-time/wire-protocols.ts';
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
    s = { batch: (s ? s.batch : 0) + 1, nextId: 1, requests: [], segs: [], waits: [], stacks: [], stackCount: 0, dropped: 0, segFrom: 0, background: [] };
  };
  reset();
  let cur = null;
  let bg = null;
  // Each server request's record, on its IncomingMessage (a property: a WeakMap's entry cost more per request).
  const REC = Symbol('flambe.record');
  const stack = [];
  // The main thread's CPU time (Node 23.9+), µs, read around the code of a sample of requests: wall time in a
  // request's code also counts the moments a busy machine took the core away, its CPU time does not.
  const threadCpu = typeof process.threadCpuUsage === 'function' ? () => { const u = process.threadCpuUsage(); return u.user + u.system; } : null;
  const CPU_ALWAYS = ${CPU_TIMED_FIRST};
  const CPU_SHARE = ${CPU_TIMED_SHARE};
  // t: the time already read by the caller, if any (one clock read less per request start).
  const switchTo = (rec, t) => {
    if (rec === cur) return;
    if (t === undefined) t = now();
    if ((cur && cur.cpuAt >= 0) || (rec && rec.cpu >= 0)) {
      const c = threadCpu();
      if (cur && cur.cpuAt >= 0) { cur.cpu += c - cur.cpuAt; cur.cpuAt = -1; }
      if (rec && rec.cpu >= 0 && !rec.gone && rec.end === null) rec.cpuAt = c;
    }
    if (cur && !cur.gone) { s.segs.push(cur.id, s.segFrom, t); cur.last = t; if (cur.asked && cur.askedAt !== s.segFrom) cur.asked = null; }
    cur = rec;
    s.segFrom = t;
    if (rec && rec.sw) socketAnswered(rec);
  };
  // Drivers write a query a tick after the user's code called them (pg's pool hands out its client in a nextTick):
  // once a database or cache has been seen on the wire, each tick or immediate a request schedules keeps where it
  // was scheduled (sampled like every stack), and a write run by it carries that stack after its own.
  const ORIGIN = Symbol('flambe.origin');
  const ASKED = Symbol('flambe.asked');
  let dbSeen = false;
  const siteWithOrigin = () => {
    const res = ah.executionAsyncResource();
    const origin = res ? res[ORIGIN] : null;
    return origin ? { then: [capture(true), origin] } : site();
  };
  // The request runs again: its socket writes that a read came after were answered by the last such read.
  const socketAnswered = (rec) => {
    const keep = [];
    for (const w of rec.sw) {
      if (!w.readT) { keep.push(w); continue; }
      const list = w.sock[WAIT];
      list.splice(list.indexOf(w), 1);
      const st = w.sock[WIRE];
      const server = st && st.proto !== 'unknown' ? st.proto : '';
      const row = wait(rec, 'socket', (w.sock.remoteAddress ?? '?') + ':' + w.sock.remotePort, w.t, w.readT, w.where, server, w.cmds);
      if (row && answering && answering.rec === rec) answering.rows.push(row);
      rec.answeredAt = w.readT;
      rec.answeredBy = w.sock;
      rec.answeredCmds = w.cmds;
      if (row && w.cmds && w.cmds.length > 1) w.sock[BATCH] = { row, cmds: w.cmds, next: 1, where: w.where };
    }
    rec.sw = keep.length ? keep : undefined;
  };
  // A stack for the first waits and then one in 20: capturing is cheap, formatting is deferred to take().
  const capture = (always) => {
    s.stackCount++;
    if (!always && s.stackCount > 300 && s.stackCount % 20 !== 0) return null;
    const o = {};
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 40;
    Error.captureStackTrace(o, capture);
    Error.stackTraceLimit = limit;
    return o;
  };
  // Whether the app's own code (not Node's, a package's or Flambé's) is on the stack: read only for a write made
  // inside a database's answer, where it tells the reader's own next call from a pool's queued one.
  const callSites = (_, calls) => calls;
  // The 12 innermost call sites above \`below\` (V8's CallSite objects, unformatted), or null: a short walk.
  const callSitesAbove = (below) => {
    const prepare = Error.prepareStackTrace;
    const limit = Error.stackTraceLimit;
    Error.prepareStackTrace = callSites;
    Error.stackTraceLimit = 12;
    const o = {};
    Error.captureStackTrace(o, below);
    const calls = o.stack;
    Error.prepareStackTrace = prepare;
    Error.stackTraceLimit = limit;
    return Array.isArray(calls) ? calls : null;
  };
  const userCodeOnStack = () => {
    // A callback-style app's frame is a few frames under the write (write, the driver's send, its query, the app):
    // a short walk, for this runs once per call written inside a database's answer.
    const calls = callSitesAbove(userCodeOnStack);
    return !!calls && calls.some((c) => {
      const f = c.getFileName();
      return !!f && !f.startsWith('node:') && !f.includes('/node_modules/') && !f.includes('${COLLECTOR_URL}');
    });
  };
  // Where a request last asked a package for something (a promise made by a package's code, called from the app's):
  // a call a pool queued is written later by the driver, under another request's answer, with none of the asker's
  // code on the stack — this names it. Read once a pool has queued a call (poolQueued), in one stretch of a request's
  // code in ASK_EVERY, among its first two promises: a stack walk per promise cost a pg route a quarter of its
  // throughput. It names a queued call only if taken in the stretch just before that call's wait (asked, askedAt).
  let poolQueued = false;
  let askSeq = 0;
  const ASK_EVERY = 4;
  const askedFrom = (rec) => {
    if (rec.askedIn !== s.segFrom) { rec.askedIn = s.segFrom; rec.askTries = askSeq++ % ASK_EVERY === 0 ? 0 : 2; }
    if (rec.askTries++ >= 2) return;
    const calls = callSitesAbove(askedFrom);
    if (!calls) return;
    let inPackage = false;
    for (const c of calls) {
      const f = c.getFileName();
      if (!f || f.startsWith('node:') || f.includes('${COLLECTOR_URL}')) continue;
      if (f.includes('/node_modules/')) { inPackage = true; continue; }
      // The walk's own frames are kept (formatted by take(), as a captured stack is): no second walk.
      if (inPackage) { rec.asked = { calls }; rec.askedAt = s.segFrom; rec.askTries = 2; }
      return;
    }
  };
  // A stack (or null, when not sampled) goes into the batch only when a row names it (wait): a timer that never
  // fired or a write whose request had answered costs no formatting in take(), and a wait answered after a take
  // names a stack of its own batch (an index taken before the take pointed into the previous batch's stacks).
  const site = () => capture(false);
  const stackIndex = (o) => {
    if (o === null || typeof o !== 'object') return -1;
    if (o.batch !== s.batch) { o.batch = s.batch; o.index = s.stacks.push(o) - 1; }
    return o.index;
  };
  const wait = (rec, kind, target, from, to, stack, server, cmds) => {
    if (rec.gone || rec.end !== null) return null;
    const where = stackIndex(stack);
    const row = server || cmds ? [rec.id, kind, target, from, to, where, server || '', cmds || []] : [rec.id, kind, target, from, to, where];
    s.waits.push(row);
    return row;
  };
  // The read that answers a request's call runs the driver's handling of the answer (parsing rows, the pool's
  // release, resolving the promise): part of the call as the app sees it. Its end is added to the call's row.
  let answering = null;
  // Some drivers (node-redis) write the commands several requests asked for in one write, under the first one's
  // context. The answers come back in order and wake each asker: a request woken by a database socket's read that
  // had no call of its own answered waited on that socket since it last ran, for the batch's next command.
  const BATCH = Symbol('flambe.batch');
  let wokeBy = null;
  const WOKE = Symbol('flambe.woke');
  // A tick is a plain object on Node 24 (TickObject before), queueMicrotask's an AsyncResource.
  const MICRO = new Set(['Object', 'TickObject', 'AsyncResource']);
  const wokenWait = (rec) => {
    if (!wokeBy || !rec || rec === cur || rec.gone || rec.end !== null || rec.answeredAt === wokeBy.t || wokeBy.seen.has(rec)) return;
    if ((rec.last ?? rec.start) >= wokeBy.t) return; // it ran since that read: not woken by it
    if (rec.sw && rec.sw.some((x) => x.sock === wokeBy.sock)) return; // its own call on that socket is still out
    wokeBy.seen.add(rec);
    const sock = wokeBy.sock;
    const batch = sock[BATCH];
    let cmds;
    if (batch) {
      if (batch.next === 1 && batch.row.length > 7) batch.row[7] = batch.row[7].slice(0, 1); // the writer's own is the first
      cmds = [batch.cmds[Math.min(batch.next++, batch.cmds.length - 1)]];
    }
    const target = (sock.remoteAddress ?? '?') + ':' + sock.remotePort;
    // A call the driver wrote for it while reading another request's answer (a pool's queue): this read answers it.
    const queued = sock[ANSWERS];
    if (queued && !batch) {
      sock[ANSWERS] = null;
      // The driver's stack, then where the request asked (its own code, which the driver's stack does not hold).
      // Without it the driver's stack alone would name the driver: the call keeps no stack (its place unknown).
      const where = rec.asked ? { then: [queued.where, rec.asked] } : -1;
      wait(rec, 'socket', target, rec.last ?? rec.start, wokeBy.t, where, sock[WIRE].proto, queued.cmds);
      return;
    }
    // Its own call's answer came in several reads: the wait for the rest is that call's, not another.
    // It ends where the driver's handling of the last read ended (its parse of the answer), when that read is over.
    if (rec.answeredBy === sock) { const row = wait(rec, 'socket', target, rec.last ?? rec.start, wokeBy.done ?? wokeBy.t, -1, sock[WIRE].proto, rec.answeredCmds); if (row) row.push(row[3], 1); return; }
    wait(rec, 'socket', target, rec.last ?? rec.start, wokeBy.t, batch ? batch.where : -1, sock[WIRE].proto, cmds);
  };
  // What the app asked a database or cache: read from the bytes its driver writes, any driver, any port
  // (shared/request-time/wire-protocols.ts, carried in as source). Statements come out with literals replaced.
  const wire = (${String(createWireReader)})();
  const WIRE = Symbol('flambe.wire');
  const QUEUED = Symbol('flambe.queued');
  const ANSWERS = Symbol('flambe.answers');
  const MAX_CMDS = ${MAX_WIRE_COMMANDS};
  // A socket's prepared statements outlive one recording: a driver prepares once per connection (mysql2's statement
  // cache), so the next recording's executes are named only if what an earlier one read is still known. Kept on the
  // socket under a global symbol (texts with literals replaced, never values): it goes when the socket goes.
  const NAMES = Symbol.for('flambe.wire.names');
  const wireCommands = (sock, chunk, enc) => {
    let st = sock[WIRE];
    if (!st) { st = sock[WIRE] = wire.state(); st.names = (sock[NAMES] ??= st.names); }
    if (st.proto === 'unknown' || st.proto === 'tls') return null;
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, typeof enc === 'string' ? enc : 'utf8') : chunk instanceof Uint8Array ? chunk : null;
    if (!bytes) return null;
    try {
      const out = wire.written(st, bytes);
      if (st.proto && st.proto !== 'unknown') dbSeen = true;
      return out.length ? out : null;
    } catch {
      st.proto = 'unknown'; // a reader's mistake must never break the app's write
      return null;
    }
  };
  // A tick scheduled while a database socket's answer was read keeps that read (init below): a MySQL write run by it,
  // with none of the app's code on the stack, is the driver's hand-off of the freed connection to a queued request.
  const HANDOFF = Symbol('flambe.handoff');
  const handedOn = (sock) => {
    const a = ah.executionAsyncResource()?.[HANDOFF];
    return a && a.sock === sock && sock[WIRE] && sock[WIRE].proto === 'mysql' ? a : null;
  };
  let ownerSym = null;
  // A child process's program and first two arguments, values that look like secrets masked (--token=…, long keys).
  // The program by its file name (a 62-character path cut at 60 read "thumbnail." for thumbnail.sh); a long argument
  // keeps its end, where a file's name is.
  const commandOf = (child) => {
    const args = child && Array.isArray(child.spawnargs) ? child.spawnargs.slice(0, 3) : [];
    return args.map((a, i) => {
      const shown = String(a).replace(/^(-{0,2}[\w.-]*(?:pass|secret|token|key|auth)[\w.-]*[=:]).*$/i, '$1…').replace(/^[A-Za-z0-9+/_=-]{32,}$/, '…');
      const named = i === 0 ? shown.slice(shown.lastIndexOf('/') + 1) : shown;
      return named.length > 60 ? '…' + named.slice(-59) : named;
    }).join(' ');
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
    if (!this.server && !this._httpMessage && !this._isStdio) {
      // Every write is read (outside requests too): the protocol's framing is followed from message to message.
      const written = wireCommands(this, args[0], args[1]);
      // A command the server never answers (memcached's noreply) is no wait: left in, the next read on the socket —
      // another command's answer, or none at all — would end it, and a call after it would be joined to it.
      if (written && written.every((c) => c.noreply)) return realWrite.apply(this, args);
      const cmds = written && written.some((c) => c.noreply) ? written.filter((c) => !c.noreply) : written;
      // Written by the driver itself while it reads the answer to another request's call on this same connection:
      // a pool handing the freed connection to the request queued for it (pg-pool, mysql2), a connection's own
      // command queue. The query is that queued request's — its code has not run since it asked, so nothing names
      // it yet: the call is kept on the socket for the request the answer wakes (wokenWait), never the reader's.
      // PostgreSQL in the read itself (pg-pool): a PostgreSQL driver writes nothing mid-call in answer to a read but a
      // handshake's steps. MySQL in a tick the read scheduled (mysql2's pool hands the freed connection on a tick
      // later), not in the read: mysql2 writes a prepared statement's execute inside its prepare's answer (one call).
      const during = answering && answering.sock === this && answering.depth === stack.length && this[WIRE] && this[WIRE].proto === 'postgres' ? answering : handedOn(this);
      const held = this[QUEUED];
      // A callback-style driver runs the reader's own callback inside the read: a call made there is the reader's.
      // (A query can take several writes, its statement read from a later one: each after the first joins it.)
      if (during && (held && held.during === during ? true : !userCodeOnStack())) {
        poolQueued = true;
        const q = held && held.during === during ? held : (this[QUEUED] = { during, cmds: [], where: capture(true) });
        if (cmds) for (const c of cmds) if (q.cmds.length < MAX_CMDS) q.cmds.push(c.text);
        return realWrite.apply(this, args);
      }
      const list = cur ? (this[WAIT] ??= []) : null;
      const last = list ? list[list.length - 1] : null;
      // Writes before the answer are one call: a query sent as Parse, Bind, Execute and Sync is one, a pipeline is one.
      if (last && last.rec === cur && !last.readT) {
        if (cmds) for (const c of cmds) if ((last.cmds ??= []).length < MAX_CMDS) last.cmds.push(c.text);
      } else if (list) {
        const asked = ah.executionAsyncResource()?.[ASKED];
      const w = { rec: cur, sock: this, t: asked !== undefined && dbSeen ? asked : now(), readT: 0, where: dbSeen ? siteWithOrigin() : site(), cmds: cmds ? cmds.slice(0, MAX_CMDS).map((c) => c.text) : undefined };
        if (list.push(w) > 1000) list.shift(); // a socket only written to (a log shipper) must not grow without end
        if (cur.answeredBy === this) cur.answeredBy = null;
        (cur.sw ??= []).push(w);
      }
    }
    return realWrite.apply(this, args);
  };
  // A MySQL prepared statement's id comes in the server's answer to its prepare: read from the answer's first bytes.
  const ownPush = Object.prototype.hasOwnProperty.call(Socket.prototype, 'push') ? Socket.prototype.push : null;
  const realPush = Socket.prototype.push;
  Socket.prototype.push = function push(chunk, ...rest) {
    const st = this[WIRE];
    if (st && st.preparing !== undefined && chunk instanceof Uint8Array) { try { wire.read(st, chunk); } catch { st.preparing = undefined; } }
    return realPush.call(this, chunk, ...rest);
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
  // A forked child's answer over IPC (child_process.fork, a process pool): a message from a child answers the oldest
  // message still out to it from a request that has not finished — that request waited on it since it sent.
  // ChildProcess's send is each child's own (set up as it spawns): wrapped on the children alive at install (the
  // active handles; an unref'd child is not among them) and on each spawned after.
  const ChildProcess = get('node:child_process').ChildProcess;
  const OUT = Symbol('flambe.ipcOut');
  const OWN_SEND = Symbol('flambe.ownSend');
  const sendsWrapped = [];
  const scriptOf = (child) => {
    const args = child && Array.isArray(child.spawnargs) ? child.spawnargs : [];
    for (let i = 1; i < args.length; i++) {
      if (/^(-r|--require|--import|--loader|--experimental-loader)$/.test(String(args[i - 1]))) continue;
      if (/\.(c|m)?[jt]sx?$/.test(String(args[i]))) return String(args[i]).split(/[\\/]/).pop().slice(0, 60);
    }
    return commandOf(child);
  };
  const wrapSend = (child) => {
    if (!child || !Object.prototype.hasOwnProperty.call(child, 'send') || child[OWN_SEND]) return;
    const own = child.send;
    child[OWN_SEND] = own;
    child.send = function send(...args) {
      if (cur && !cur.gone && cur.end === null) {
        const out = (this[OUT] ??= []);
        if (out.push({ rec: cur, t: now(), where: site() }) > 1000) out.shift();
      }
      return own.apply(this, args);
    };
    sendsWrapped.push(new WeakRef(child));
  };
  const ipcAnswered = (child) => {
    const out = child[OUT];
    if (!out) return;
    // Requests that finished without their answer did not wait on it (a message sent and not answered).
    while (out.length && (out[0].rec.gone || out[0].rec.end !== null)) out.shift();
    const sent = out.shift();
    if (sent) wait(sent.rec, 'ipc', scriptOf(child), sent.t, now(), sent.where);
  };
  const cpEmit = ChildProcess.prototype.emit;
  const ownCpEmit = Object.prototype.hasOwnProperty.call(ChildProcess.prototype, 'emit');
  ChildProcess.prototype.emit = function emit(name, ...args) {
    if (name === 'message') ipcAnswered(this);
    return cpEmit.call(this, name, ...args);
  };
  const cpSpawn = ChildProcess.prototype.spawn;
  ChildProcess.prototype.spawn = function spawn(...args) {
    const out = cpSpawn.apply(this, args);
    wrapSend(this);
    return out;
  };
  const activeHandles = typeof process._getActiveHandles === 'function' ? process._getActiveHandles() : [];
  for (const h of activeHandles) if (h instanceof ChildProcess) wrapSend(h);
  const hook = ah.createHook({
    init(asyncId, type, trigger, res) {
      // Also outside any request: the read of a queued request's answer is no one's, and may hand the connection on.
      if (answering && type === 'TickObject') res[HANDOFF] = answering;
      // An immediate the answer's read scheduled (Bluebird runs its callbacks in one) goes on with that read's wake-up —
      // the driver's, not a request's own code's (Express's on-finished defers with one too): outside any live request.
      if (wokeBy && type === 'Immediate' && (!cur || cur.gone || cur.end !== null)) res[WOKE] = wokeBy;
      if (!cur) return;
      res[CTX] = cur;
      if (type === 'PROMISE') { if (poolQueued && cur.end === null) askedFrom(cur); return; }
      // A request that has answered waits on nothing more (wait() drops what it would start): no wait to begin and
      // no stack to take — the keep-alive timer each response arms cost a hello-world route a stack capture.
      if (cur.end !== null) return;
      if (dbSeen && (type === 'TickObject' || type === 'Immediate')) {
        // When the user's code asked: a call's time, as the app sees it, starts there, not a tick later at the write.
        res[ASKED] = now();
        res[ORIGIN] = capture(false);
        return;
      }
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
      // A read after a call written for a queued request answers that call (the request it wakes takes it).
      if (sock && sock[QUEUED]) { sock[ANSWERS] = sock[QUEUED]; sock[QUEUED] = null; }
      if (writes && writes.length) {
        // A client socket's read may answer any of the writes waiting on it (answers can arrive together):
        // each wait ends at the last read before its request runs again (switchTo). The read runs as the
        // oldest writer's request.
        const t = now();
        for (const x of writes) x.readT = t;
        if (!writes[0].rec.gone && writes[0].rec.end === null) {
          rec = writes[0].rec;
          if (!answering) answering = { rec, depth: stack.length, rows: [], sock };
        }
      } else if (sock && sock[ANSWERS]) {
        // The answer to a call written for a queued request, whose code has not run since: the read is no one's
        // yet (not the request that happened to open the connection), and the driver may hand the connection on.
        rec = null;
        if (!answering) answering = { rec: null, depth: stack.length, rows: [], sock };
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
        const reading = incoming ? incoming[REC] : undefined;
        if (reading && !reading.gone && reading.end === null) rec = reading;
      }
      if (answered) workerAnswered(res, rec);
      const wired = sock && sock[WIRE] && sock[WIRE].proto && sock[WIRE].proto !== 'unknown' ? sock : null;
      if (wired) wokeBy = { sock: wired, t: now(), seen: new Set(), depth: stack.length, done: undefined };
      // Its callbacks are the driver's handling of the answer still (Bluebird's resolve the app's promises): a call
      // woken after it ends where it ended.
      else if (res && res[WOKE]) { wokeBy = res[WOKE]; wokeBy.depth = stack.length; wokeBy.done = undefined; if (rec) wokenWait(rec); }
      // The answers' promise reactions, ticks and microtasks run right after the read: a new macrotask ends that.
      else if (wokeBy && res && stack.length === 1 && !(res instanceof Promise) && !MICRO.has(res.constructor?.name)) wokeBy = null;
      else if (wokeBy && rec) wokenWait(rec);
      switchTo(rec);
      // A timer outside any request: background work, logged with its callback's name and period.
      if (!rec && !bg && res && typeof res._onTimeout === 'function') {
        bg = { depth: stack.length, from: now(), source: res._repeat ? 'interval' : 'timer', name: res._onTimeout.name || '', every: res._repeat ? res._idleTimeout : 0 };
      } else if (!rec && !bg && res && typeof res._onImmediate === 'function') {
        bg = { depth: stack.length, from: now(), source: 'immediate', name: res._onImmediate.name || '', every: 0 };
      }
    },
    after() {
      if (wokeBy && wokeBy.depth === stack.length && wokeBy.done === undefined) wokeBy.done = now();
      if (answering && answering.depth === stack.length) {
        const t = now();
        for (const row of answering.rows) { while (row.length < 8) row.push(row.length === 6 ? '' : []); row.push(t); }
        answering = null;
      }
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
    // CPU time is read for the first requests and the first of each route, then a random quarter (never in step with a route rotation).
    const path = pathOf(request.url ?? '/');
    const routes = (s.cpuRoutes ??= new Map());
    const key = request.method + ' ' + path;
    const ofRoute = routes.has(key) || routes.size < ${CPU_TIMED_ROUTES} ? (routes.get(key) ?? 0) + 1 : Infinity;
    if (ofRoute !== Infinity) routes.set(key, ofRoute);
    const timed = threadCpu !== null && (s.nextId <= CPU_ALWAYS || ofRoute <= ${CPU_TIMED_FIRST_OF_ROUTE} || Math.random() < CPU_SHARE);
    const t = now();
    const rec = { id: s.nextId++, method: request.method, path, start: t, end: null, status: 0, gone: false, port, cpu: timed ? 0 : -1, cpuAt: -1 };
    s.requests.push(rec);
    request[REC] = rec;
    // The handler's synchronous part runs inside the callback that parsed the request: it ends at that callback's after.
    switchTo(rec, t);
  };
  const onFinish = ({ request, response }) => {
    const rec = request[REC];
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
  const formatOne = (o) => (o.calls ? o.calls.map(String) : String(o.stack).split('\n').slice(1))
    .map((l) => l.trim().replace(/^at /, ''))
    .filter((l) => !l.includes('${COLLECTOR_URL}') && !/\(node:|^node:|\(<anonymous>\)|^<anonymous>/.test(l));
  // A write's own stack, then where the tick that ran it was scheduled (innermost first, as one stack).
  // Each part kept deep enough to reach the user's frame under a driver's own (pg: ten frames from write to pool.query).
  const format = (o) => (o.then ? o.then.flatMap((x) => (x ? formatOne(x).slice(0, 16) : [])) : formatOne(o).slice(0, 16));
  let seen = 0;
  globalThis[KEY] = {
    reset,
    now,
    /** Requests finished since the collector started (every batch), for progress while the user sends the load. */
    seen: () => seen,
    /** The request whose code runs now ("GET /path", no query), or null: the output counter gives each write to its route. */
    current: () => (cur ? cur.method + ' ' + cur.path : null),
    // Everything recorded so far; finished requests and their records are dropped from the target.
    take() {
      const done = s.requests.filter((r) => r.end !== null);
      // Times go out as whole tenths of a µs after the batch's base: small integers, which JSON writes several times
      // faster than the 15-digit µs they stand for (shared/request-time/collected.ts withAbsoluteTimes puts them back).
      const clockUs = now();
      const base = Math.floor(clockUs);
      const rel = (t) => Math.round((t - base) * ${TIME_TENTHS_PER_US});
      const out = {
        clockUs,
        timeBaseUs: base,
        requests: done.map((r) => [r.id, r.method, r.path, rel(r.start), rel(r.end), r.status, r.port, r.cpu < 0 ? -1 : Math.round(r.cpu)]),
        open: s.requests.length - done.length,
        segments: s.segs.map((x, i) => (i % 3 === 0 ? x : rel(x))),
        background: s.background.map((x, i) => (i % 5 === 1 || i % 5 === 2 ? rel(x) : x)),
        waits: s.waits.map((w) => {
          const o = w.slice();
          o[3] = rel(w[3]);
          o[4] = rel(w[4]);
          if (typeof w[8] === 'number') o[8] = rel(w[8]);
          return o;
        }),
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
      if (ownPush) Socket.prototype.push = ownPush; else delete Socket.prototype.push;
      for (const [name, fn] of subs) dc.unsubscribe(name, fn);
      if (typeof realFetch === 'function') globalThis.fetch = realFetch;
      if (ownEmit) Worker.prototype.emit = workerEmit; else delete Worker.prototype.emit;
      Worker.prototype.postMessage = workerPost;
      if (ownCpEmit) ChildProcess.prototype.emit = cpEmit; else delete ChildProcess.prototype.emit;
      ChildProcess.prototype.spawn = cpSpawn;
      for (const ref of sendsWrapped) { const c = ref.deref(); if (c && c[OWN_SEND]) { c.send = c[OWN_SEND]; delete c[OWN_SEND]; delete c[OUT]; } }
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
