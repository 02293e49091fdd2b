// A latency distribution's percentiles in ms, as a load summary carries them
// (min, p75, p95 and p999 are absent in recordings made before they were kept).
import { z } from 'zod';

const amount = z.number().min(0).max(1e12);

export const latencyMsSchema = z.object({
  p50: amount, p90: amount, p99: amount, max: amount, mean: amount,
  min: amount.optional(), p75: amount.optional(), p95: amount.optional(), p999: amount.optional(),
});
