// A recording's stored load results, as read back from a library someone's
// machine holds: a library written by another version, or edited by hand, may
// keep a load whose shape is not LoadSummary. The views that draw the load say
// so in their own sentence; what only reads a few numbers from it (the
// verdict's checks) goes on without it rather than failing on a missing field.
import { loadCoreSchema, type LoadSummary } from '../recording/load.ts';

/** True when `load` has the fields the verdict's checks read (requests, rps, latency percentiles, per-second series): shared/recording/load.ts's loadCoreSchema. */
export function hasLoadShape(load: unknown): load is LoadSummary {
  return loadCoreSchema.safeParse(load).success;
}
