// The verdict in a terminal: `flambe analyze` and `flambe record` print the
// same findings as the result screen (shared/profile/findings.ts), with what
// to do, and carry them in --json as "findings" (most important first).
import type { RecordingResult } from '../../shared/api.ts';
import { buildVerdict, verdictLines, type Profile, type RecordingContext, type Verdict } from '../../shared/profile/index.ts';
import { checkRegex } from '../services/regex-check.ts';

export function verdictOf(profile: Profile, ctx: RecordingContext): Verdict {
  return buildVerdict(profile, ctx, checkRegex);
}

/** A recording's verdict from its imported profile, with everything the recording knows (load, process samples, settings). */
export function recordingVerdict(result: RecordingResult, profile: Profile): Verdict {
  return verdictOf(profile, {
    requests: result.load && result.load.requests > 0 ? result.load.requests : null,
    samplingIntervalUs: result.settings?.samplingIntervalUs ?? null,
    warmupSec: result.settings?.warmupSec ?? null,
    samples: result.samples,
    load: result.load,
    output: result.output ?? null,
  });
}

/** The --json "findings" (documented in README: stable for CI scripts). */
export function findingsJson(v: Verdict) {
  return v.findings.map((f) => ({
    kind: f.kind, function: f.function, url: f.url, line: f.line, lineText: f.lineText,
    ...(f.generated ? { generated: f.generated } : {}),
    percent: f.percent, busyPercent: f.busyPercent, msPer1kRequests: f.msPer1kRequests, advice: f.advice,
    ...(f.regex ? { regex: { status: f.regex.status, complexity: f.regex.complexity, attack: f.regex.attack } } : {}),
  }));
}

/** The --json "checks": trust and load sentences. */
export function checksJson(v: Verdict) {
  return [...v.load, ...v.trust].map((c) => ({ id: c.id, text: c.text }));
}

/** "Verdict" and its lines, wrapped at 100 columns, for a terminal. */
export function formatVerdict(v: Verdict): string[] {
  return ['Verdict', ...verdictLines(v).flatMap((l) => wrap(l, 100).map((w, i) => (i === 0 ? `  ${w}` : `  ${/^\s*\d+\.|^•/.test(l) ? '   ' : ''}${w}`)))];
}

function wrap(text: string, width: number): string[] {
  const indent = /^\s*/.exec(text)![0];
  const words = text.trim().split(/\s+/);
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
