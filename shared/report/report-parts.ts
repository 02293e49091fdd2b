// The pieces every report shares: the machine and the settings (secrets
// masked), the top functions with file:line, the flamegraph, the load table.
import type { LatencyMs, MachineInfo, RecordingMeta, RecordRequestResolved } from '../api.ts';
import { bottomUp, buildFlameTree, type Profile } from '../profile/index.ts';
import type { FlameNode } from '../profile/views/flame.ts';
import type { ReportBlock, ReportTable } from './doc.ts';
import { maskArgv, maskRecord, maskUrl } from '../recording/secrets.ts';
import { flameSvg } from './svg.ts';
import { formatCount, groupThousands } from '../number-format.ts';
import type { RequestTime } from '../recording/request-time.ts';
import { placeText } from '../request-time/wait-places.ts';
import { statementChangeLines, type RequestTimeComparison } from '../compare/request-time.ts';
import { statementLabel } from '../request-time/statements.ts';

export const ms3 = (v: number | undefined | null) => (v === undefined || v === null ? '–' : groupThousands(v, 3));
export const int = formatCount;
export const rate = (v: number) => (v >= 100 ? int(v) : groupThousands(v, 1));
export const LATENCY_HEAD = ['min ms', 'p50 ms', 'p75 ms', 'p90 ms', 'p95 ms', 'p99 ms', 'max ms'];
export const latencyCells = (l: LatencyMs) => [l.min, l.p50, l.p75, l.p90, l.p95, l.p99, l.max].map(ms3);

/** "Machine and settings": where and how it ran, environment secrets masked. */
export function machineAndSettings(opts: { machine?: MachineInfo | null; target?: RecordingMeta['target']; settings?: RecordRequestResolved | null; extra?: string[]; connections?: string }): ReportBlock[] {
  const items: string[] = [];
  if (opts.machine) items.push(`Machine: ${opts.machine.cpuModel}, ${opts.machine.cores} cores`);
  const t = opts.target;
  if (t) {
    items.push(`Target: ${t.label} (Node ${t.nodeVersion}, ${t.kind})`);
    if (t.argv.length) items.push(`Command line: ${maskArgv(t.argv).join(' ')}`);
    const env = Object.entries(maskRecord(t.env ?? {}, 'environment variable')).map(([k, v]) => `${k}=${v}`);
    if (env.length) items.push(`Environment given: ${env.join(' ')}`);
    if (t.stdio) items.push(`Output: stdout to a ${t.stdio.tailedFile ? 'file Flambé tails' : t.stdio.stdout}`);
  }
  const s = opts.settings;
  if (s) {
    const l = s.load;
    const routes = l.routes?.map((r) => `${r.method} ${r.path}${r.weight > 1 ? ` ×${r.weight}` : ''}`).join(', ');
    items.push(`Load: ${routes ? `routes ${routes} on ${l.url.replace(/^(https?:\/\/[^/]+).*$/, "$1")}` : `${l.method} ${maskUrl(l.url)}`}, ${opts.connections ?? `${l.connections} connection${l.connections === 1 ? '' : 's'}`}, ${l.requests !== undefined ? `${l.requests} requests` : `${l.durationSec} s${opts.connections ? ' per level' : ''}`}${l.rate ? `, ${l.rate} req/s fixed rate` : ''}`);
    items.push(`Warm-up ${s.warmupSec} s${s.warmedByEarlierLoad ? ' (warm: the run before loaded it just now)' : ''}; ${s.targetId !== null ? `CPU sampling every ${int(s.samplingIntervalUs)} µs` : 'no profile'}`);
  }
  items.push(...(opts.extra ?? []));
  return items.length ? [{ kind: 'h2', text: 'Machine and settings' }, { kind: 'list', items }] : [];
}

const META = new Set(['(idle)', '(program)', '(root)', '(garbage collector)']);

export interface FunctionRow { name: string; location: string; selfMs: number; selfPercent: number }

/** The functions with the most self time, with file:line (rows as bottomUp gives them). */
export function topFunctionsTable(all: readonly FunctionRow[], n = 10): ReportTable {
  const rows = all.filter((r) => !META.has(r.name)).sort((a, b) => b.selfMs - a.selfMs).slice(0, n);
  return {
    head: ['Function', 'File:line', 'Self ms', 'Self %'],
    rows: rows.map((r) => [r.name || '(anonymous)', r.location || '(native)', r.selfMs.toFixed(1), r.selfPercent.toFixed(1)]),
    textColumns: [0, 1],
  };
}

export function flameImage(tree: FlameNode, file: string, title: string): ReportBlock {
  return { kind: 'image', image: { file, alt: `Flamegraph: ${title}`, svg: flameSvg(tree, title) } };
}

/** What a report shows of a profile: its functions by self time and its flame tree. */
export interface ProfileParts { functions: FunctionRow[]; flame: FlameNode }

export function profileParts(profile: Profile): ProfileParts {
  return { functions: bottomUp(profile), flame: buildFlameTree(profile, { minFraction: 0.003 }) };
}

/**
 * The database and cache statements the requests waited on (read off the wire, literals replaced — never a bound
 * value): ms per call, calls per request, ms per request, from where in the user's code. Empty when none were read.
 */
export function statementBlocks(rt: RequestTime | null | undefined): ReportBlock[] {
  const parts = (rt?.parts ?? []).filter((p) => p.statement && p.callsPerRequest > 0);
  if (!parts.length) return [];
  const num = (x: number) => groupThousands(x, x >= 100 ? 0 : 2);
  return [{ kind: 'h2', text: 'Statements waited on' }, { kind: 'table', table: {
    head: ['Statement', 'Server', 'ms per call', 'Calls per request', 'ms per request', 'From'],
    rows: parts.map((p) => [statementLabel(p.statement!), p.target, num(p.msPerRequest / p.callsPerRequest), num(p.callsPerRequest), num(p.msPerRequest),
      p.from ? `${placeText(p.from)}${p.via ? `, via ${p.via}` : ''}` : p.via ?? '']),
    textColumns: [0, 1, 5],
  } }];
}

/** "`SELECT … WHERE account_id = $1`: 224 → 3 ms per call (−99%, …)", A against B; empty when no statement was read on both sides. */
export function statementChangeBlocks(c: RequestTimeComparison | null | undefined): ReportBlock[] {
  const lines = c ? statementChangeLines(c) : [];
  return lines.length ? [{ kind: 'h2', text: 'Per statement (ms per call), A against B' }, { kind: 'list', items: lines }] : [];
}
