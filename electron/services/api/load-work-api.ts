// The contract's load work beyond one recording: a concurrency sweep (its
// levels recorded one after the other and kept as one group from the first
// level on), each route in its own burst, the profiler's (or the request
// collector's) cost, and the work running now.
import { randomUUID } from 'node:crypto';
import type { FlambeServiceApi, OverheadResult, SweepRequestResolved, SweepResult } from '../../../shared/api.ts';
import { loadTitle } from '../../../shared/load/load-title.ts';
import { sameOverheadSetting } from '../../../shared/recording/overhead-setting.ts';
import { targetKeyOf } from '../../../shared/work/running-work.ts';
import { messageOf } from '../errors.ts';
import { measureOverhead } from '../load/overhead.ts';
import { profileRoutes } from '../load/profile-routes.ts';
import { runBurstInWorker } from '../load/run.ts';
import { runSweep } from '../load/sweep.ts';
import type { ServiceParts } from './service-parts.ts';

type LoadWorkApi = Pick<FlambeServiceApi, 'runSweep' | 'profileRoutes' | 'measureOverhead' | 'lastOverhead' | 'runningWork'>;

export function createLoadWorkApi(parts: ServiceParts): LoadWorkApi {
  const { targets, recordings, work, targetKey } = parts;
  const lastOverhead = new Map<number, OverheadResult>();
  // Each run's result by its work id, for a page that followed it across a reload (the newest few).
  const overheadRuns = new Map<string, OverheadResult>();
  return {
    async runSweep(request) {
      const runId = randomUUID();
      const levels = [...new Set(request.levels)].sort((a, b) => a - b);
      const ended = work.claim({ kind: 'sweep', label: loadTitle(request.load), targetId: request.targetId, targetKey: targetKey(request.targetId), levels })
        .started(runId);
      try {
        const { result, kept } = await sweepNow(parts, request, (levelsDone) => work.update(runId, { levelsDone }));
        // Its id names a sweep of the library only when it was kept as one (a page opens #/sweeps/<id>).
        ended(kept ? result.id : null);
        return result;
      } finally {
        ended(null);
      }
    },
    async profileRoutes(request) {
      const ended = work.claim({ kind: 'routes', label: loadTitle(request.load), targetId: request.targetId, targetKey: targetKey(request.targetId) })
        .started(randomUUID());
      return profileRoutes(request, (r) => recordings.begin(r).finished).finally(() => ended(null));
    },
    async measureOverhead(request) {
      const target = targets.get(request.targetId);
      const runId = randomUUID();
      const ended = work.claim({ kind: 'overhead', label: target.info.label, targetId: request.targetId, targetKey: targetKeyOf(target.info.pid) })
        .started(runId);
      try {
        const result = await measureOverhead(request, { target, runBurst: runBurstInWorker });
        const l = request.load;
        result.setting = { target: target.info.label, url: l.url, method: l.method, connections: l.connections, samplingIntervalUs: result.samplingIntervalUs };
        // A recording shows what its profiler cost: the request collector's own cost is not that.
        if (result.profiler !== 'requests') lastOverhead.set(result.samplingIntervalUs, result);
        overheadRuns.set(runId, result);
        for (const old of [...overheadRuns.keys()].slice(0, -10)) overheadRuns.delete(old);
        ended(runId);
        return result;
      } finally {
        ended(null);
      }
    },
    async runningWork() {
      return work.list();
    },
    async lastOverhead({ samplingIntervalUs, setting, runId }) {
      if (runId) return overheadRuns.get(runId) ?? null;
      // Only for the same target, load and interval: a cost measured on another server is not this one's.
      const r = lastOverhead.get(samplingIntervalUs);
      return r?.setting && setting && sameOverheadSetting(r.setting, setting) ? r : null;
    },
  };
}

/** The sweep itself, its levels recorded one after the other, kept as one group. */
async function sweepNow({ store, recordings, groups }: ServiceParts, request: SweepRequestResolved, onLevelDone: (done: number) => void): Promise<{ result: SweepResult; kept: boolean }> {
  const levelIds: string[] = [];
  const result = await runSweep(request, {
    record: (r) => {
      const level = recordings.begin(r);
      levelIds.push(level.id);
      return level.finished;
    },
    stopped: () => levelIds.some((id) => recordings.wasStopped(id)),
    // A group from the first level on: a sweep killed midway keeps its levels together (marked interrupted on the next open).
    onLevel: (partial) => {
      onLevelDone(partial.levels.length);
      if (store.library && partial.levels.every((l) => store.isSaved(l.recordingId))) {
        try { groups.saveSweep({ ...partial, knee: null }, true); } catch { /* said at the end, when the whole sweep is saved */ }
      }
    },
  });
  // Kept as one group of its levels (linked, the knee stored) when the levels were saved.
  if (store.library && result.levels.every((l) => store.isSaved(l.recordingId))) {
    try {
      groups.saveSweep(result);
      return { result, kept: true };
    } catch (e) {
      // The levels are saved as recordings; only the link between them is missing.
      result.error ??= `The levels are saved, but could not be kept together as one sweep in the library (${messageOf(e)}).`;
    }
  }
  return { result, kept: false };
}
