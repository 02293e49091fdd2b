// The target's Node children recorded beside it (issue 34): a node:cluster
// primary serves no request, its workers serve them all. Each child gets what
// the recorded process gets for its requests — the CPU profiler, the request
// collector, its own CPU clock at the profile's start and stop, the sampling
// heap profiler when the recording samples allocations — and at the
// end its inspector is closed again (targets/child-sessions.ts). What comes
// out is the profile's processes addition (shared/recording/processes.ts),
// the children's collector batches (their request numbers moved apart:
// shared/request-time/process-batches.ts) and each child's CPU for the
// recording's accounting, under the name the thread picker gives it.
import type { CollectedBatch } from '../../../shared/request-time/collected.ts';
import { withProcessRequestIds } from '../../../shared/request-time/process-batches.ts';
import { processName, type RecordedProcesses } from '../../../shared/recording/processes.ts';
import { importProfile } from '../../../shared/profile/import/any-format.ts';
import { sampledTimes } from '../../../shared/profile/cpu-time.ts';
import { closeChildInspector, openChildInspectors, type ChildSession } from '../targets/child-sessions.ts';
import { readClocks, type ClockReading } from '../targets/thread-clock.ts';
import { takeCollected } from '../request-time/request-time.ts';
import type { ThreadClock } from '../../../shared/recording/cpu-accounting.ts';
import { addExtras } from '../../../shared/recording/profile-extras.ts';
import { heapProfileSchema } from '../../../shared/recording/memory.ts';
import { withScriptUrls } from '../../../shared/memory/heap-profile.ts';

/** A child's CPU over its profile, as the recording's accounting takes a worker thread's, and its whole process's (every thread). */
export interface ChildCpu { name: string; cpuMs: number | null; sampledBusyMs: number; clock: ThreadClock | null; processCpuMs: number | null }

interface Recorded {
  child: ChildSession;
  collecting: boolean;
  /** Its allocations are sampled (kept in its profile, as a worker thread's are). */
  allocating: boolean;
  clockStart: (ClockReading & { schedstatOk: boolean }) | null;
  batches: CollectedBatch[];
}

export interface ChildResults {
  /** The processes addition but the recorded process's own count, which the recorder adds. */
  processes: Omit<RecordedProcesses, 'primaryRequests'>;
  /** Every child's batches, request numbers moved apart (child i: range i + 1). */
  batches: CollectedBatch[];
  cpu: ChildCpu[];
  /** Children whose inspector Flambé opened and could not close again (said in the recording). */
  leftOpen: number[];
}

export class ChildRecording {
  private readonly recorded: Recorded[];
  private readonly refused: { pid: number; why: string }[];
  private draining: Promise<void> = Promise.resolve();

  private constructor(recorded: Recorded[], refused: { pid: number; why: string }[]) {
    this.recorded = recorded;
    this.refused = refused;
  }

  /**
   * Opens every Node child's inspector and starts its request collector (opening takes a signal and a wait per
   * child: done before the profiles start); null when the target has no Node child.
   */
  static async open(pid: number): Promise<ChildRecording | null> {
    const { children, refused } = await openChildInspectors(pid);
    if (children.length === 0 && refused.length === 0) return null;
    const recorded = await Promise.all(children.map(async (child): Promise<Recorded> => {
      const installed = await child.session.installRequestCollector().catch(() => ({ why: 'no answer' }));
      return { child, collecting: 'clockUs' in installed, allocating: false, clockStart: null, batches: [] };
    }));
    return new ChildRecording(recorded, refused);
  }

  /**
   * Starts every child's profiler, right after the recorded process's: their profiles then cover the same window
   * (the timeline places a child's samples after the primary's profiler start). A child that refuses is closed and said.
   * `allocationBytes`: the recorded process's allocation sampling interval, null when it samples none.
   */
  async startProfilers(samplingIntervalUs: number, wallMs: () => number, allocationBytes: number | null = null): Promise<void> {
    const started = await Promise.all(this.recorded.map(async (r) => {
      try {
        r.clockStart = await readClocks(r.child.session, r.child.pid, wallMs).catch(() => null);
        await r.child.session.startProfiler(samplingIntervalUs);
        // A child whose V8 lacks the sampler just has none.
        if (allocationBytes !== null) r.allocating = await r.child.session.startAllocationSampling(allocationBytes).then(() => true, () => false);
        return true;
      } catch (e) {
        await closeChildInspector(r.child);
        this.refused.push({ pid: r.child.pid, why: `its profiler did not start (${e instanceof Error ? e.message : String(e)})` });
        return false;
      }
    }));
    this.recorded.splice(0, this.recorded.length, ...this.recorded.filter((_, i) => started[i]));
  }

  get pids(): number[] {
    return this.recorded.map((r) => r.child.pid);
  }

  /** Takes the collectors' records out of the children (their heaps stay flat, as the recorded process's does). */
  drain(): Promise<void> {
    this.draining = this.draining.then(() => Promise.all(this.recorded.filter((r) => r.collecting).map(async (r) => {
      const b = await takeCollected(r.child.session, false).catch(() => null);
      if (b) r.batches.push(b);
    }))).then(() => undefined);
    return this.draining;
  }

  /** Stops every child's profiler and collector, reads its clock, and closes the inspector Flambé opened. */
  async stop(wallMs: () => number): Promise<ChildResults> {
    await this.draining;
    const children: RecordedProcesses['children'] = [];
    const batches: CollectedBatch[] = [];
    const cpu: ChildCpu[] = [];
    const leftOpen: number[] = [];
    for (const [i, r] of this.recorded.entries()) {
      const { child } = r;
      try {
        const last = r.collecting ? await takeCollected(child.session) : null;
        if (last) r.batches.push(last);
        const heap = r.allocating ? heapProfileSchema.safeParse(await child.session.stopAllocationSampling().catch(() => null)) : null;
        const clockStop = r.clockStart && await readClocks(child.session, child.pid, wallMs, r.clockStart.schedstatOk);
        const profile = await child.session.stopProfiler();
        // Its allocations in its own profile (the heap profile's scripts named as the CPU profile names them), as a worker thread's.
        if (profile && heap?.success) addExtras(profile, { allocations: withScriptUrls(heap.data, profile) });
        if (profile) {
          const name = processName(child);
          const requests = r.collecting ? r.batches.reduce((n, b) => n + b.requests.length, 0) : null;
          children.push({ pid: child.pid, role: child.role, requests, profile: profile as Record<string, unknown> });
          batches.push(...r.batches.map((b) => withProcessRequestIds(b, i + 1)));
          cpu.push({ name, ...childCpu(r.clockStart, clockStop), sampledBusyMs: sampledTimes(importProfile(profile)).sampledBusyMs });
        } else {
          this.refused.push({ pid: child.pid, why: 'V8 gave no profile' });
        }
      } catch (e) {
        this.refused.push({ pid: child.pid, why: `it ended or stopped answering during the recording (${e instanceof Error ? e.message : String(e)})` });
      }
      if (!(await closeChildInspector(child))) leftOpen.push(child.pid);
    }
    return { processes: { children, refused: this.refused }, batches, cpu, leftOpen };
  }

  /** Closes every inspector opened, when the recording ends before stop() (a fault, Stop). */
  async abandon(): Promise<void> {
    await Promise.all(this.recorded.map((r) => closeChildInspector(r.child)));
  }
}

function childCpu(start: ClockReading | null, stop: ClockReading | null): { cpuMs: number | null; clock: ThreadClock | null; processCpuMs: number | null } {
  const processCpuMs = start?.processUs != null && stop?.processUs != null ? Math.max(0, (stop.processUs - start.processUs) / 1000) : null;
  if (!start || !stop || start.clock === null || start.clock !== stop.clock || start.threadUs === null || stop.threadUs === null) return { cpuMs: null, clock: null, processCpuMs };
  return { cpuMs: Math.max(0, (stop.threadUs - start.threadUs) / 1000), clock: start.clock, processCpuMs };
}
