// One inspector session with a Node process, over chrome-remote-interface.
// Everything the recorder asks of the target goes through here: who it is,
// which ports it listens on, the CPU profiler, and the periodic process sample.
import CDP from 'chrome-remote-interface';
import type { CdpClient } from 'chrome-remote-interface';
import { UserError, messageOf } from '../errors.ts';
import { isCpuProfile } from '../../../shared/profile/import/cpuprofile.ts';
import type { HeapProfile } from '../../../shared/recording/memory.ts';
import type { StoredProfile } from '../../../shared/recording/profile-extras.ts';
import { asProbe, withoutProbes } from '../../../shared/profile/probes.ts';
import { COLLECTOR_SEEN_JS, INSTALL_COLLECTOR_JS, TAKE_COLLECTED_JS, UNINSTALL_COLLECTOR_JS } from '../request-time/request-collector.ts';
import { OUTPUT_COUNTER_READ_JS, OUTPUT_COUNTER_START_JS, type CountedOutput } from './output-counter.ts';
import { LISTENER_COUNTER_READ_JS, LISTENER_COUNTER_START_JS, type CountedListeners } from './listener-counter.ts';

export interface ProcessIdentity {
  pid: number;
  nodeVersion: string;
  argv: string[];
  /** Node's own name for what stdout/stderr are attached to: 'tty', 'fs', 'pipe' (sockets too), or '' when unknown. */
  stdio?: { stdout: string; stderr: string };
}

export interface TargetCpuClocks {
  processUs: number;
  /** Null where Node has no process.threadCpuUsage. */
  threadUs: number | null;
  /** readlink('/proc/self/ns/pid') in the target when threadUs is null (Linux); null elsewhere. */
  pidNamespace: string | null;
}

export interface Listener {
  address: string;
  port: number;
}

export interface RawProcessSample {
  elu: number;
  loopDelayP99Ms: number | null;
  heapUsedMb: number;
  /** Memory outside the JS heap that JS objects hold: Buffers, ArrayBuffers, native addons. */
  externalMb: number;
  rssMb: number;
  cpuPercent: number;
  /** Garbage collections over the interval, and how many of them were full (mark-compact) ones. */
  gcCount: number;
  majorGcCount: number;
}

// Evaluated inside the target. Kept as plain ES2019 so any Node >= 12 runs it.
// The kinds are process.stdout._type's, how Node itself decides sync vs async writes ('tty' and 'fs'
// are synchronous); an odd process or an older Node (no getBuiltinModule) leaves it unknown ('').
// The kind is read from the file descriptor, not from process.stdout: reading that getter creates
// the stream, and on a pipe libuv then makes fd 1 non-blocking, so a server that writes with
// fs.writeSync(1, …) (as pino's sonic-boom does) could fail with EAGAIN because Flambé looked.
// Not tty.isatty either: the inspector can answer while Node is still loading net, and loading
// tty then fails half-way. A character device is a terminal (or /dev/null): written synchronously.
const IDENTITY_JS = `(function () {
  function kind(name) {
    try {
      var fs = process.getBuiltinModule('fs');
      var st = fs.fstatSync(name === 'stdout' ? 1 : 2);
      return st.isFile() ? 'fs' : st.isFIFO() || st.isSocket() ? 'pipe' : st.isCharacterDevice() ? 'tty' : '';
    } catch (e) { return ''; }
  }
  return JSON.stringify({ pid: process.pid, nodeVersion: process.version, argv: process.argv, stdio: { stdout: kind('stdout'), stderr: kind('stderr') } });
})()`;

/**
 * The inspector answers as soon as it prints its URL, which is before Node has
 * filled in process.argv and process.pid (C++ PatchProcessObject): on a busy
 * machine the first answer can lack them, and a recording whose argv is
 * missing could not be saved. Ask again until both are there.
 */
export async function readIdentity(evaluate: () => Promise<unknown>, timeoutMs = 5000, pauseMs = 20): Promise<ProcessIdentity> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = (await evaluate()) as Partial<ProcessIdentity> | null;
    if (v && Array.isArray(v.argv) && typeof v.pid === 'number' && typeof v.nodeVersion === 'string') return v as ProcessIdentity;
    if (Date.now() >= deadline) throw new UserError(`The Node process did not say who it is (its pid and command line) within ${timeoutMs / 1000} seconds of starting.`);
    await new Promise((r) => setTimeout(r, pauseMs));
  }
}

// net.Server objects show up among the active handles; sockets have no
// \`listening\` property, so they are skipped.
const LISTENERS_JS = `(function () {
  var out = [];
  var handles = typeof process._getActiveHandles === 'function' ? process._getActiveHandles() : [];
  for (var i = 0; i < handles.length; i++) {
    var h = handles[i];
    try {
      if (h && h.listening === true && typeof h.address === 'function') {
        var a = h.address();
        if (a && typeof a.port === 'number') out.push({ address: a.address, port: a.port });
      }
    } catch (e) {}
  }
  return JSON.stringify(out);
})()`;

// Event-loop utilization and CPU are cumulative: keep the last reading on a
// global symbol and return the difference (docs/ARCHITECTURE.md "Sharp edges").
// Loop delay: Node's monitor records the whole time between two of its timer
// runs, resolution included, so an idle loop read 10-12 ms at the old 10 ms
// resolution. It now runs every 1 ms and that 1 ms is subtracted: idle reads ~0.
const SAMPLE_JS = `(function () {
  var k = Symbol.for('flambe.sampler');
  var s = globalThis[k];
  var perf = typeof process.getBuiltinModule === 'function' ? process.getBuiltinModule('perf_hooks') : null;
  if (!s) {
    s = globalThis[k] = { elu: performance.eventLoopUtilization(), cpu: process.cpuUsage(), t: Date.now(), h: null, gc: 0, major: 0, o: null };
    if (perf && perf.monitorEventLoopDelay) { s.h = perf.monitorEventLoopDelay({ resolution: 1 }); s.h.enable(); }
    if (perf && perf.PerformanceObserver) {
      var majorKind = perf.constants ? perf.constants.NODE_PERFORMANCE_GC_MAJOR : 4;
      s.o = new perf.PerformanceObserver(function (list) {
        var es = list.getEntries();
        for (var i = 0; i < es.length; i++) { s.gc++; if (es[i].detail && es[i].detail.kind === majorKind) s.major++; }
      });
      try { s.o.observe({ entryTypes: ['gc'] }); } catch (e) { s.o = null; }
    }
    return 'null';
  }
  var elu = performance.eventLoopUtilization(s.elu);
  var now = Date.now();
  var cpu = process.cpuUsage(s.cpu);
  var elapsedMs = Math.max(1, now - s.t);
  var mem = process.memoryUsage();
  var delay = s.h && s.h.count > 0 ? Math.max(0, s.h.percentile(99) / 1e6 - 1) : null;
  if (s.h) s.h.reset();
  var gc = s.gc, major = s.major;
  s.gc = 0; s.major = 0;
  s.elu = performance.eventLoopUtilization(); s.cpu = process.cpuUsage(); s.t = now;
  return JSON.stringify({ elu: elu.utilization, loopDelayP99Ms: delay, heapUsedMb: mem.heapUsed / 1048576, externalMb: mem.external / 1048576,
    rssMb: mem.rss / 1048576, cpuPercent: (cpu.user + cpu.system) / 10 / elapsedMs, gcCount: gc, majorGcCount: major });
})()`;

// The CPU clocks at one moment (thread-clock.ts): the whole process's (process.cpuUsage, every Node), the
// main thread's where Node has process.threadCpuUsage (≥ 23.9), and otherwise the pid namespace it runs in,
// so Flambé can tell whether the pid it sees in /proc is this process (a server in a container is not).
const CPU_CLOCKS_JS = `(function () {
  var p = process.cpuUsage();
  var t = typeof process.threadCpuUsage === 'function' ? process.threadCpuUsage() : null;
  var ns = null;
  if (!t) { try { ns = process.getBuiltinModule('fs').readlinkSync('/proc/self/ns/pid'); } catch (e) {} }
  return JSON.stringify({ processUs: p.user + p.system, threadUs: t ? t.user + t.system : null, pidNamespace: ns });
})()`;

const SAMPLE_CLEANUP_JS = `(function () {
  var k = Symbol.for('flambe.sampler');
  var s = globalThis[k];
  if (s && s.h) s.h.disable();
  if (s && s.o) s.o.disconnect();
  delete globalThis[k];
  return 'null';
})()`;

export class InspectorSession {
  private closed = false;
  private exiting = false;
  private readonly disconnectListeners = new Set<() => void>();
  private readonly exitingListeners = new Set<() => void>();

  private readonly client: CdpClient;
  readonly wsUrl: string;
  /**
   * Script URL → its sourceMappingURL, as Debugger.scriptParsed reports them
   * (V8 replays the event for every script when the Debugger is enabled, as
   * scriptSources does after the profile): TypeScript and bundles (source/source-maps.ts).
   */
  readonly sourceMapUrls = new Map<string, string>();
  /** Script id → URL, as Debugger.scriptParsed reports them: where a heap snapshot's functions are (find what grows). */
  readonly scriptUrls = new Map<string, string>();

  private constructor(client: CdpClient, wsUrl: string) {
    this.client = client;
    this.wsUrl = wsUrl;
    client.on('Debugger.scriptParsed', (params) => {
      const e = params as { scriptId?: string; url?: string; sourceMapURL?: string };
      if (e.url && e.sourceMapURL) this.sourceMapUrls.set(e.url, e.sourceMapURL);
      if (e.url && e.scriptId) this.scriptUrls.set(e.scriptId, e.url);
    });
    // The target is exiting (its code ended, or it crashed) and waits for this session to let go.
    // Node says so here whether or not its stderr could carry "Waiting for the debugger to
    // disconnect…" (a full non-blocking pipe drops that line).
    client.on('NodeRuntime.waitingForDisconnect', () => {
      this.exiting = true;
      for (const l of this.exitingListeners) l();
    });
    client.on('disconnect', () => {
      this.closed = true;
      for (const l of this.disconnectListeners) l();
    });
  }

  static async connect(wsUrl: string): Promise<InspectorSession> {
    try {
      // `local: true`: use the protocol description bundled with the library
      // instead of fetching /json/protocol (one round trip less, and the
      // domains we use — Runtime, Profiler — are in it).
      const client = await CDP({ target: wsUrl, local: true });
      const session = new InspectorSession(client, wsUrl);
      // Without this, an exiting target destroys its JavaScript context while it waits for us, and every
      // evaluation answers "Cannot find context with specified id" — a crash that looks like a flaky call.
      // A Node without the NodeRuntime domain just never says it is exiting.
      await client.send('NodeRuntime.notifyWhenWaitingForDisconnect', { enabled: true }).catch(() => undefined);
      return session;
    } catch (e) {
      throw new UserError(`Could not connect to the Node inspector at ${wsUrl}: ${messageOf(e)}.`);
    }
  }

  /** The protocol itself, for a domain with a module of its own (workers.ts). */
  get protocol(): { send(method: string, params?: Record<string, unknown>): Promise<unknown>; on(event: string, handler: (params: unknown) => void): void } {
    return {
      send: (method, params) => this.client.send(method, params) as Promise<unknown>,
      on: (event, handler) => this.client.on(event, handler),
    };
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** True once the target said it is exiting and waits for the session to close (NodeRuntime.waitingForDisconnect). */
  get isExiting(): boolean {
    return this.exiting;
  }

  onExiting(listener: () => void): () => void {
    this.exitingListeners.add(listener);
    return () => this.exitingListeners.delete(listener);
  }

  onDisconnect(listener: () => void): () => void {
    this.disconnectListeners.add(listener);
    return () => this.disconnectListeners.delete(listener);
  }

  /**
   * `wraps`: the script installs wrappers the user's own calls run through (the request collector's
   * fetch and socket writes, the output counter's stdout writes). It keeps its own script name: under
   * the probe's name every sample below a wrapper — the user's fetch, the write console.log pays for —
   * would be moved out of the profile with the probe's own time.
   */
  private async evaluateJson<T>(expression: string, wraps = false): Promise<T> {
    // Every probe runs under one script name: the recorder keeps its samples out of the user's profile (shared/profile/probes.ts).
    const reply = await this.client.send('Runtime.evaluate', { expression: wraps ? expression : asProbe(expression), returnByValue: true });
    if (reply.exceptionDetails) throw new Error(`evaluation failed in the target: ${reply.exceptionDetails.exception?.description ?? reply.exceptionDetails.text ?? 'exception'}`);
    return JSON.parse(String(reply.result?.value ?? 'null')) as T;
  }

  identity(): Promise<ProcessIdentity> {
    return readIdentity(() => this.evaluateJson<unknown>(IDENTITY_JS));
  }

  listeners(): Promise<Listener[]> {
    return this.evaluateJson<Listener[]>(LISTENERS_JS);
  }

  /** The JS heap in use and the RSS now, MB (process.memoryUsage()): what a heap snapshot's cost is estimated from (memory/snapshot-estimate.ts). */
  heapInUse(): Promise<{ heapUsedMb: number; rssMb: number }> {
    return this.evaluateJson(`(function () { var m = process.memoryUsage(); return JSON.stringify({ heapUsedMb: m.heapUsed / 1048576, rssMb: m.rss / 1048576 }); })()`);
  }

  /** The first call primes the sampler and returns null. */
  sample(): Promise<RawProcessSample | null> {
    return this.evaluateJson<RawProcessSample | null>(SAMPLE_JS);
  }

  /** Starts counting the lines the target writes (output-counter.ts); false when a count is already running. */
  startOutputCount(): Promise<boolean> {
    return this.evaluateJson<boolean>(OUTPUT_COUNTER_START_JS, true);
  }

  /** Counts the listeners added per emitter and event until readListenerCount (listener-counter.ts); false when it cannot run there. */
  startListenerCount(): Promise<boolean> {
    return this.evaluateJson<boolean>(LISTENER_COUNTER_START_JS, true);
  }

  /** The listeners the burst added and left, and the wrappers removed; null when none was counting. */
  readListenerCount(): Promise<CountedListeners | null> {
    return this.evaluateJson<CountedListeners | null>(LISTENER_COUNTER_READ_JS);
  }

  /** The lines written since startOutputCount, and the wrapper removed; null when none was running. */
  readOutputCount(): Promise<CountedOutput | null> {
    return this.evaluateJson<CountedOutput | null>(OUTPUT_COUNTER_READ_JS);
  }

  /** The target process's CPU time so far (user + system, µs, all its threads): what a burst cost it. */
  cpuTimeUs(): Promise<number> {
    return this.evaluateJson<number>('(() => { const u = process.cpuUsage(); return JSON.stringify(u.user + u.system); })()');
  }

  /** The process's and (where Node has it) the main thread's CPU time so far, µs; see CPU_CLOCKS_JS. */
  cpuClocks(): Promise<TargetCpuClocks> {
    return this.evaluateJson<TargetCpuClocks>(CPU_CLOCKS_JS);
  }

  async stopSampling(): Promise<void> {
    if (!this.closed) await this.evaluateJson(SAMPLE_CLEANUP_JS).catch(() => undefined);
  }

  /** Starts the request collector in the target (request-collector.ts): its clock (µs) then, or why it cannot run there. */
  async installRequestCollector(): Promise<{ clockUs: number } | { why: string }> {
    const r = await this.evaluateJson<{ ok: boolean; why?: string; clockUs?: number }>(INSTALL_COLLECTOR_JS, true);
    return r.ok && typeof r.clockUs === 'number' ? { clockUs: r.clockUs } : { why: r.why ?? 'the collector could not start' };
  }

  /** Requests the collector saw finish so far (null when it is not there). */
  requestsSeen(): Promise<number | null> {
    return this.evaluateJson<number | null>(COLLECTOR_SEEN_JS);
  }

  /** What the collector recorded since the last call (null when it is not there); `uninstall` also removes it. */
  takeRequestCollector(uninstall = false): Promise<unknown> {
    return this.evaluateJson<unknown>(uninstall ? UNINSTALL_COLLECTOR_JS : TAKE_COLLECTED_JS);
  }

  async startProfiler(samplingIntervalUs: number): Promise<void> {
    await this.client.send('Profiler.enable');
    // setSamplingInterval must precede start (docs/ARCHITECTURE.md "Sharp edges").
    await this.client.send('Profiler.setSamplingInterval', { interval: samplingIntervalUs });
    await this.client.send('Profiler.start');
  }

  /**
   * V8's sampling heap profiler: one allocation in about every `intervalBytes`
   * is recorded with its stack, including objects that die young (the flags
   * keep the ones minor and major GCs collected: the churn is what costs GC time).
   */
  async startAllocationSampling(intervalBytes: number): Promise<void> {
    await this.client.send('HeapProfiler.enable');
    await this.client.send('HeapProfiler.startSampling', {
      samplingInterval: intervalBytes, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true,
    });
  }

  /**
   * A full garbage collection, now (what DevTools' "Collect garbage" button
   * asks): the heap read after it holds only what is still referenced.
   * V8 answers when the collection is done.
   */
  async collectGarbage(): Promise<void> {
    await this.client.send('HeapProfiler.collectGarbage');
  }

  /**
   * A heap snapshot (HeapProfiler.takeHeapSnapshot: V8 first collects all
   * garbage, and the process is paused until the last chunk is written),
   * streamed chunk by chunk into `write`; its size in characters.
   */
  async takeHeapSnapshot(write: (chunk: string) => void): Promise<number> {
    let size = 0;
    const onChunk = (params: unknown) => {
      const chunk = (params as { chunk?: unknown }).chunk;
      if (typeof chunk !== 'string') return;
      size += chunk.length;
      write(chunk);
    };
    const off = this.listen('HeapProfiler.addHeapSnapshotChunk', onChunk);
    try {
      await this.client.send('HeapProfiler.enable');
      await this.client.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false, captureNumericValue: false });
    } finally {
      off();
    }
    return size;
  }

  /** `event`'s handler until the returned function is called (chrome-remote-interface's client is an EventEmitter). */
  private listen(event: string, handler: (params: unknown) => void): () => void {
    const emitter = this.client as unknown as { on(e: string, h: (p: unknown) => void): void; removeListener(e: string, h: (p: unknown) => void): void };
    emitter.on(event, handler);
    return () => emitter.removeListener(event, handler);
  }

  /**
   * V8's sampling heap profiler keeping only what is still alive when it is
   * stopped (no collected objects): where the objects that stay were allocated.
   */
  async startAliveSampling(intervalBytes: number): Promise<void> {
    await this.client.send('HeapProfiler.enable');
    await this.client.send('HeapProfiler.startSampling', { samplingInterval: intervalBytes });
  }

  /**
   * The profile startAliveSampling began, leaving HeapProfiler enabled: disabling it forgets the
   * objects' ids, and the next snapshot's could no longer be matched with the one before.
   */
  async stopAliveSampling(): Promise<unknown> {
    const reply = await this.client.send('HeapProfiler.stopSampling');
    return reply.profile;
  }

  /** After a heap snapshot: HeapProfiler off (it keeps every object's id while on). */
  async endHeapSnapshots(): Promise<void> {
    await this.client.send('HeapProfiler.disable').catch(() => undefined);
  }

  /** The sampling heap profile (a .heapprofile's content). */
  async stopAllocationSampling(): Promise<HeapProfile> {
    const reply = await this.client.send('HeapProfiler.stopSampling');
    await this.client.send('HeapProfiler.disable').catch(() => undefined);
    return reply.profile;
  }

  /** V8's CPU profile (Flambé's probes moved out: shared/profile/probes.ts), or null when V8 gave none. */
  async stopProfiler(): Promise<StoredProfile | null> {
    const reply = await this.client.send('Profiler.stop');
    await this.client.send('Profiler.disable').catch(() => undefined);
    return isCpuProfile(reply.profile) ? withoutProbes(reply.profile) : null;
  }

  /**
   * The source of each script (those that could be read). Enables the
   * Debugger domain only for this — after the profile is stopped, so it
   * costs the recording nothing — and gives up after `timeoutMs`.
   */
  async scriptSources(scriptIds: string[], timeoutMs = 5000): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    const deadline = Date.now() + timeoutMs;
    const within = <T,>(p: Promise<T>) => Promise.race([
      p,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('reading scripts took too long')), Math.max(0, deadline - Date.now())).unref()),
    ]);
    try {
      await within(this.client.send('Debugger.enable'));
      // A few at a time: the inspector answers in order anyway, and a huge bundle should not block the rest.
      const queue = [...new Set(scriptIds)];
      const worker = async () => {
        for (let id = queue.shift(); id !== undefined && Date.now() < deadline; id = queue.shift()) {
          const reply = await within(this.client.send('Debugger.getScriptSource', { scriptId: id })).catch(() => null);
          if (typeof reply?.scriptSource === 'string') out.set(id, reply.scriptSource);
        }
      };
      await Promise.all([worker(), worker(), worker(), worker()]);
    } finally {
      // Also after a timeout: the target must not stay with its debugger on.
      await this.client.send('Debugger.disable').catch(() => undefined);
    }
    return out;
  }

  /**
   * The extent of every function V8 has compiled in the given scripts, as
   * [start, end) character offsets (Profiler.getBestEffortCoverage: no
   * coverage needs to be on). Read once the profile is stopped, only when a
   * source-mapped script runs as few long lines (tsx, esbuild): it tells which
   * part of such a line a function's ticks came from (source/source-map-lines.ts).
   */
  async functionExtents(scriptIds: readonly string[]): Promise<Map<string, [number, number][]>> {
    const wanted = new Set(scriptIds);
    const out = new Map<string, [number, number][]>();
    if (wanted.size === 0) return out;
    await this.client.send('Profiler.enable');
    try {
      const reply = await this.client.send('Profiler.getBestEffortCoverage');
      for (const script of reply.result ?? []) {
        if (!wanted.has(script.scriptId)) continue;
        out.set(script.scriptId, script.functions.flatMap((f) => (f.ranges[0] ? [[f.ranges[0].startOffset, f.ranges[0].endOffset] as [number, number]] : [])));
      }
    } finally {
      await this.client.send('Profiler.disable').catch(() => undefined);
    }
    return out;
  }

  /**
   * Stops the target's inspector from inside (`_debugEnd` is what `inspector.close()` calls; run after the reply, so
   * the reply still comes), and this session with it. The target closes the connection itself as its inspector stops:
   * closing it from here at the same moment crashed a Node 24 cluster worker (SIGSEGV, 1 close in 5 in the cluster
   * test), so this waits for that close and closes from its side only when none came within `waitMs`.
   */
  async stopTargetInspector(waitMs = 2000): Promise<void> {
    if (this.closed) return;
    const targetClosed = new Promise<void>((resolve) => { this.onDisconnect(resolve); });
    const answered = this.client.send('Runtime.evaluate', { expression: 'setImmediate(() => process._debugEnd()), 0' }).catch(() => undefined);
    await Promise.race([answered.then(() => targetClosed), new Promise((r) => setTimeout(r, waitMs))]);
    await this.close();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.client.close().catch(() => undefined);
  }
}

/** Suggested load URLs for the ports a target listens on; `tlsPorts`: the ones that answered a TLS handshake (https). */
export function suggestUrls(listeners: Listener[], host = '127.0.0.1', tlsPorts: ReadonlySet<number> = new Set()): string[] {
  const urls = new Set<string>();
  for (const l of listeners) {
    let h = host;
    if (host === '127.0.0.1' || host === 'localhost') {
      // A server bound to one specific loopback address must be reached there.
      if (l.address === '::1') h = '[::1]';
      else if (/^127\./.test(l.address)) h = l.address;
    }
    urls.add(`${tlsPorts.has(l.port) ? 'https' : 'http'}://${h}:${l.port}/`);
  }
  return [...urls];
}
