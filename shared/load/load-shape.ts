// A recording's stored load results, as read back from a library someone's
// machine holds: a library written by another version, or edited by hand, may
// keep a load whose shape is not LoadSummary. The views that draw the load say
// so in their own sentence; what only reads a few numbers from it (the
// verdict's checks) goes on without it rather than failing on a missing field.
import type { LoadSummary } from '../api.ts';

const isNumber = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

/** True when `load` has the fields the verdict's checks read (requests, rps, latency percentiles, per-second series). */
export function hasLoadShape(load: unknown): load is LoadSummary {
  if (typeof load !== 'object' || load === null) return false;
  const l = load as Partial<Record<keyof LoadSummary, unknown>>;
  const latency = l.latencyMs as Record<string, unknown> | undefined;
  return isNumber(l.requests) && isNumber(l.rps) && isNumber(l.durationSec)
    && typeof latency === 'object' && latency !== null
    && isNumber(latency.p50) && isNumber(latency.p99) && isNumber(latency.max)
    && Array.isArray(l.timeline);
}
