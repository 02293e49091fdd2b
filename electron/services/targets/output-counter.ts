// Counts the lines the target writes to stdout/stderr during the measured
// burst, and which function wrote each: a small wrapper installed over the
// inspector before the burst and removed after it (separate from any other
// collector: its own global symbol). It wraps process.stdout/stderr.write
// (console.*, most loggers) and fs.write/fs.writeSync on fds 1 and 2 (pino's
// sonic-boom writes to the fd directly); a write from inside the stream's own
// write (a file's SyncWriteStream calls fs.writeSync) is counted once.
// Every line is counted exactly; which function wrote it is read from a stack
// (as call sites, no text formatting) for the first 100 writes and then one
// write in 16 at random, weighted: a stack costs ~30 µs, more than a write, so reading
// it for every line would make logging look dearer in the profile. The split
// by function is therefore an estimate; the total is exact. Lines are kept per function
// (with the line of its first write), as a log-volume report names them. The
// counting runs in a script of the probes' name (its samples are Flambé's, said
// as such, not the user's logging); the wrappers stay in the profile, named
// flambe-output-counter.js, so every write to stdout/stderr is logging there.
// Bytes are counted exactly too, and each write is given to the route of the
// request whose code made it when the request collector runs (its `current()`):
// log lines and bytes per request, per route (issue 38).
import type { OutputRoute, OutputWriter } from '../../../shared/recording/output.ts';
import { OUTPUT_COUNTER_URL, STDIO_WRITE_FRAMES as F } from '../../../shared/profile/classify.ts';
import { asProbe } from '../../../shared/profile/probes.ts';

// Plain ES2019 in the target (any Node >= 12). Frames of Node's own code
// ("node:…", "internal/…") and of Flambé's wrappers ("flambe-…") are skipped: the first other
// frame is the writer. Error.prepareStackTrace is set only around the capture
// and put back at once (source-map-support and others set their own).
// The counting itself: Flambé's own work, in a script named as a probe (shared/profile/probes.ts), so its
// samples leave the user's profile and are said as Flambé's (flambeProbeMs), not as the user's logging.
const COUNT_JS = `(function (c) {
  function newlines(chunk) {
    var n = 0, i;
    if (typeof chunk === 'string') { for (i = chunk.indexOf('\\n'); i !== -1; i = chunk.indexOf('\\n', i + 1)) n++; }
    else if (chunk && typeof chunk.length === 'number' && typeof chunk[0] === 'number') { for (i = 0; i < chunk.length; i++) if (chunk[i] === 10) n++; }
    return n;
  }
  // The stack as V8's call sites, not as text: formatting every frame costs
  // tens of µs per line; reading the first frames' fields costs a few.
  function asCallSites(e, sites) { return sites; }
  function writer(wrapper) {
    var limit = Error.stackTraceLimit, prepare = Error.prepareStackTrace, o = {}, sites;
    Error.stackTraceLimit = 16;
    Error.prepareStackTrace = asCallSites;
    try { Error.captureStackTrace(o, wrapper); sites = o.stack; } finally { Error.stackTraceLimit = limit; Error.prepareStackTrace = prepare; }
    for (var i = 0; sites && i < sites.length; i++) {
      var file = sites[i].getFileName() || '';
      if (!file || /^(node:|internal\\/|flambe-)/.test(file)) continue;
      var name = sites[i].getFunctionName() || sites[i].getMethodName() || '';
      return [name, file, sites[i].getLineNumber() || 0];
    }
    return ['', '', 0];
  }
  // Every line is counted; the writer is read for every line of the first
  // 100 writes, then for one write in 16 (at random), weighted 16: a stack costs tens of
  // µs, more than the write it explains.
  function bytesOf(chunk) {
    if (typeof chunk === 'string') return Buffer.byteLength(chunk);
    return chunk && typeof chunk.length === 'number' ? chunk.length : 0;
  }
  // The request whose code is writing, from the request collector when it runs ("GET /path", no query): every
  // write is given to its route exactly (a team reads log lines per request per route beside latency).
  var REQUEST_TIME = Symbol.for('flambe.requestTime');
  function byRoute(n, b) {
    var rc = globalThis[REQUEST_TIME], route = rc && typeof rc.current === 'function' ? rc.current() : null;
    if (!route) return;
    var r = c.routes.get(route);
    if (r) { r.lines += n; r.bytes += b; } else if (c.routes.size < 200) c.routes.set(route, { route: route, lines: n, bytes: b });
  }
  function count(chunk, wrapper) {
    var n = newlines(chunk), b = bytesOf(chunk);
    c.bytes += b;
    if (n || b) byRoute(n, b);
    if (!n) return;
    c.lines += n;
    c.writes++;
    // At random, not every 16th: a server's writes often repeat in a fixed cycle, which a stride would alias.
    var weight = c.writes <= 100 ? 1 : Math.random() < 1 / 16 ? 16 : 0;
    if (!weight) return;
    // Per function: its lines together, at the line of its first write.
    var w = writer(wrapper), key = w[0] + '\\t' + w[1], seen = c.from.get(key);
    if (seen) seen.lines += n * weight; else c.from.set(key, { function: w[0], url: w[1], line: w[2], lines: n * weight });
  }
  return count;
})`;

export const OUTPUT_COUNTER_START_JS = `(function () {
  var k = Symbol.for('flambe.outputCounter');
  if (globalThis[k]) return 'false';
  var c = globalThis[k] = { lines: 0, bytes: 0, writes: 0, from: new Map(), routes: new Map(), undo: [], depth: 0 };
  // A target that refuses code from strings (--disallow-code-generation-from-strings) counts all the same, inline.
  var count;
  try { count = (0, eval)(${JSON.stringify(asProbe(COUNT_JS))})(c); } catch (e) { count = ${COUNT_JS}(c); }
  // What writeSync wrote of a chunk: a pipe short of room takes part of it, and the writer sends the rest again.
  function writtenPart(chunk, n) {
    if (typeof chunk === 'string') return Buffer.byteLength(chunk) <= n ? chunk : Buffer.from(chunk).subarray(0, n);
    return chunk && typeof chunk.subarray === 'function' && chunk.length > n ? chunk.subarray(0, n) : chunk;
  }
  ['stdout', 'stderr'].forEach(function (name) {
    var s; try { s = process[name]; } catch (e) { return; }
    if (!s || typeof s.write !== 'function') return;
    var original = s.write, own = Object.prototype.hasOwnProperty.call(s, 'write');
    var wrapped = function ${F.streamWrite}(chunk) {
      if (c.depth === 0) { try { count(chunk, wrapped); } catch (e) {} }
      c.depth++;
      try { return original.apply(this, arguments); } finally { c.depth--; }
    };
    s.write = wrapped;
    c.undo.push(function () { if (s.write === wrapped) { if (own) s.write = original; else delete s.write; } });
    // The stream's own writes, and the callback that ends each: a pipe that cannot take a line at once finishes it
    // later, and the lines buffered meanwhile are flushed from that callback, outside the console.log that made
    // them. Under these frames (this script's name is logging, shared/profile/buckets.ts) they stay logging.
    ['_write', '_writev'].forEach(function (method) {
      var inner = s[method], ownInner = Object.prototype.hasOwnProperty.call(s, method);
      if (typeof inner !== 'function') return;
      var last = method === '_write' ? 2 : 1;
      var streamWrite = function ${F.ownWrite}() {
        var args = Array.prototype.slice.call(arguments), cb = args[last];
        if (typeof cb === 'function') args[last] = function ${F.written}() { return cb.apply(this, arguments); };
        return inner.apply(this, args);
      };
      s[method] = streamWrite;
      c.undo.push(function () { if (s[method] === streamWrite) { if (ownInner) s[method] = inner; else delete s[method]; } });
    });
  });
  var fs = typeof process.getBuiltinModule === 'function' ? process.getBuiltinModule('fs') : null;
  if (fs) ['write', 'writeSync'].forEach(function (fn) {
    var original = fs[fn];
    if (typeof original !== 'function') return;
    // Counted once written: a write the full pipe refused (EAGAIN) and the writer tries again is one line, not two.
    // Every write of the process passes here, to any file; only one to fd 1 or 2 runs under the logging frame.
    var stdioWrite = function ${F.fdWrite}(self, args) { return original.apply(self, args); };
    var wrapped = function flambeCountedFsWrite(fd, chunk) {
      var written = fd === 1 || fd === 2 ? stdioWrite(this, arguments) : original.apply(this, arguments);
      if (c.depth === 0 && (fd === 1 || fd === 2)) { try { count(typeof written === 'number' ? writtenPart(chunk, written) : chunk, wrapped); } catch (e) {} }
      return written;
    };
    try { fs[fn] = wrapped; } catch (e) { return; }
    c.undo.push(function () { if (fs[fn] === wrapped) fs[fn] = original; });
  });
  return 'true';
})()
//# sourceURL=${OUTPUT_COUNTER_URL}`;

/** Run as a probe (its samples go to (program), with the wrappers' undo it calls): reading the count is Flambé's work, not the user's logging. */
export const OUTPUT_COUNTER_READ_JS = asProbe(`(function () {
  var k = Symbol.for('flambe.outputCounter');
  var c = globalThis[k];
  if (!c) return 'null';
  c.undo.forEach(function (f) { try { f(); } catch (e) {} });
  delete globalThis[k];
  var from = [];
  c.from.forEach(function (w) { from.push(w); });
  // The weighted split, scaled to add up to the exact total.
  var sampled = 0;
  from.forEach(function (w) { sampled += w.lines; });
  if (sampled > 0) from.forEach(function (w) { w.lines = Math.round(w.lines * c.lines / sampled); });
  from.sort(function (a, b) { return b.lines - a.lines; });
  var routes = [];
  c.routes.forEach(function (r) { routes.push(r); });
  routes.sort(function (a, b) { return b.lines - a.lines || b.bytes - a.bytes; });
  return JSON.stringify({ lines: c.lines, bytes: c.bytes, from: from.slice(0, 10), routes: routes.slice(0, 50) });
})()`);

/** `bytes`, `routes`: absent from a counter of an older Flambé build; `routes` is empty without the request collector. */
export interface CountedOutput { lines: number; bytes?: number; from: OutputWriter[]; routes?: OutputRoute[] }
