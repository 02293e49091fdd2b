// The headline CPU split stored with each recording (the Library's bar).
// Numbers come from shared/profile — nothing else computes profile numbers.
import type { CpuSplit } from '../../../shared/api.ts';
import { cpuSplit } from '../../../shared/profile/categories.ts';
import { importProfile } from '../../../shared/profile/import.ts';

export function cpuSplitOf(rawProfile: unknown): CpuSplit | null {
  return rawProfile ? cpuSplit(importProfile(rawProfile)) : null;
}
