// flambe analyze: where a profile's time went, as a table or as JSON for CI.
// Every number comes from shared/profile (analyzeProfile).
import { printLines } from './terminal.ts';
import path from 'node:path';
import { analyzeProfile, perRequestOf, type ProfileAnalysis } from '../../shared/profile/index.ts';
import { oneOf, parseCommandArgs, positionals, positiveInt, positiveNumber, readHeapProfileFile, readProfileFile } from './profile-input.ts';
import { allocationTable } from '../../shared/memory/allocations.ts';
import { allocationsJson, formatAllocations } from './memory-report.ts';
import { duration, ms, pct, table } from './table.ts';
import { checksJson, findingsJson, formatVerdict, verdictOf } from './verdict-lines.ts';
import type { Verdict } from '../../shared/verdict/index.ts';
import { ANALYZE_HELP } from './help/analyze-help.ts';

const GROUPINGS = ['function', 'file', 'package'] as const;

export async function analyzeCommand(argv: string[]): Promise<number> {
  const { values: o, positionals: args } = parseCommandArgs('analyze', argv, {
    json: { type: 'boolean' }, top: { type: 'string' }, by: { type: 'string' }, requests: { type: 'string' }, help: { type: 'boolean', short: 'h' },
  });
  if (o.help) {
    process.stdout.write(ANALYZE_HELP);
    return 0;
  }
  const [file] = positionals(args, 1, 'the profile file to analyze', 'analyze');
  const by = oneOf(o.by, '--by', GROUPINGS, 'function');
  const top = positiveInt(o.top, '--top');
  const requests = positiveNumber(o.requests, '--requests');
  const heap = readHeapProfileFile(file);
  if (heap) {
    const t = allocationTable(heap, requests ?? null);
    process.stdout.write(o.json ? JSON.stringify(allocationsJson(t, top)) + '\n' : formatAllocations(path.basename(file), t, top ?? 20).join('\n') + '\n');
    return 0;
  }
  const { profile, format } = readProfileFile(file);
  // A profile file carries no CPU clock: its per-request figures are sampled time, and say so (shared/profile/cpu-time.ts).
  const analysis = analyzeProfile(profile, { by, perRequest: perRequestOf(requests) });
  const verdict = verdictOf(profile, { requests });
  if (o.json) {
    process.stdout.write(JSON.stringify(toJson(analysis, top, verdict)) + '\n');
  } else {
    printLines(process.stdout, formatAnalysis(path.basename(file), format, analysis, top ?? 20, verdict));
  }
  return 0;
}

/** The --json shape: documented in the issue, stable for CI scripts. */
export function toJson(a: ProfileAnalysis, top: number | undefined, verdict?: Verdict) {
  const per1k = a.requests !== null;
  return {
    ...(verdict ? { findings: findingsJson(verdict), checks: checksJson(verdict) } : {}),
    durationMs: a.durationMs,
    samples: a.samples,
    by: a.by,
    requests: a.requests,
    functions: a.functions.slice(0, top ?? a.functions.length).map((f) => ({
      name: f.name, url: f.url, line: f.line, selfMs: f.selfMs, totalMs: f.totalMs, selfPercent: f.selfPercent, totalPercent: f.totalPercent,
      ...(per1k ? { selfMsPer1kRequests: f.selfMsPer1kRequests, totalMsPer1kRequests: f.totalMsPer1kRequests } : {}),
    })),
    categories: a.categories.map((c) => ({ name: c.name, ms: c.ms, percent: c.percent, ...(per1k ? { msPer1kRequests: c.msPer1kRequests } : {}) })),
    buckets: a.buckets.map((b) => ({
      name: b.name, ms: b.ms, percent: b.percent, ...(per1k ? { msPer1kRequests: b.msPer1kRequests } : {}),
      calledFrom: b.callers.map((c) => ({ name: c.name, location: c.location, ms: c.ms })),
    })),
  };
}

export function formatAnalysis(fileName: string, format: string, a: ProfileAnalysis, top: number, verdict?: Verdict): string[] {
  const per1k = a.requests !== null;
  const lines: string[] = [];
  lines.push(`${fileName}: ${duration(a.durationMs)} of CPU profile, ${a.samples} samples (${format === 'chrome-trace' ? 'Chrome trace' : '.cpuprofile'})`);
  if (per1k) {
    lines.push(a.cpuTime ? `${a.requests} requests served: times below include CPU ms per 1000 requests`
      : `${a.requests} requests served: "ms/1k req" below is sampled time per 1000 requests, not CPU measured by the operating system (a profile file does not carry it), so it reads high if the machine was busy`);
  }
  if (verdict) lines.push('', ...formatVerdict(verdict));
  lines.push('', 'Where the time went');
  lines.push(...table(['ms', '%', ...(per1k ? ['ms/1k req'] : []), 'category'],
    a.categories.map((c) => [ms(c.ms), pct(c.percent), ...(per1k ? [ms(c.msPer1kRequests ?? 0)] : []), c.kind === 'dependency' ? `${c.name} (dependency)` : c.name])).map((l) => `  ${l}`));
  const buckets = a.buckets.filter((b) => b.ms > 0).sort((x, y) => y.ms - x.ms);
  if (buckets.length) {
    lines.push('', 'Kinds of work');
    lines.push(...table(['ms', '%', ...(per1k ? ['ms/1k req'] : []), 'work'], buckets.map((b) => {
      const c = b.callers[0];
      const where = c?.line ? `${c.line.location}: ${shorten(c.line.text, 80)}` : c?.location;
      const from = c?.frame >= 0 ? ` — mostly from ${c.name}${where ? ` (${where})` : ''}` : '';
      return [ms(b.ms), pct(b.percent), ...(per1k ? [ms(b.msPer1kRequests ?? 0)] : []), `${b.name}${from}`];
    })).map((l) => `  ${l}`));
  }
  const what = a.by === 'function' ? 'functions' : a.by === 'file' ? 'files' : 'packages';
  const rows = a.functions.slice(0, top);
  lines.push('', `Top ${rows.length} ${what} by self time`);
  lines.push(...table(
    ['self ms', 'self %', 'total ms', 'total %', ...(per1k ? ['self/1k req'] : []), a.by],
    rows.map((f) => [ms(f.selfMs), pct(f.selfPercent), ms(f.totalMs), pct(f.totalPercent), ...(per1k ? [ms(f.selfMsPer1kRequests ?? 0)] : []),
      a.by === 'function' && f.location ? `${f.name}  ${f.location}` : f.name]),
  ).map((l) => `  ${l}`));
  return lines;
}

function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
