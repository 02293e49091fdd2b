// The headline CPU split stored with each recording (the Library's bar).
// Numbers come from shared/profile — nothing else computes profile numbers.
import type { CpuSplit } from '../../../shared/api.ts';

let impl: ((profile: unknown) => CpuSplit | null) | null = null;

export function cpuSplitOf(profile: unknown): CpuSplit | null {
  return impl ? impl(profile) : null;
}
