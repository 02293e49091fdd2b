// The Library's CPU split bar: where a recording's CPU time went, as a
// small stacked bar. RecordingRow.cpuSplit is in percent of the profile
// (shared/profile/views/categories.ts cpuSplit); native and "(program)" time is "other".
import type { CpuSplit } from '../../../shared/api.ts';
import { SPLIT_LABELS } from '../../../shared/profile/index.ts';

export type SplitKey = keyof CpuSplit;

/** Drawing order: the actionable parts first, idle (nothing to do) last. */
export const SPLIT_PARTS: readonly { key: SplitKey; label: string }[] = (['yourCode', 'dependencies', 'node', 'gc', 'other', 'idle'] as const)
  .map((key) => ({ key, label: SPLIT_LABELS[key] }));

export interface SplitSegment {
  key: SplitKey;
  label: string;
  /** As recorded, in percent. */
  percent: number;
  /** Position and size in the bar's own units (0..width). */
  x: number;
  width: number;
}

const share = (n: number) => (Number.isFinite(n) && n > 0 ? n : 0);

/**
 * The segments of a bar `width` units wide. Parts are scaled to fill the bar
 * (rounding can make the percentages add up to 99.9 or 100.1); empty parts
 * are left out.
 */
export function splitSegments(split: CpuSplit | null, width = 100): SplitSegment[] {
  if (!split) return [];
  const total = SPLIT_PARTS.reduce((sum, p) => sum + share(split[p.key]), 0);
  if (total <= 0) return [];
  const out: SplitSegment[] = [];
  let x = 0;
  for (const p of SPLIT_PARTS) {
    const percent = share(split[p.key]);
    if (percent === 0) continue;
    const w = (percent / total) * width;
    out.push({ key: p.key, label: p.label, percent, x, width: w });
    x += w;
  }
  return out;
}

/**
 * A profile whose samples carry no time (all at one instant: one sample and
 * no time after it, or every timeDelta 0) has a split of zeros — not "no profile".
 */
export const NO_TIME_TO_SPLIT = 'No time to split: every sample of this profile is at the same instant.';

/** Why a row's split shows no bar, or null when it shows one. */
export function whyNoSplit(split: CpuSplit | null, hasProfile: boolean): string | null {
  if (splitSegments(split).length > 0) return null;
  if (!hasProfile) return 'No CPU profile: this was a load-only run.';
  if (split) return NO_TIME_TO_SPLIT;
  return 'The split of this profile could not be worked out: open it to see its flamegraph.';
}

/** One line for a tooltip or a screen reader: "Your code 41.2%, Node internals 20.1%, …". */
export function splitSummary(split: CpuSplit | null): string {
  const parts = splitSegments(split);
  if (parts.length === 0) return split ? NO_TIME_TO_SPLIT : 'No CPU profile';
  return parts.map((s) => `${s.label} ${s.percent.toFixed(1)}%`).join(', ');
}
