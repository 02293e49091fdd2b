// The few numbers stored and printed about a whole profile — its CPU split,
// duration and sample count — all from the canonical model, so the Library,
// the CLI and the views agree (the model's duration follows the timing rule;
// V8's raw endTime − startTime also counts the time before the first sample).
import { cpuSplit, type CpuSplit } from './views/categories.ts';

export type { CpuSplit };
import type { Profile } from './model.ts';


export interface ProfileSummary {
  cpuSplit: CpuSplit;
  durationMs: number;
  samples: number;
}

export function summarizeProfile(profile: Profile): ProfileSummary {
  return { cpuSplit: cpuSplit(profile), durationMs: profile.durationMs, samples: profile.samples.length };
}
