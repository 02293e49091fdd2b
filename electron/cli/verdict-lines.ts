// The verdict in a terminal: `flambe analyze` and `flambe record` print the
// same findings as the result screen (shared/verdict/findings.ts), with what
// to do, and carry them in --json as "findings" (most important first).
import type { RecordingResult } from '../../shared/api.ts';
import { type NamedProfile, type Profile } from '../../shared/profile/index.ts';
import { buildVerdict, recordingContext, verdictLines, type RecordingContext, type Verdict } from '../../shared/verdict/index.ts';
import { checkRegex } from '../services/verdict/regex-check.ts';
import { allocationsOf } from '../../shared/recording/profile-extras.ts';
import type { Growing } from '../../shared/recording/growing.ts';
import { holderText } from '../../shared/memory/growing-sentence.ts';

/** `workers`: the process's other threads (every thread is read: shared/verdict/threads-verdict.ts). */
export function verdictOf(profile: Profile, ctx: RecordingContext, workers: readonly NamedProfile[] = []): Verdict {
  return buildVerdict(profile, ctx, checkRegex, workers);
}

/** A recording's verdict from its imported profile, with everything the recording knows (load, process samples, settings). */
export function recordingVerdict(result: RecordingResult, profile: Profile, workers: readonly NamedProfile[] = []): Verdict {
  return verdictOf(profile, { ...recordingContext(result), allocations: allocationsOf(result.profile) }, workers);
}

/** The --json "findings" (documented in docs/cli.md: stable for CI scripts). */
export function findingsJson(v: Verdict) {
  return v.findings.map((f) => ({
    kind: f.kind, ...(f.thread ? { thread: f.thread } : {}), function: f.function, url: f.url, line: f.line, lineText: f.lineText,
    ...(f.generated ? { generated: f.generated } : {}),
    percent: f.percent, busyPercent: f.busyPercent, msPer1kRequests: f.msPer1kRequests,
    // true: ms of CPU from the OS clock; false: sampled time (no clock was read: shared/profile/cpu-time.ts).
    ...(f.msPer1kRequests !== null ? { msPer1kRequestsIsCpu: f.cpuTime !== false } : {}), advice: f.advice,
    ...(f.split ? { split: f.split } : {}),
    ...(f.tieWith !== undefined ? { tieWith: f.tieWith } : {}),
    ...(f.host ? { host: f.host } : {}),
    ...(f.allocates ? { allocates: f.allocates } : {}),
    ...(f.gcCaused ? { gcCaused: f.gcCaused } : {}),
    ...(f.busyOthers ? { busyOthers: f.busyOthers } : {}),
    ...(f.regex ? { regex: { status: f.regex.status, complexity: f.regex.complexity, attack: f.regex.attack } } : {}),
  }));
}

/** The memory findings of --json "findings" (before the CPU ones): memory that grows. */
export function memoryFindingsJson(v: Verdict, growing: Growing | null = null) {
  const holder = growing?.kinds.find((k) => k.holder)?.holder;
  return v.load.filter((c) => c.id === 'memory-growth').map((c) => ({
    kind: 'memory-growth', sentence: c.text,
    advice: holder
      ? `Look at ${holderText(holder)}: it only grows. Bound it (a size cap, an LRU, a time to live) or drop each entry once it is answered.`
      : 'Find what keeps the memory: a cache, list or map that only grows, listeners added per request, Buffers kept after the answer. Bound it or drop it once answered. (flambe record --find-growth names what grows and what holds it.)',
  }));
}

/** The --json "checks": trust and load sentences. */
export function checksJson(v: Verdict) {
  return [...v.load, ...v.trust].filter((c) => c.id !== 'memory-growth').map((c) => ({ id: c.id, text: c.text }));
}

/** "Verdict" and its lines, wrapped at 100 columns, for a terminal. */
export function formatVerdict(v: Verdict): string[] {
  return ['Verdict', ...verdictLines(v).flatMap((l) => wrap(l, 100).map((w, i) => (i === 0 ? `  ${w}` : `  ${/^\s*\d+\.|^•/.test(l) ? '   ' : ''}${w}`)))];
}

/** Spaces a line may break at: not the one grouping a number's thousands ("1 000" stays whole, never "per 1" / "000 requests"). */
const BREAK = /(?<!\d)\s+|\s+(?!\d{3}(?!\d))/;

export function wrap(text: string, width: number): string[] {
  const indent = /^\s*/.exec(text)![0];
  const words = text.trim().split(BREAK);
  const out: string[] = [];
  let cur = indent;
  for (const w of words) {
    if (cur.trim() && cur.length + 1 + w.length > width) {
      out.push(cur);
      cur = indent;
    }
    cur += (cur.trim() ? ' ' : '') + w;
  }
  if (cur.trim()) out.push(cur);
  return out;
}
