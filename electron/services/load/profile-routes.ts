// Per-route CPU: each route of a multi-route request profiled in its own
// burst, one after another (each a recording in the library), then CPU ms per
// request and the top function per route (shared/load/route-cpu.ts).
import type { RecordRequestResolved, RecordingResult, RouteCpuRow } from '../../../shared/api.ts';
import { routeCpu } from '../../../shared/load/route-cpu.ts';
import { importProfile } from '../../../shared/profile/index.ts';
import { UserError } from '../errors.ts';

export async function profileRoutes(req: RecordRequestResolved, record: (r: RecordRequestResolved) => Promise<RecordingResult>): Promise<RouteCpuRow[]> {
  if (!req.targetId) throw new UserError('Profiling each route needs a target: launch or attach first.');
  const routes = req.load.routes;
  if (!routes?.length) throw new UserError('List the routes to profile, one "METHOD /path" per line.');
  const rows: RouteCpuRow[] = [];
  for (const route of routes) {
    const rec = await record({
      ...req,
      load: { ...req.load, routes: [route] },
      name: `${req.name ?? 'Route CPU'} · ${route.method} ${route.path}`,
      tags: [...req.tags, 'route-cpu'],
    });
    const l = rec.load;
    const cpu = rec.profile && l ? routeCpu(importProfile(rec.profile), l, rec.cpu) : null;
    rows.push({
      method: route.method, path: route.path, recordingId: rec.id,
      rps: l?.rps ?? 0, p75Ms: l?.latencyMs.p75 ?? l?.latencyMs.p50 ?? 0, p99Ms: l?.latencyMs.p99 ?? 0,
      cpuMsPerRequest: cpu?.cpuMsPerRequest ?? 0, topFunction: cpu?.topFunction ?? null, error: rec.error,
    });
    if (rec.error && /not running|exited|disconnected/.test(rec.error)) break;
  }
  return rows;
}
