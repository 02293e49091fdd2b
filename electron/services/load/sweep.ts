// A concurrency sweep: one recording per level of connections, one after the
// other on the same URL, then the table and the knee (shared/sweep/knee.ts).
import { failedRequests } from '../../../shared/load/request-counts.ts';
import { randomUUID } from 'node:crypto';
import type { RecordRequestResolved, RecordingResult, SweepRequestResolved, SweepResult } from '../../../shared/api.ts';
import { findKnee, sweepPoints } from '../../../shared/sweep/knee.ts';
import { levelProcess } from '../../../shared/sweep/sweep-routes.ts';
import type { SweepRoute } from '../../../shared/sweep/sweep-level.ts';
import { profileRoutes } from './profile-routes.ts';
import { watchMachine } from '../experiment/machine-readings.ts';
import { sweepMachine, sweepWasBusy } from '../../../shared/sweep/sweep-machine.ts';
import { levelOutput, routeOutputs } from '../../../shared/sweep/sweep-output.ts';

export interface SweepDeps {
  /** Records one level (saved like any recording) and resolves when it is done. */
  record(req: RecordRequestResolved): Promise<RecordingResult>;
  /** True once the user asked to stop: the levels left are skipped. */
  stopped(): boolean;
  /** After each level: the sweep so far (kept in the library as a group from its first level on). */
  onLevel?(partial: SweepResult): void;
  /** Reads the machine around a level (the experiments' reader; tests give their own). */
  watchMachine?: typeof watchMachine;
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
    // A busy machine moves requests/s and latency as much as saturation does: each level is read as an experiment's round is.
    const machine = (deps.watchMachine ?? watchMachine)();
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
    const interference = machine.finish(rec.samples);
    const l = rec.load;
    if (l) {
      const logs = l.routes ? routeOutputs(l.routes, rec.output) : [];
      const routes = l.routes?.map(({ method, path, requests, rps, latencyMs, errors, non2xx }, k): SweepRoute => ({ method, path, requests, rps, latencyMs, errors, non2xx, ...logs[k] }));
      result.levels.push({
        connections, recordingId: rec.id, requests: l.requests, rps: l.rps, latencyMs: l.latencyMs,
        errors: failedRequests(l), non2xx: l.non2xx, profiled: profiled && rec.profile !== null,
        ...(routes ? { routes } : {}),
        process: levelProcess(rec.samples, l.rps, l.phases?.burst),
        machine: interference,
        output: levelOutput(rec.output),
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
  // No knee is named from levels a busy machine measured (sweepSentence says why instead).
  result.knee = sweepWasBusy(sweepMachine(result.levels)) ? null : findKnee(sweepPoints(result.levels));
  return result;
}

