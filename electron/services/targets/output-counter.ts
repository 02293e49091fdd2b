// Counts the lines the target writes to stdout/stderr during the measured
// burst, and which function wrote each: a small wrapper installed over the
// inspector before the burst and removed after it (separate from any other
// collector: its own global symbol). It wraps process.stdout/stderr.write
// (console.*, most loggers) and fs.write/fs.writeSync on fds 1 and 2 (pino's
// sonic-boom writes to the fd directly); a write from inside the stream's own
// write (a file's SyncWriteStream calls fs.writeSync) is counted once.
// The caller is read from a stack captured only for a write that ends a line:
// a few µs per line, next to the write itself. Lines are kept per function
// (with the line of its first write), as a log-volume report names them.
import type { OutputWriter } from '../../../shared/recording/output.ts';

// Plain ES2019 in the target (any Node >= 12). Frames of Node's own code
// ("node:…", "internal/…") and of the wrapper are skipped: the first other
// frame is the writer.
export const OUTPUT_COUNTER_START_JS = `(function () {
  var k = Symbol.for('flambe.outputCounter');
  if (globalThis[k]) return 'false';
  var c = globalThis[k] = { lines: 0, from: new Map(), undo: [], depth: 0 };
  function newlines(chunk) {
    var n = 0, i;
    if (typeof chunk === 'string') { for (i = chunk.indexOf('\\n'); i !== -1; i = chunk.indexOf('\\n', i + 1)) n++; }
    else if (chunk && typeof chunk.length === 'number' && typeof chunk[0] === 'number') { for (i = 0; i < chunk.length; i++) if (chunk[i] === 10) n++; }
    return n;
  }
  function writer(wrapper) {
    var limit = Error.stackTraceLimit, o = {};
    Error.stackTraceLimit = 40;
    Error.captureStackTrace(o, wrapper);
    Error.stackTraceLimit = limit;
    var frames = String(o.stack).split('\\n').slice(1);
    for (var i = 0; i < frames.length; i++) {
      var m = /^\\s*at (?:(.*?) \\()?(.*?):(\\d+):\\d+\\)?$/.exec(frames[i]);
      if (!m || /^(node:|internal\\/)/.test(m[2])) continue;
      var name = (m[1] || '').replace(/^(async |new )/, '').replace(/ \\[as [^\\]]+\\]$/, '');
      return [name, m[2], Number(m[3])];
    }
    return ['', '', 0];
  }
  function count(chunk, wrapper) {
    var n = newlines(chunk);
    if (!n) return;
    c.lines += n;
    // Per function: its lines together, at the line of its first write.
    var w = writer(wrapper), key = w[0] + '\\t' + w[1], seen = c.from.get(key);
    if (seen) seen.lines += n; else c.from.set(key, { function: w[0], url: w[1], line: w[2], lines: n });
  }
  ['stdout', 'stderr'].forEach(function (name) {
    var s; try { s = process[name]; } catch (e) { return; }
    if (!s || typeof s.write !== 'function') return;
    var original = s.write, own = Object.prototype.hasOwnProperty.call(s, 'write');
    var wrapped = function flambeCountedWrite(chunk) {
      if (c.depth === 0) { try { count(chunk, flambeCountedWrite); } catch (e) {} }
      c.depth++;
      try { return original.apply(this, arguments); } finally { c.depth--; }
    };
    s.write = wrapped;
    c.undo.push(function () { if (s.write === wrapped) { if (own) s.write = original; else delete s.write; } });
  });
  var fs = typeof process.getBuiltinModule === 'function' ? process.getBuiltinModule('fs') : null;
  if (fs) ['write', 'writeSync'].forEach(function (fn) {
    var original = fs[fn];
    if (typeof original !== 'function') return;
    var wrapped = function flambeCountedFsWrite(fd, chunk) {
      if (c.depth === 0 && (fd === 1 || fd === 2)) { try { count(chunk, flambeCountedFsWrite); } catch (e) {} }
      return original.apply(this, arguments);
    };
    try { fs[fn] = wrapped; } catch (e) { return; }
    c.undo.push(function () { if (fs[fn] === wrapped) fs[fn] = original; });
  });
  return 'true';
})()`;

export const OUTPUT_COUNTER_READ_JS = `(function () {
  var k = Symbol.for('flambe.outputCounter');
  var c = globalThis[k];
  if (!c) return 'null';
  c.undo.forEach(function (f) { try { f(); } catch (e) {} });
  delete globalThis[k];
  var from = [];
  c.from.forEach(function (w) { from.push(w); });
  from.sort(function (a, b) { return b.lines - a.lines; });
  return JSON.stringify({ lines: c.lines, from: from.slice(0, 10) });
})()`;

export interface CountedOutput { lines: number; from: OutputWriter[] }
