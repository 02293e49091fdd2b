// flambe compare: did B get faster than A, and why — the Compare screen's
// verdict and tables for terminals and CI. Every number comes from
// shared/compare (buildComparison); --json prints its Comparison.
import { printMaskedJson, printMaskedLines } from './masked-output.ts';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { RecordingMeta } from '../../shared/api.ts';
import { compareRoutes, type RouteChange } from '../../shared/compare/routes.ts';
import { compareRequestTime, statementChangeLines, type RequestTimeComparison } from '../../shared/compare/request-time.ts';
import { buildComparison, roundFromRecording, surenessWords, per1kUnit, type AllocationsComparison, type ChangeRow, type Comparison, type CompareRound, type Metric } from '../../shared/compare/index.ts';
import { importWholeProcessWithAllocations } from '../../shared/profile/import/all-threads.ts';
import { UserError } from '../services/errors.ts';
import { libraryNoise } from '../services/compare/compare-noise.ts';
import { prepareImport } from '../services/library/files.ts';
import { Library } from '../services/library/library.ts';
import { resolveLibraryPath } from '../services/library/library-path.ts';
import { unpackProfile } from '../services/library/stored-profile.ts';
import { resolveId } from './library-command.ts';
import { parseCommandArgs, positionals, positiveInt, positiveNumber } from './profile-input.ts';
import { ms, pct, signedPct, table } from './table.ts';
import { routeTable } from './terminal-output.ts';
import { COMPARE_HELP } from './help/compare-help.ts';
import { formatBytes, groupThousands } from '../../shared/number-format.ts';

const FILE_LIKE = /\.(cpuprofile|flambe|json)$/i;

/** A side's recording and its profile as stored .cpuprofile bytes (null for a load-only run). */
export interface Loaded {
  rec: RecordingMeta;
  profile: Uint8Array | null;
}

/** One side: a file, or a library id (full or a unique prefix). */
export function loadRecording(arg: string, library: () => Library): Loaded {
  if (existsSync(arg) && statSync(arg).isFile()) {
    let content: string;
    try {
      content = readFileSync(arg, 'utf8');
    } catch (e) {
      throw new UserError(`Cannot read ${arg}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}.`);
    }
    const { rec, packed } = prepareImport(path.basename(arg), content);
    return { rec, profile: packed ? unpackProfile(packed.encoding, packed.data) : null };
  }
  if (FILE_LIKE.test(arg) || arg.includes('/') || arg.includes(path.sep)) throw new UserError(`Cannot read ${arg}: there is no such file.`);
  const lib = library();
  const id = resolveId(lib, arg);
  const rec = lib.meta(id);
  return { rec, profile: rec.hasProfile ? lib.profileBytes(id) : null };
}

export function roundOf({ rec, profile }: Loaded): CompareRound {
  // Every thread: work moved into a worker is still counted (issue 23), and so are its allocations.
  const imported = profile ? importWholeProcessWithAllocations(profile) : null;
  return roundFromRecording(rec, imported?.profile ?? null, imported?.allocations);
}

export async function compareCommand(argv: string[]): Promise<number> {
  const { values: o, positionals: args } = parseCommandArgs('compare', argv, {
    json: { type: 'boolean' }, top: { type: 'string' }, library: { type: 'string' }, 'fail-if-slower': { type: 'string' }, help: { type: 'boolean', short: 'h' },
  });
  if (o.help) {
    process.stdout.write(COMPARE_HELP);
    return 0;
  }
  const [argA, argB] = positionals(args, 2, 'the two recordings to compare (A, then B)', 'compare');
  const top = positiveInt(o.top, '--top');
  const failPct = positiveNumber(o['fail-if-slower'], '--fail-if-slower');
  const libraryPath = resolveLibraryPath(o.library);
  let lib: Library | null = null;
  const library = () => {
    if (!lib) {
      if (!existsSync(libraryPath)) throw new UserError(`There is no library at ${libraryPath}: give a file, or --library PATH.`);
      lib = new Library(libraryPath);
    }
    return lib;
  };
  try {
    const loadedA = loadRecording(argA, library);
    const loadedB = loadRecording(argB, library);
    const a = roundOf(loadedA);
    const b = roundOf(loadedB);
    // The run-to-run noise of these settings, from repeats in the library (when there is one).
    const noise = existsSync(libraryPath) ? libraryNoise(library(), a.meta, b.meta) : undefined;
    const c = buildComparison([a], [b], { noise });
    // Per route, matched by method and path, when either burst had several routes.
    const routes = a.load?.routes || b.load?.routes ? compareRoutes([a.load?.routes ?? []], [b.load?.routes ?? []]) : null;
    // Where each request's time went, side by side, when both were recorded with the request collector.
    const requestTime = compareRequestTime([loadedA.rec.requestTime], [loadedB.rec.requestTime]);
    const from = [loadedA.rec, loadedB.rec];
    if (o.json) printMaskedJson({ ...limitRows(c, top), ...(routes ? { routes } : {}), ...(requestTime ? { requestTime } : {}) }, from);
    else printMaskedLines([...formatComparison(c, top ?? 10), ...(requestTime ? ['', ...formatRequestTimeChanges(requestTime)] : []), ...(routes ? ['', ...formatRouteChanges(routes)] : [])], from);
    return failPct !== undefined && slowerThan(c, failPct) ? 3 : 0;
  } finally {
    (lib as Library | null)?.close();
  }
}

/** "Where each request's time went": each part's ms per request, A, B, the change and how sure. */
export function formatRequestTimeChanges(c: RequestTimeComparison): string[] {
  const rows = [metricRow('each request (mean)', c.perRequestMs, 2), ...c.parts.map((p) => metricRow(p.label, p.msPerRequest, 2))];
  const statements = statementChangeLines(c);
  return ["Where each request's time went (ms per request)", ...routeTable(['part', 'A', 'B', 'change', '%', 'how sure'], rows, { textLast: true }).map((l) => `  ${l}`),
    ...(statements.length ? ['', 'Per statement (ms per call)', ...statements.map((l) => `  ${l}`)] : [])];
}

/** "Per route": each route's requests/s and percentiles, A, B, the change and how sure. */
export function formatRouteChanges(routes: readonly RouteChange[]): string[] {
  const rows: string[][] = [];
  for (const r of routes) {
    const name = `${r.method} ${r.path}`;
    if (r.only) {
      rows.push([name, r.only === 'a' ? 'only in A' : 'only in B', '', '', '', '', '']);
      continue;
    }
    let first = true;
    const add = (label: string, m: Metric | null, digits: number) => {
      if (!m) return;
      rows.push([first ? name : '', label, ...metricRow('', m, digits).slice(1)]);
      first = false;
    };
    add('requests/s', r.rps, 0);
    add('p50 ms', r.p50Ms, 3);
    add('p75 ms', r.p75Ms, 3);
    add('p95 ms', r.p95Ms, 3);
    add('p99 ms', r.p99Ms, 3);
  }
  return ['Per route (matched by method and path)', ...routeTable(['route', '', 'A', 'B', 'change', '%', 'how sure'], rows, { textLast: true, textColumns: [1] }).map((l) => `  ${l}`)];
}

/** B slower than A by more than pct % in requests/s or p99, significantly. */
export function slowerThan(c: Comparison, pctLimit: number): boolean {
  if (!c.load) return false;
  const { rps, p99Ms } = c.load;
  return (rps.significant === true && (rps.deltaPercent ?? 0) < -pctLimit) || (p99Ms.significant === true && (p99Ms.deltaPercent ?? 0) > pctLimit);
}

function limitRows(c: Comparison, top: number | undefined): Comparison {
  if (top === undefined) return c;
  return { ...c, functions: c.functions.slice(0, top), files: c.files.slice(0, top), packages: c.packages.slice(0, top) };
}

const num = groupThousands;

function metricRow(label: string, m: Metric, digits: number): string[] {
  const change = m.deltaPercent === null ? '—' : `${signedPct(m.deltaPercent)}%`;
  return [label, num(m.a, digits), num(m.b, digits), `${m.delta > 0 ? '+' : ''}${num(m.delta, digits)}`, change, surenessWords(m)];
}

/** Left-aligned first column, then table.ts's right-aligned numbers, then a text column. */
function labelled(header: string[], rows: string[][]): string[] {
  const w = Math.max(header[0].length, ...rows.map((r) => r[0].length));
  return table(header.slice(1), rows.map((r) => r.slice(1))).map((line, i) => `  ${(i === 0 ? header[0] : rows[i - 1][0]).padEnd(w)}  ${line}`);
}

const STATUS: Record<ChangeRow['status'], string> = { changed: '', new: '[new]', gone: '[gone]' };

/**
 * "Did my change allocate less?": bytes allocated per request, A against B, with
 * how sure (the interval of CPU per request's method: shared/compare/allocations.ts),
 * and the functions whose bytes per request changed most.
 */
export function formatAllocationChanges(a: AllocationsComparison, top: number): string[] {
  const m = a.bytesPerRequest;
  const signedBytes = (x: number) => `${x > 0 ? '+' : x < 0 ? '-' : ''}${formatBytes(Math.abs(x))}`;
  const fns = a.functions.filter((f) => f.deltaBytesPerRequest !== 0).slice(0, top);
  return [
    'Allocated per request (every thread, from V8\'s sampling heap profiler)',
    ...table(['A', 'B', 'change', '%', 'how sure'], [[formatBytes(m.a), formatBytes(m.b), signedBytes(m.delta), m.deltaPercent === null ? '—' : `${signedPct(m.deltaPercent)}%`, surenessWords(m)]]).map((l) => `  ${l}`),
    ...(fns.length ? [
      'Functions by the change in bytes allocated per request',
      ...table(['A', 'B', 'change', 'how sure', 'function'], fns.map((f) => [
        formatBytes(f.aBytesPerRequest), formatBytes(f.bBytesPerRequest), signedBytes(f.deltaBytesPerRequest),
        surenessWords({ a: f.aBytesPerRequest, b: f.bBytesPerRequest, significant: f.significant, ci95: f.relativeCi95, negligible: f.negligible }),
        [f.function, f.location, STATUS[f.status]].filter(Boolean).join('  '),
      ])).map((l) => `  ${l}`),
    ] : []),
    '',
  ];
}

export function formatComparison(c: Comparison, top: number): string[] {
  const side = (letter: string, s: Comparison['a']) =>
    `${letter}: ${s.name}${s.ids[0] ? ` (${s.ids[0].slice(0, 8)})` : ''}${s.requests !== null ? ` · ${num(s.requests)} requests, ${num(s.rps ?? 0)} req/s` : ''}`;
  const out = [side('A', c.a), side('B', c.b), '', c.verdict, ''];
  if (c.load) {
    const l = c.load;
    const rows = [metricRow('requests/s', l.rps, 0), metricRow('p50 ms', l.p50Ms, 3), metricRow('p90 ms', l.p90Ms, 3), metricRow('p99 ms', l.p99Ms, 3),
      metricRow('max ms', l.maxMs, 3), metricRow('failed /1k sent', l.errorsPer1k, 1), metricRow('non-2xx /1k req', l.non2xxPer1k, 1)];
    if (c.cpuMsPer1kRequests) rows.push(metricRow(c.cpuTime ? 'CPU ms /1k req' : 'sampled ms /1k req', c.cpuMsPer1kRequests, 1));
    if (c.processCpuMsPer1k) rows.push(metricRow('process CPU /1k', c.processCpuMsPer1k, 1));
    if (c.elu) rows.push(metricRow('event loop busy', { ...c.elu, a: c.elu.a * 100, b: c.elu.b * 100, delta: c.elu.delta * 100 }, 0));
    out.push('Load', ...labelled(['', 'A', 'B', 'change', '%', 'how sure'], rows), '');
  }
  const unit = per1kUnit(c);
  const v = (ms1k: number | null, p: number) => (c.perRequest ? ms(ms1k ?? 0) : pct(p));
  const dv = (r: { deltaMsPer1k: number | null; deltaPercent: number }) => (c.perRequest ? `${r.deltaMsPer1k! > 0 ? '+' : ''}${ms(r.deltaMsPer1k!)}` : signedPct(r.deltaPercent));
  const buckets = c.buckets.filter((b) => b.aPercent > 0 || b.bPercent > 0);
  if (buckets.length) {
    out.push(`Kinds of work (${unit})`, ...table(['A', 'B', 'change', 'kind'], buckets.map((b) => [v(b.aMsPer1k, b.aPercent), v(b.bMsPer1k, b.bPercent), dv(b), b.name])).map((l) => `  ${l}`), '');
  }
  const fns = c.functions.filter((f) => Math.abs(f.deltaPercent) >= 0.05 || f.status !== 'changed').slice(0, top);
  if (fns.length) {
    out.push(`Functions, largest changes first (${unit})`, ...table(['A', 'B', 'change', 'function'], fns.map((f) => [
      v(f.aMsPer1k, f.aPercent), v(f.bMsPer1k, f.bPercent), dv(f),
      [f.name, f.location, STATUS[f.status], f.moved ? `[moved from line ${f.aLine}]` : ''].filter(Boolean).join('  '),
    ])).map((l) => `  ${l}`), '');
  }
  if (c.allocations) out.push(...formatAllocationChanges(c.allocations, Math.min(top, 5)));
  if (c.warnings.length) out.push('Unlike runs', ...c.warnings.map((w) => `  - ${w.message}`), '');
  if (c.unavailable.length) out.push('Not available', ...c.unavailable.map((u) => `  - ${u}`), '');
  out.push(`How sure: ${c.howSure.summary}`);
  return out;
}
