// A concurrency sweep: one recording per level of connections, one after the
// other on the same URL, then the table and the knee (shared/load/knee.ts).
import { randomUUID } from 'node:crypto';
import type { RecordRequest, RecordingResult, SweepRequestResolved, SweepResult } from '../../../shared/api.ts';
import { findKnee, sweepPoints } from '../../../shared/load/knee.ts';

export interface SweepDeps {
  /** Records one level (saved like any recording) and resolves when it is done. */
  record(req: RecordRequest): Promise<RecordingResult>;
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
      samplingIntervalUs: req.samplingIntervalUs,
      name: `${base} · ${connections} connection${connections === 1 ? '' : 's'}`,
      // The levels are linked as one group in the library (library/group-service.ts), not by tags.
      tags: req.tags,
    });
    const l = rec.load;
    if (l) {
      result.levels.push({
        connections, recordingId: rec.id, requests: l.requests, rps: l.rps, latencyMs: l.latencyMs,
        errors: l.errors + l.timeouts, non2xx: l.non2xx, profiled: profiled && rec.profile !== null,
      });
    }
    if (l) deps.onLevel?.(result);
    if (rec.error) {
      result.error = `At ${connections} connections: ${rec.error}`;
      break;
    }
  }
  result.knee = findKnee(sweepPoints(result.levels));
  return result;
}
