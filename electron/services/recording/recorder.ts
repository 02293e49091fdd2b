// A recording, step by step (docs/ARCHITECTURE.md "A recording, step by step"):
// connect → warm-up → profile + burst (sampling the process) → stop.
// Faults end the recording with one sentence and keep what was measured.
import { internalErrorSentence } from '../../../shared/api-sentences.ts';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type {
  LoadSummary, ProcessSample, RecordRequestResolved, RecordingPhase, RecordingPhases, RecordingProgress, RecordingResult,
} from '../../../shared/api.ts';
import { UserError, isUserError, messageOf } from '../errors.ts';
import type { BurstHandle, BurstOptions } from '../load/burst.ts';
import { runBurstInWorker } from '../load/run.ts';
import { probeUrl, waitForUrl } from '../load/probe.ts';
import { routeList } from '../load/routes.ts';
import { thisMachine } from './machine.ts';
import { recordingText, warmupText } from './progress-text.ts';
import { addSourceLines } from '../source/source-lines.ts';
import { addOriginalFrames } from '../source/source-maps.ts';
import { mapRecordedPlaces } from '../source/source-map-places.ts';
import { workerProfilersOf } from '../targets/workers.ts';
import type { InspectorSession, RawProcessSample } from '../targets/inspector.ts';
import { addExtras } from '../../../shared/recording/profile-extras.ts';
import { heapProfileSchema } from '../../../shared/recording/memory.ts';
import { withScriptUrls } from '../../../shared/memory/heap-profile.ts';
import type { Target } from '../targets/registry.ts';
import { loadedPorts, requestTimeOf, takeCollected, withRequestCode } from '../request-time/request-time.ts';
import { keepPorts, portOfUrl } from '../../../shared/request-time/ports.ts';
import { isLoopbackHost } from '../../../shared/targets/hosts.ts';
import { childProcessesOf, servedElsewhereSentence } from '../targets/child-processes.ts';
import type { CollectedBatch } from '../../../shared/request-time/collected.ts';
import { serverLoadSummary } from '../../../shared/request-time/server-load.ts';
import { outputVolume, type OutputVolume } from '../../../shared/recording/output.ts';
import { OWN_LOAD_READY } from '../../../shared/load/own-load.ts';
import { findWhatGrows } from '../memory/find-growth.ts';
import { cpuAccountingOf, readClocks, type ClockReading } from '../targets/thread-clock.ts';
import { importProfile } from '../../../shared/profile/import/any-format.ts';
import { sampledTimes } from '../../../shared/profile/cpu-time.ts';
import { ChildRecording, type ChildResults } from './child-recording.ts';

const SAMPLE_EVERY_MS = 250;
/** How often the request collector's records are taken out of the target (its heap stays flat). */
export const DRAIN_EVERY_MS = 1000;
/**
 * The allocation sampler records on average one allocation per 512 KiB
 * allocated (node --heap-prof's default). V8's own default, 32 KiB, cost a
 * server allocating 8 MB per request half its requests/s (flambe overhead
 * --allocations, 6 rounds: 53 %, 95 % interval 26–70 %); at 256 KiB and above
 * the cost could not be told from noise. 512 KiB still gives thousands of
 * samples per second to such a server, and hundreds to a light one.
 */
export const ALLOCATION_SAMPLING_BYTES = 512 * 1024;

/** The full collection halfway through the burst: only in bursts the growth rule judges (4 windows of 1 s)... */
const MID_GC_MIN_BURST_SEC = 4;
/**
 * ...and only on heaps small enough that it pauses the server briefly (a
 * full collection of a few hundred MB can take 100 ms or more, which would
 * show in the burst's latencies; without it the lows' trend decides).
 */
const MID_GC_MAX_HEAP_MB = 256;

/** Wall clock with sub-ms resolution, the one the load worker stamps its burst with (collector.ts `clock`). */
const wallMs = () => performance.timeOrigin + performance.now();
const LISTEN_WAIT_MS = 10_000;

export interface RecordingHandle {
  id: string;
  stop(): void;
  done: Promise<RecordingResult>;
}

export interface RecorderOptions {
  request: RecordRequestResolved;
  target: Target | null;
  onProgress(p: RecordingProgress): void;
  /** Where the burst runs; a worker thread unless a test says otherwise. */
  runBurst?: (opts: BurstOptions) => BurstHandle;
}

/** Share of the progress bar each phase takes. */
function phaseSpans(req: RecordRequestResolved) {
  const load = req.load.requests !== undefined ? Math.max(req.load.durationSec, 5) : req.load.durationSec;
  const warm = req.warmupSec;
  const middle = 0.9;
  const warmShare = warm > 0 ? (middle * warm) / (warm + load) : 0;
  return { connecting: [0, 0.05], warmup: [0.05, 0.05 + warmShare], recording: [0.05 + warmShare, 0.95], stopping: [0.95, 1] } as const;
}

export function startRecording(opts: RecorderOptions): RecordingHandle {
  const run = new RecordingRun(opts);
  return { id: run.result.id, stop: () => run.stop(), done: run.done };
}

type Live = { rps: number; p99Ms: number };

/** One recording from connect to its result; each method is one step of it. */
class RecordingRun {
  readonly result: RecordingResult;
  readonly done: Promise<RecordingResult>;
  private readonly req: RecordRequestResolved;
  private readonly target: Target | null;
  /** Set when the target's children served the requests it did not (child-processes.ts). */
  private servedElsewhere: string | null = null;
  private readonly opts: RecorderOptions;
  private readonly runBurst: (opts: BurstOptions) => BurstHandle;
  private readonly spans: ReturnType<typeof phaseSpans>;
  private stopRequested = false;
  /** The burst under way (warm-up, the recording's, find-growth's): what Stop ends. */
  private current: BurstHandle | null = null;
  private warmupClock: { startMs: number; endMs: number } | null = null;
  // t0: the profile's start, the 0 of the process samples and of the recording's phases.
  private t0 = wallMs();
  private sampler: NodeJS.Timeout | null = null;
  private drainer: NodeJS.Timeout | null = null;
  private draining: Promise<void> = Promise.resolve();
  private readonly batches: CollectedBatch[] = [];
  private collectorClock: { us: number; wallMs: number } | null = null;
  private allocating = false;
  /** The output counter is in (targets/output-counter.ts). */
  private counting = false;
  /** The CPU clocks as the profiler started (targets/thread-clock.ts): the start of the recording's CPU accounting. */
  private clockStart: (ClockReading & { schedstatOk: boolean }) | null = null;
  /** The listener counter is in (targets/listener-counter.ts). */
  private countingListeners = false;
  /** The target's Node children recorded beside it (a cluster's workers: child-recording.ts), and what they gave. */
  private children: ChildRecording | null = null;
  private childResults: ChildResults | null = null;

  constructor(opts: RecorderOptions) {
    this.opts = opts;
    this.req = opts.request;
    this.target = opts.target;
    this.runBurst = opts.runBurst ?? runBurstInWorker;
    this.spans = phaseSpans(this.req);
    const target = this.target;
    this.result = {
      id: randomUUID(),
      name: '',
      tags: [],
      notes: '',
      createdAt: new Date().toISOString(),
      target: target ? {
        kind: target.info.kind, label: target.info.label, pid: target.info.pid, nodeVersion: target.info.nodeVersion, argv: target.info.argv,
        ...(target.info.env ? { env: target.info.env, args: target.info.args ?? [] } : {}),
        ...(target.info.stdio ? { stdio: target.info.stdio } : {}),
      } : null,
      settings: this.req,
      load: null,
      profile: null,
      samples: [],
      machine: thisMachine(),
      error: null,
    };
    this.done = this.run().then(
      () => {
        this.progress('done', 1, this.result.error ?? 'Done');
        return this.result;
      },
      (e: unknown) => {
        this.result.error = isUserError(e) ? e.message : internalErrorSentence(e);
        this.progress('failed', 1, this.result.error);
        return this.result;
      },
    );
  }

  stop(): void {
    this.stopRequested = true;
    this.current?.stop();
  }

  private progress(phase: RecordingPhase, within: number, message: string, live?: Live, warning?: string): void {
    const span = phase === 'done' || phase === 'failed' ? [1, 1] : this.spans[phase];
    const fraction = span[0] + (span[1] - span[0]) * Math.min(1, Math.max(0, within));
    this.opts.onProgress({ recordingId: this.result.id, phase, fraction, message, ...live, ...(warning ? { warning } : {}) });
  }

  private async run(): Promise<void> {
    try {
      await this.steps();
    } finally {
      // A fault or Stop before the profile was read: the inspectors opened in the children are closed all the same.
      await this.children?.abandon();
    }
  }

  private async steps(): Promise<void> {
    await this.watchBeforeFirstRequest(() => this.connect().then(() => this.warmUp()));
    this.progress('recording', 0, 'Recording');
    await this.startProfiling();
    const loadError = await this.runLoad();
    this.progress('stopping', 0, 'Reading the profile');
    // The profile is read even after a fault of the load: what was measured is kept; the load's sentence comes first.
    const profileError = await this.readProfile();
    const fault = loadError ?? profileError;
    if (fault) throw new UserError(fault);
    const { req, result } = this;
    if (req.ownLoad && result.load?.requests === 0) {
      result.error = `No request reached the server in the ${Math.round(result.load.durationSec)} s: send your load (ab, k6, a browser…) to ${req.load.url} while Flambé records.`;
      return;
    }
    result.error = judgeLoad(result.load, req.load.url, req.load.timeoutSec, req.load.durationSec);
    if (!result.error && this.servedElsewhere && !this.childResults?.processes.children.length) {
      // Its profile is of a process that served no request (a cluster primary): kept, it would be read as the server's.
      result.error = this.servedElsewhere;
      result.profile = null;
    }
  }

  /**
   * The request collector watches from the first request Flambé sends (the probe, the warm-up) — installed again for
   * the burst, it drops what it saw: drivers prepare their statements on a connection's first requests (mysql2 once
   * per pooled connection), and only a collector that read the prepare can name what is executed later. Taken out
   * again when connecting or warming up fails.
   */
  private async watchBeforeFirstRequest(steps: () => Promise<void>): Promise<void> {
    const { req, target } = this;
    const watching = target && !req.ownLoad && req.requestTimes !== false && target.info.running && !target.session.isClosed
      ? await target.session.installRequestCollector().then((r) => 'clockUs' in r, () => false) : false;
    try {
      await steps();
    } catch (e) {
      if (watching && target) await takeCollected(target.session).catch(() => null);
      throw e;
    }
  }

  /** 1. Connect: the target is there, and something answers at the URL. */
  private async connect(): Promise<void> {
    const { req, target } = this;
    const probeTimeoutMs = Math.min(5, req.load.timeoutSec) * 1000;
    // The probe is the burst's first request (its method, headers and body): a bare GET crashed a handler that parses every body.
    const first = routeList(req.load)[0];
    const probeAt = new URL(first.path, req.load.url).href;
    const probeRequest = { method: first.method, headers: first.headers, body: first.body };
    this.progress('connecting', 0, target ? `Connecting to ${target.info.label}` : `Checking ${req.load.url}`);
    if (target) {
      if (!target.info.running || target.session.isClosed) throw new UserError('The target is not running any more: launch or attach again.');
      const ports = (await target.session.listeners().catch(() => [])).map((l) => l.port);
      const urlPort = Number(new URL(req.load.url).port || (req.load.url.startsWith('https:') ? 443 : 80));
      try {
        if (req.ownLoad) {
          // The user sends the load: nothing to probe (the URL may be a placeholder), and the probe's request would be counted.
        } else if (target.process && ports.length === 0) {
          // Just launched: give the server a moment to start listening.
          await waitForUrl(probeAt, LISTEN_WAIT_MS, () => target.info.running, probeTimeoutMs, probeRequest);
        } else {
          await probeUrl(probeAt, probeTimeoutMs, probeRequest).catch((e: Error) => {
            const hint = ports.length && !ports.includes(urlPort) ? ` The target listens on port ${ports.join(', ')}.` : '';
            throw new UserError(e.message + hint);
          });
        }
      } catch (e) {
        // A server that died on the request: that, with its error, is the answer — not only that the connection closed.
        const gone = await Promise.race([target.gone, new Promise<null>((r) => setTimeout(() => r(null), 500))]);
        if (gone) throw new UserError(`${gone} when Flambé sent it the burst's first request (${first.method} ${first.path}).`);
        throw e;
      }
    } else {
      await probeUrl(probeAt, probeTimeoutMs, probeRequest);
    }
    if (this.stopRequested) throw new UserError('Stopped before anything was recorded.');
  }

  /** 2. Warm-up: load without profiling, so JIT warm-up is not taken for a hotspot. */
  private async warmUp(): Promise<void> {
    const { req, target } = this;
    if (req.ownLoad && !target) throw new UserError('Flambé counts the requests you send inside the server: launch or attach a target first.');
    if (req.findGrowth && (req.ownLoad || !target)) {
      throw new UserError(req.ownLoad ? 'Find what grows sends Flambé\'s own load after the burst, between its two heap snapshots: it cannot run while you send the load.'
        : 'Find what grows takes heap snapshots of the server: launch or attach a target.');
    }
    if (req.warmupSec <= 0 || req.ownLoad) return;
    this.progress('warmup', 0, `Warming up for ${req.warmupSec} s`);
    // The request collector watches the warm-up too (run() installed it before the probe).
    let seconds = 0;
    this.current = this.runBurst({
      settings: req.load, durationSec: req.warmupSec, ignoreRequestCount: true,
      onSecond: (s) => this.progress('warmup', ++seconds / req.warmupSec, warmupText(s.rps), { rps: s.rps, p99Ms: s.p99Ms }),
    });
    this.warmupClock = (await this.raceTarget(this.current.done, 'warm-up')).clock ?? null;
    this.current = null;
    if (this.stopRequested) throw new UserError('Stopped during warm-up: nothing was recorded.');
  }

  /** 3a. The request collector, a full collection, the CPU and allocation profilers, and the process sampled meanwhile. */
  private async startProfiling(): Promise<void> {
    const { req, target, result } = this;
    this.t0 = wallMs();
    if (!target) return;
    // The request collector (where each request's time went) starts before the profiler: no request is half-seen.
    if (req.ownLoad && req.requestTimes === false) throw new UserError('Sending your own load needs the request collector, which counts the requests: leave request times on.');
    // Its Node children (a cluster's workers) are recorded too, on this machine only (their pids and signals are local).
    if (req.requestTimes !== false && isLoopbackHost(target.host)) this.children = await ChildRecording.open(target.info.pid).catch(() => null);
    const installed = req.requestTimes === false ? { why: 'switched off' }
      : await target.session.installRequestCollector().catch((e: unknown) => ({ why: messageOf(e) }));
    if ('clockUs' in installed) this.collectorClock = { us: installed.clockUs, wallMs: wallMs() };
    else if (req.ownLoad) throw new UserError(`Flambé cannot count the requests you send in this process: ${installed.why}.`);
    // The lines the server writes during the burst, and from where (targets/output-counter.ts): wrapped before the
    // profiler starts, so installing the wrappers is in no profile (only the wrappers themselves, which make a write logging).
    this.counting = await target.session.startOutputCount().catch(() => false);
    // Listeners added per emitter and event during the burst (targets/listener-counter.ts): a leak by count.
    this.countingListeners = await target.session.startListenerCount().catch(() => false);
    // What the process keeps before the burst, read after a full collection (growth.ts rule 4); outside the profiles.
    const keptBefore = await sampleAfterFullGc(target.session);
    try {
      await target.session.startProfiler(req.samplingIntervalUs);
      // V8 started profiling when the command arrived: the answer is closer to that than the request.
      this.t0 = wallMs();
      this.clockStart = await readClocks(target.session, target.info.pid, wallMs);
      // Which functions allocate: a Node whose V8 lacks the sampler just records none.
      if (req.allocations !== false) this.allocating = await target.session.startAllocationSampling(ALLOCATION_SAMPLING_BYTES).then(() => true, () => false);
      // Worker threads too, their allocations with the main thread's (workers.ts); a Node without NodeWorker just has none.
      await workerProfilersOf(target.session).start(req.samplingIntervalUs, this.allocating ? ALLOCATION_SAMPLING_BYTES : null).catch(() => undefined);
      await this.children?.startProfilers(req.samplingIntervalUs, wallMs, this.allocating ? ALLOCATION_SAMPLING_BYTES : null);
    } catch (e) {
      throw new UserError(`The target refused to start the CPU profiler: ${messageOf(e)}.`);
    }
    if (keptBefore) result.samples.push({ tMs: 0, ...keptBefore.sample, fullGcForced: true });
    await target.session.sample().catch(() => null);
    this.sampleProcess(target.session);
    // The request collector's records leave the target every second (request-time/request-time.ts).
    if (this.collectorClock) this.drainer = setInterval(() => { void this.drain(target.session); void this.children?.drain(); }, DRAIN_EVERY_MS);
  }

  /** The request collector's records out of the target, one batch after the other. */
  private drain(session: InspectorSession): Promise<void> {
    this.draining = this.draining.then(() => takeCollected(session, false)).then((b) => { if (b) this.batches.push(b); }, () => undefined);
    return this.draining;
  }

  /**
   * The process every SAMPLE_EVERY_MS; halfway through a timed burst, one more full collection instead:
   * what is kept then tells a leak from a cache that filled once (growth.ts rule 4).
   */
  private sampleProcess(session: InspectorSession): void {
    const { req, result } = this;
    const midMs = !req.ownLoad && req.load.requests === undefined && req.load.durationSec >= MID_GC_MIN_BURST_SEC ? req.load.durationSec * 500 : null;
    let midTaken = midMs === null;
    this.sampler = setInterval(() => {
      if (!midTaken && wallMs() - this.t0 >= midMs!) {
        midTaken = true;
        const last = result.samples.at(-1);
        if (!last || last.heapUsedMb <= MID_GC_MAX_HEAP_MB) {
          // The request collector's records out first: left in, they read as 1–2 MB kept on a steady server.
          const drained = this.collectorClock ? this.drain(session) : this.draining;
          void drained.then(() => sampleAfterFullGc(session)).then((kept) => {
            if (!kept) return;
            if (kept.before) result.samples.push({ tMs: Math.round(kept.before.atMs - this.t0), ...kept.before.sample });
            result.samples.push({ tMs: Math.round(kept.atMs - this.t0), ...kept.sample, fullGcForced: true });
          });
          return;
        }
      }
      session.sample().then((sample) => {
        if (sample) result.samples.push({ tMs: Math.round(wallMs() - this.t0), ...sample } satisfies ProcessSample);
      }, () => undefined);
    }, SAMPLE_EVERY_MS);
  }

  /** 3b. The burst (or the user's own load), and the lines the server wrote meanwhile; the sentence of a fault, or null. */
  private async runLoad(): Promise<string | null> {
    const { req, target, result } = this;
    const counting = this.counting;
    let done = 0;
    // The user's cue: the collector and the profiler are in, requests sent from now on are counted.
    if (req.ownLoad) this.progress('recording', 0, OWN_LOAD_READY);
    const burst = req.ownLoad && target ? waitForOwnLoad(req.load.durationSec, (elapsedSec) => {
      void target.session.requestsSeen().then((n) => this.progress('recording', elapsedSec / req.load.durationSec,
        `Recording your load: ${n ?? 0} requests so far`), () => undefined);
    }) : this.runBurst({
      settings: req.load,
      onSecond: (s) => {
        done += s.requests ?? s.rps;
        const within = req.load.requests !== undefined ? done / req.load.requests : (wallMs() - this.t0) / 1000 / req.load.durationSec;
        this.progress('recording', within, recordingText(s.rps, s.p99Ms), { rps: s.rps, p99Ms: s.p99Ms });
      },
    });
    this.current = burst;
    let loadError: string | null = null;
    try {
      result.load = await this.raceTarget(burst.done, 'recording');
    } catch (e) {
      // The target went away: stop the load and keep what it measured.
      burst.stop();
      result.load = await burst.done.catch(() => null);
      loadError = messageOf(e);
    } finally {
      this.current = null;
      if (this.sampler) clearInterval(this.sampler);
      if (this.drainer) clearInterval(this.drainer);
    }

    // The target ended (crashed, or its code finished) as the burst ended: the burst's numbers came back,
    // but they are not a recording of a server that kept serving — say so rather than record a gap.
    // Only a process that said it is exiting has ended: a connection closed without that (the app called inspector.close())
    // leaves the process running, and saying it ended would be wrong.
    if (!loadError && target && (target.session.isExiting || target.session.isClosed)) {
      loadError = target.session.isExiting
        ? `${await Promise.race([target.gone, new Promise<string>((r) => setTimeout(() => r('The target process ended'), 3000))])} during the recording; what was measured until then is kept.`
        : 'The inspector connection closed during the recording (the process may still run, but Flambé can no longer read it); what was measured until then is kept.';
    }
    if (counting && target && !target.session.isClosed) result.output = await readOutput(target, result.load);
    if (this.countingListeners && target && !target.session.isClosed) {
      const kept = await target.session.readListenerCount().catch(() => null);
      if (kept && kept.length > 0) result.listeners = kept;
    }
    return loadError;
  }

  /** 4. Stop and fetch the profile, the requests' times, the kept memory, the hot lines; find what grows if asked. A fault's sentence, or null. */
  private async readProfile(): Promise<string | null> {
    const { req, target, result } = this;
    const stopAt = wallMs();
    if (target && result.load?.clock) result.load.phases = recordingPhases(this.t0, this.warmupClock, result.load.clock, stopAt);
    if (!target) return null;
    if (!target.session.isClosed) {
      try {
        const allocations = this.allocating ? await target.session.stopAllocationSampling().catch(() => null) : null;
        const clockStop = this.clockStart && await readClocks(target.session, target.info.pid, wallMs, this.clockStart.schedstatOk);
        result.profile = await target.session.stopProfiler();
        // The heap profile's scripts named as the CPU profile names them (the heap profiler leaves a sourceURL's out).
        const heap = allocations ? heapProfileSchema.safeParse(allocations) : null;
        const named = heap?.success ? withScriptUrls(heap.data, result.profile) : allocations;
        const workers = workerProfilersOf(target.session);
        const threads = await workers.stop().catch(() => []);
        this.childResults = this.children ? await this.children.stop(wallMs) : null;
        this.children = null;
        if (clockStop) this.account(clockStop, [...workers.lastCpu, ...(this.childResults?.cpu ?? []).map(({ processCpuMs: _, ...c }) => c)], threads);
        // The whole process's CPU is every recorded process's: the children's threads are in the profile's figures too.
        if (result.cpu && this.childResults?.cpu.length) {
          const kids = this.childResults.cpu.map((c) => c.processCpuMs);
          result.cpu.processCpuMs = result.cpu.processCpuMs !== null && kids.every((k) => k !== null) ? kids.reduce((s: number, k) => s + k!, result.cpu.processCpuMs) : null;
        }
        if (result.profile && typeof result.profile === 'object') addExtras(result.profile, { ...(named ? { allocations: named } : {}), ...(threads.length ? { threads } : {}) });
        // The sources first: the requests' figures name anonymous functions by the original place the maps give.
        await this.addSources(target.session);
        await this.readRequestsAndMemory(target.session);
        await mapRecordedPlaces(result, target.session.sourceMapUrls);
        // Last, once the recording is whole: its snapshots pause the process, outside the burst (memory/find-growth.ts).
        if (req.findGrowth && result.load && !this.stopRequested && !target.session.isClosed) {
          // Its load is the one Stop ends (and then no second snapshot is taken).
          result.growing = await findWhatGrows({
            session: target.session, load: req.load, runBurst: (o) => (this.current = this.runBurst(o)), onProgress: (m) => this.progress('stopping', 0.7, m), stopped: () => this.stopRequested,
            host: target.host, maxPauseSec: req.maxPauseSec, longPauseOk: !!req.longPauseOk, onWarning: (w) => this.progress('stopping', 0.7, 'Finding what grows: heap snapshots next', undefined, w),
          });
          this.current = null;
        }
      } catch (e) {
        return `The inspector disconnected before the profile could be read (${messageOf(e)}); the load results are kept.`;
      }
    }
    return result.profile ? null : 'The inspector connection closed during the recording, so there is no CPU profile; the load results are kept.';
  }

  /** The recording's CPU accounting (shared/recording/cpu-accounting.ts), computed once from the clocks and the main thread's profile. */
  private account(clockStop: ClockReading, workerCpu: { name: string; cpuMs: number | null; sampledBusyMs?: number; clock?: 'threadCpuUsage' | 'schedstat' | null }[], threads: { name: string; profile: unknown }[]): void {
    const { result, clockStart } = this;
    if (!clockStart || !result.profile) return;
    try {
      const workers = workerCpu.map((w) => {
        const t = threads.find((x) => x.name === w.name);
        return { ...w, sampledBusyMs: w.sampledBusyMs ?? (t ? sampledTimes(importProfile(t.profile)).sampledBusyMs : 0) };
      });
      const cpu = cpuAccountingOf(clockStart, clockStop, importProfile(result.profile), this.req.samplingIntervalUs, workers);
      if (cpu) result.cpu = cpu;
    } catch {
      // A profile the model refuses is said when it is opened; the figures are then sampled time, as for a file.
    }
  }

  /** The request collector's last records, what the process keeps after the burst, and where each request's time went. */
  private async readRequestsAndMemory(session: InspectorSession): Promise<void> {
    const { req, result, batches } = this;
    await this.draining;
    const batch = await takeCollected(session);
    const collectedAtMs = wallMs();
    if (batch) batches.push(batch);
    // What it keeps after the burst, once the profilers are off and the request collector is out (its last records held
    // the requests' sockets: a steady Express server kept 2–19 MB more external memory with them): rule 4's other end.
    const keptAfter = await sampleAfterFullGc(session);
    if (keptAfter) {
      if (keptAfter.before) result.samples.push({ tMs: Math.round(keptAfter.before.atMs - this.t0), ...keptAfter.before.sample });
      result.samples.push({ tMs: Math.round(keptAfter.atMs - this.t0), ...keptAfter.sample, fullGcForced: true });
    }
    // The readings around the collections (before, halfway, after) came in beside the periodic ones.
    result.samples.sort((a, b) => a.tMs - b.tMs);
    await session.stopSampling();
    // Only the requests to the loaded port count: an upstream stub in the same process is not the server measured.
    const listening = batch ? (await session.listeners().catch(() => [])).map((l) => l.port) : [];
    const ports = loadedPorts(req.load.url, !!req.ownLoad, listening);
    const kids = this.childResults;
    if (kids && result.profile && typeof result.profile === 'object') {
      addExtras(result.profile, { processes: { primaryRequests: batch ? batches.reduce((n, b) => n + b.requests.length, 0) : null, ...kids.processes } });
    }
    // The children's requests are the recording's too; the profile's samples are tied to requests of its own process only.
    const childServed = !!kids && kids.batches.some((b) => b.requests.length > 0);
    const all = kids ? [...batches, ...kids.batches] : batches;
    if (batch && req.ownLoad && this.collectorClock && result.load) {
      // The user's load, counted and timed in the server: the recording's load is what the server saw.
      const window = { fromUs: this.collectorClock.us, toUs: batch.clockUs, startMs: this.collectorClock.wallMs, endMs: collectedAtMs };
      result.load = { ...serverLoadSummary(keepPorts(all, ports).batches, window, result.load.stoppedEarly), ...(result.load.phases ? { phases: result.load.phases } : {}) };
    }
    const requestTime = batch && requestTimeOf(all, req.ownLoad ? null : result.load, childServed ? null : result.profile, ports);
    // The primary's thread clock and profile: its own batches, not its children's.
    if (batch && result.cpu) result.cpu = withRequestCode(result.cpu, batches, ports);
    if (requestTime) result.requestTime = requestTime;
    // The collector counted no request although the load got answers: did the target's children serve them?
    else if (batch && !req.ownLoad && result.load && result.load.requests > 0 && this.target && isLoopbackHost(this.target.host)) {
      const children = await childProcessesOf(this.target.info.pid);
      this.servedElsewhere = servedElsewhereSentence(this.target.info.pid, result.load.requests, children, portOfUrl(req.load.url), kids?.processes.refused);
    }
  }

  /** The hot lines' source text, and the original frames and lines of TypeScript and bundles (source maps). */
  private async addSources(session: InspectorSession): Promise<void> {
    this.progress('stopping', 0.5, 'Reading the source of the hottest lines');
    // The hot scripts' sources, read once: the hot lines' text, and the source maps' one-line scripts below.
    const sources = new Map<string, string>();
    await addSourceLines(this.result.profile, async (ids) => {
      for (const [id, text] of await session.scriptSources(ids)) sources.set(id, text);
      return sources;
    });
    // Source maps (TypeScript, bundles): scriptParsed reports them while the Debugger is on.
    if (session.sourceMapUrls.size === 0) await session.scriptSources([]);
    await addOriginalFrames(this.result.profile, session.sourceMapUrls, async (ids) => {
      const extents = await session.functionExtents(ids);
      return new Map(ids.flatMap((id) => {
        const source = sources.get(id);
        const functions = extents.get(id);
        return source !== undefined && functions ? [[id, { source, functions }] as const] : [];
      }));
    });
  }

  /** Ends a phase early, with a sentence, when the target exits or disconnects. */
  private raceTarget(p: Promise<LoadSummary>, phase: string): Promise<LoadSummary> {
    const target = this.target;
    if (!target) return p;
    return Promise.race([
      p,
      target.gone.then((why) => {
        throw new UserError(phase === 'warm-up'
          ? `${why} during the warm-up, before anything was recorded.`
          : `${why} during the ${phase}; what was measured until then is kept.`);
      }),
    ]);
  }
}

/**
 * A full garbage collection, then a process sample: the memory the process
 * holds without its garbage. Taken before and after the burst so that the
 * growth rule always has two full collections to compare, however few V8 ran
 * by itself (a 10 s leak often had one; shared/memory/growth.ts rule 4).
 * Null when the target does not do it: the rule then counts V8's own.
 */
async function sampleAfterFullGc(session: InspectorSession): Promise<FullGcReading | null> {
  try {
    // The sampler's first call only sets it up (null); a later one closes the periodic interval.
    const before = await session.sample();
    const beforeAtMs = wallMs();
    await session.collectGarbage();
    const sample = await session.sample();
    return sample ? { before: before && { sample: before, atMs: beforeAtMs }, sample, atMs: wallMs() } : null;
  } catch {
    return null;
  }
}

interface FullGcReading {
  /** The periodic sample that ended just before the collection (null when this call started the sampler). */
  before: { sample: RawProcessSample; atMs: number } | null;
  sample: RawProcessSample;
  atMs: number;
}

/**
 * The user sends the load (record --no-load): Flambé only waits, for the
 * duration or until Stop, saying each second how many requests the server
 * finished. The summary is a stand-in with the window's clock; the real one
 * is counted in the server when the profile is read.
 */
function waitForOwnLoad(durationSec: number, onSecond: (elapsedSec: number) => void): BurstHandle {
  const startMs = wallMs();
  let finish: (stoppedEarly: boolean) => void = () => undefined;
  const done = new Promise<LoadSummary>((resolve) => {
    const ticker = setInterval(() => onSecond((wallMs() - startMs) / 1000), 1000);
    const timer = setTimeout(() => finish(false), durationSec * 1000);
    finish = (stoppedEarly) => {
      clearInterval(ticker);
      clearTimeout(timer);
      const endMs = wallMs();
      resolve({
        requests: 0, durationSec: (endMs - startMs) / 1000, rps: 0, latencyMs: { p50: 0, p90: 0, p99: 0, max: 0, mean: 0 },
        errors: 0, timeouts: 0, non2xx: 0, statusCodes: {}, bytesPerSec: 0, timeline: [], stoppedEarly, clock: { startMs, endMs },
      });
    };
  });
  return { done, stop: () => finish(true) };
}

/** The phases on the profile's clock: ms after the profiler started (t0), warm-up negative. */
export function recordingPhases(
  t0: number, warmup: { startMs: number; endMs: number } | null, burst: { startMs: number; endMs: number }, stopAt: number,
): RecordingPhases {
  const ms = (t: number) => Math.round((t - t0) * 10) / 10;
  return {
    warmup: warmup ? { fromMs: ms(warmup.startMs), toMs: ms(warmup.endMs) } : null,
    burst: { fromMs: ms(burst.startMs), toMs: ms(burst.endMs) },
    profileStopMs: ms(stopAt),
  };
}

/** Turns a finished burst into a sentence when the server did not serve it. */
export function judgeLoad(load: LoadSummary | null, url: string, timeoutSec: number, durationSec?: number): string | null {
  if (!load) return null;
  const answered = load.requests;
  const fiveXx = Object.entries(load.statusCodes).reduce((n, [c, k]) => (c.startsWith('5') ? n + k : n), 0);
  if (answered === 0 && load.timeouts > 0) return `The server at ${url} did not answer any request within ${timeoutSec} s: it seems to hang.`;
  if (answered === 0 && load.errors > 0) return `Every request to ${url} failed to connect: did the server stop?`;
  // Nothing failed and nothing timed out: the answers were still on their way when the burst ended.
  if (answered === 0 && durationSec !== undefined && timeoutSec > durationSec) {
    return `No answer came back within the ${durationSec} s burst: the server at ${url} takes longer than that to answer a request — record for longer, or find out why it is so slow.`;
  }
  if (answered === 0) return `No request to ${url} was answered.`;
  if (fiveXx / answered > 0.5) return `The server answered ${fiveXx} of ${answered} requests with a 5xx error: look at its console for the cause.`;
  if (load.timeouts > answered) return `Most requests timed out after ${timeoutSec} s: the server is overloaded or stuck.`;
  return null;
}

/** The output counted during the burst, per request and per second; undefined when the count could not be read. */
async function readOutput(target: Target, load: LoadSummary | null): Promise<OutputVolume | undefined> {
  const counted = await target.session.readOutputCount().catch(() => null);
  if (!counted) return undefined;
  const stdio = target.info.stdio;
  const kind = !stdio ? null : stdio.tailedFile || stdio.stdout === 'file' || stdio.stdout === 'terminal' ? 'file' : stdio.stdout === 'pipe' ? 'pipe' : null;
  return outputVolume(counted.lines, counted.from, load?.requests ?? 0, load?.durationSec ?? 0, kind, { bytes: counted.bytes, routes: counted.routes });
}
