// What a profiling-overhead measurement was measured on (issue 23): the
// target, the load and the sampling interval. A cost measured on the demo
// server says nothing about another script, nor about other load on the same
// one — it is shown on a recording only when all of these match.
import { z } from 'zod';

export const overheadSettingSchema = z.object({
  /** The target's label: its script path (launched) or host:port (attached). */
  target: z.string(),
  url: z.string(),
  method: z.string(),
  connections: z.number().int(),
  samplingIntervalUs: z.number().int(),
});
export type OverheadSetting = z.infer<typeof overheadSettingSchema>;

export function sameOverheadSetting(a: OverheadSetting, b: OverheadSetting): boolean {
  return a.target === b.target && a.url === b.url && a.method === b.method && a.connections === b.connections && a.samplingIntervalUs === b.samplingIntervalUs;
}
