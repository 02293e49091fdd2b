// A concurrency sweep: one recording per level of connections, one after the
// other on the same URL, then the table and the knee (shared/sweep/knee.ts).
import { randomUUID } from 'node:crypto';
import type { RecordRequestResolved, RecordingResult, SweepRequestResolved, SweepResult } from '../../../shared/api.ts';
import { findKnee, sweepPoints } from '../../../shared/sweep/knee.ts';
import { levelProcess } from '../../../shared/sweep/sweep-routes.ts';
import type { SweepRoute } from '../../../shared/sweep/sweep-level.ts';
import { categoryBreakdown, cpuMsOf, cpuPerSampledMs, importProfile } from '../../../shared/profile/index.ts';
import type { CpuAccounting } from '../../../shared/recording/cpu-accounting.ts';
import { profileRoutes } from './profile-routes.ts';

export interface SweepDeps {
  /** Records one level (saved like any recording) and resolves when it is done. */
  record(req: RecordRequestResolved): Promise<RecordingResult>;
  /** True once the user asked to stop: the levels left are skipped. */
  stopped(): boolean;
  /** After each level: the sweep so far (kept in the library as a group from its first level on). */
  onLevel?(partial: SweepResult): void;
}

export async function runSweep(req: SweepRequestResolved, deps: SweepDeps): Promise<SweepResult> {
  const id = randomUUID();
  const levels = [...new Set(req.levels)].sort((a, b) => a - b);
  const base = req.name || `Sweep ${req.load.routes ? `${req.load.routes.length} routes` : `${req.load.method} ${new URL(req.load.url).pathname}`}`;
  const result: SweepResult = { id, name: base, createdAt: new Date().toISOString(), url: req.load.url, levels: [], knee: null, error: null };
  for (const [i, connections] of levels.entries()) {
    if (deps.stopped()) {
      result.error = `Stopped after ${result.levels.length} of ${levels.length} levels; the levels measured are kept.`;
      break;
    }
    const profiled = req.profile === 'every' || req.profile === connections;
    const rec = await deps.record({
      targetId: profiled ? req.targetId : null,
      load: { ...req.load, connections, durationSec: req.levelSec, requests: undefined },
      warmupSec: i === 0 ? req.warmupSec : 0,
      // Its code is warm: the level before ran the same requests just now.
      ...(i > 0 ? { warmedByEarlierLoad: true } : {}),
      samplingIntervalUs: req.samplingIntervalUs,
      name: `${base} · ${connections} connection${connections === 1 ? '' : 's'}`,
      // The levels are linked as one group in the library (library/group-service.ts), not by tags.
      tags: req.tags,
    });
    const l = rec.load;
    if (l) {
      const routes = l.routes?.map(({ method, path, requests, rps, latencyMs, errors, non2xx }): SweepRoute => ({ method, path, requests, rps, latencyMs, errors, non2xx }));
      result.levels.push({
        connections, recordingId: rec.id, requests: l.requests, rps: l.rps, latencyMs: l.latencyMs,
        errors: l.errors + l.timeouts, non2xx: l.non2xx, profiled: profiled && rec.profile !== null,
        ...(routes ? { routes } : {}),
        process: levelProcess(rec.samples, busyMs(rec.profile, rec.cpu), l.requests, l.phases?.burst),
      });
    }
    if (l) deps.onLevel?.(result);
    if (rec.error) {
      result.error = `At ${connections} connections: ${rec.error}`;
      break;
    }
    const level = result.levels[result.levels.length - 1];
    if (req.perRouteCpu && profiled && level?.routes && req.targetId && !deps.stopped()) {
      // Each route alone at this level's connections: its CPU per request cannot be told apart in the mixed burst.
      const rows = await profileRoutes({
        targetId: req.targetId, load: { ...req.load, connections, durationSec: req.levelSec, requests: undefined },
        warmupSec: 0, warmedByEarlierLoad: true, samplingIntervalUs: req.samplingIntervalUs, name: `${base} · ${connections} connections`, tags: req.tags,
      }, deps.record);
      for (const row of rows) {
        const r = level.routes.find((x) => x.method === row.method && x.path === row.path);
        if (r && !row.error) Object.assign(r, { cpuMsPerRequest: row.cpuMsPerRequest, topFunction: row.topFunction ? `${row.topFunction.name} (${row.topFunction.location})` : null });
      }
    }
  }
  result.knee = findKnee(sweepPoints(result.levels));
  return result;
}

/** Busy (not idle) CPU ms of a level's profile, or null without a readable one. */
function busyMs(profile: unknown, cpu: CpuAccounting | undefined): number | null {
  if (!profile) return null;
  try {
    const sampled = categoryBreakdown(importProfile(profile)).filter((r) => r.kind !== 'idle').reduce((n, r) => n + r.ms, 0);
    // CPU from the OS clock where the level read it, sampled time otherwise (shared/profile/cpu-time.ts).
    return cpuMsOf(sampled, { cpuPerSampledMs: cpuPerSampledMs(cpu) });
  } catch {
    return null; // a profile the model refuses: the level's load numbers still stand
  }
}
