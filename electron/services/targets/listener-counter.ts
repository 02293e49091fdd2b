// Counts the listeners the target adds during the measured burst, per emitter
// and event, and keeps what is still there at the end (issue 35: an
// EventEmitter that gains a listener per request and never drops it read
// "Memory did not grow" after a 6 s burst — a few MB is under what memory can
// tell in seconds, but 2 900 'quote' listeners on one emitter is not).
//
// Installed over the inspector before the burst and removed after it, like the
// output counter: EventEmitter.prototype.addListener / on / prependListener
// (and their *Once forms) are wrapped. Each add is counted in a WeakMap per
// emitter, so a request's own socket, request and response — which get a few
// listeners each and are then dropped — are neither kept alive nor reported.
// An emitter is remembered (strongly, until the read) only once one event of
// it gained MIN_ADDS listeners; the place that added them is read from a stack
// then, and at random for one add in 64 after (a stack costs tens of µs). At
// the end, what counts is the listeners still there: listenerCount(event) now
// less the count before the first add seen — removed ones do not count.
// Everything runs as a probe (shared/profile/probes.ts): its samples are said
// as Flambé's, not the user's.
import { asProbe } from '../../../shared/profile/probes.ts';
import type { ListenerGrowth } from '../../../shared/recording/listeners.ts';

/** Adds of one event on one emitter before it is remembered and its adder read. */
const MIN_ADDS = 20;

export const LISTENER_COUNTER_START_JS = asProbe(`(function () {
  var k = Symbol.for('flambe.listenerCounter');
  if (globalThis[k] || typeof process.getBuiltinModule !== 'function') return 'false';
  var EE = process.getBuiltinModule('events').EventEmitter;
  var proto = EE && EE.prototype;
  if (!proto || typeof proto.listenerCount !== 'function') return 'false';
  var c = globalThis[k] = { seen: new WeakMap(), kept: [], undo: [] };
  function adder(fn) {
    var limit = Error.stackTraceLimit, prepare = Error.prepareStackTrace, o = {}, sites;
    Error.stackTraceLimit = 12;
    Error.prepareStackTrace = function (e, s) { return s; };
    try { Error.captureStackTrace(o, fn); sites = o.stack; } finally { Error.stackTraceLimit = limit; Error.prepareStackTrace = prepare; }
    for (var i = 0; sites && i < sites.length; i++) {
      var file = sites[i].getFileName() || '';
      if (!file || /^(node:|internal\\/|flambe-)/.test(file) || file.indexOf('/node_modules/') >= 0) continue;
      return { function: sites[i].getFunctionName() || sites[i].getMethodName() || '(anonymous)', url: file, line: sites[i].getLineNumber() || 0 };
    }
    return null;
  }
  function counted(emitter, event, wrapper) {
    var byEvent = c.seen.get(emitter);
    if (!byEvent) { byEvent = new Map(); c.seen.set(emitter, byEvent); }
    var e = byEvent.get(event);
    if (!e) { e = { adds: 0, before: emitter.listenerCount(event), site: null }; byEvent.set(event, e); }
    e.adds++;
    if (e.adds === ${MIN_ADDS}) { c.kept.push({ emitter: emitter, event: event, entry: e }); e.site = adder(wrapper); }
    else if (e.adds > ${MIN_ADDS} && !e.site && Math.random() < 1 / 64) e.site = adder(wrapper);
  }
  ['addListener', 'on', 'prependListener', 'once', 'prependOnceListener'].forEach(function (name) {
    var original = proto[name];
    if (typeof original !== 'function') return;
    var wrapped = function (event) {
      try { counted(this, event, wrapped); } catch (e) {}
      return original.apply(this, arguments);
    };
    proto[name] = wrapped;
    c.undo.push(function () { if (proto[name] === wrapped) proto[name] = original; });
  });
  return 'true';
})()`);

/** The listeners still there at the end that the burst added, per emitter and event, most first; the wrappers removed. */
export const LISTENER_COUNTER_READ_JS = asProbe(`(function () {
  var k = Symbol.for('flambe.listenerCounter');
  var c = globalThis[k];
  if (!c) return 'null';
  c.undo.forEach(function (f) { try { f(); } catch (e) {} });
  delete globalThis[k];
  // The adding line as the file on disk has it (what the user wrote): it names the emitter (\`prices.on('quote', …)\`).
  function lineOf(site) {
    try {
      var file = site.url.indexOf('file://') === 0 ? process.getBuiltinModule('url').fileURLToPath(site.url) : site.url;
      var fs = process.getBuiltinModule('fs');
      if (fs.statSync(file).size > 5e6) return undefined;
      var line = fs.readFileSync(file, 'utf8').split(/\\r?\\n/)[site.line - 1];
      return line === undefined ? undefined : line.trim().slice(0, 500);
    } catch (e) { return undefined; }
  }
  var out = [];
  c.kept.forEach(function (x) {
    var now = 0;
    try { now = x.emitter.listenerCount(x.event); } catch (e) { return; }
    var kept = now - x.entry.before;
    if (kept < ${MIN_ADDS}) return;
    var ctor = x.emitter && x.emitter.constructor && typeof x.emitter.constructor.name === 'string' ? x.emitter.constructor.name : '';
    var site = x.entry.site;
    if (site) { var text = lineOf(site); if (text !== undefined) site.text = text; }
    out.push({ emitter: ctor.slice(0, 200), event: String(x.event).slice(0, 200), added: x.entry.adds, kept: kept, listeners: now, site: site });
  });
  out.sort(function (a, b) { return b.kept - a.kept; });
  return JSON.stringify(out.slice(0, 10));
})()`);

export type CountedListeners = ListenerGrowth[];
