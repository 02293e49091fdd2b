// What each report says: a sweep reads like a performance team's wiki page
// (load and per-route tables per level, the slow routes, the knee), an
// experiment or a comparison like a pull request's before/after (verdict,
// load A/B with the change and how sure, per route, the functions that
// changed), a recording like a profile write-up (verdict, load, top functions,
// flamegraph). Pure: the caller gives the data it read.
import type { RecordingMeta, SweepResult } from '../api.ts';
import type { ExperimentResult } from '../experiment/types.ts';
import type { AllocationsComparison, Comparison, Metric } from '../compare/types.ts';
import type { RouteChange } from '../compare/routes.ts';
import { per1kUnit, surenessWords } from '../compare/words.ts';
import { KNEE_RULE_TEXT } from '../sweep/knee.ts';
import { sweepSentence } from '../sweep/sweep-machine.ts';
import { LOG_HEAD, levelsHaveOutput, logCells, routesHaveOutput } from '../sweep/sweep-output.ts';
import { routeKey, routeP95Series, slowAtLevel, slowRoutesSweepSentences } from '../sweep/sweep-routes.ts';
import { slowRoutesSentence } from '../load/slow-routes.ts';
import { outputSentence } from '../recording/output.ts';
import type { FlameNode } from '../profile/views/flame.ts';
import type { ReportBlock, ReportDoc, ReportTable } from './doc.ts';
import { flameImage, int, LATENCY_HEAD, latencyCells, machineAndSettings, ms3, rate, statementBlocks, statementChangeBlocks, topFunctionsTable, type ProfileParts } from './report-parts.ts';
import { compareRequestTime, type RequestTimeComparison } from '../compare/request-time.ts';
import { barsAndLineSvg, linesSvg, pairedBarsSvg } from './svg.ts';
import { formatBytes, groupThousands } from '../number-format.ts';
import { sweepTarget } from '../sweep/sweep-target.ts';

const day = (iso: string) => iso.replace('T', ' ').slice(0, 16) + ' UTC';

/** A sweep: the overall table per level, every route at every level, the slow routes, the process, the knee. */
export function sweepReport(s: SweepResult, opts: { slowMs: number; first?: RecordingMeta | null }): ReportDoc {
  const levels = [...s.levels].sort((a, b) => a.connections - b.connections);
  const blocks: ReportBlock[] = [
    { kind: 'p', text: `${sweepSentence(s)} Measured ${day(s.createdAt)} at ${levels.map((l) => l.connections).join(', ')} connections, loading ${sweepTarget(s)}.` },
  ];
  if (s.error) blocks.push({ kind: 'p', text: s.error });
  // Log lines and bytes per request beside latency (counted at the profiled levels: "–" at the others).
  const logs = levelsHaveOutput(levels);
  blocks.push({ kind: 'h2', text: 'Load per level' }, {
    kind: 'table', table: {
      head: ['Connections', 'Requests', 'Req/s', ...LATENCY_HEAD, 'Failed', 'Non-2xx', ...(logs ? LOG_HEAD : [])],
      rows: levels.map((l) => [String(l.connections), int(l.requests), rate(l.rps), ...latencyCells(l.latencyMs), int(l.errors), int(l.non2xx),
        ...(logs ? logCells(l.output?.linesPerRequest, l.output?.bytesPerRequest) : [])]),
    },
  });
  if (levels.length >= 2) {
    blocks.push({ kind: 'image', image: { file: 'sweep.svg', alt: 'Requests/s and p95 latency at each number of connections', svg: barsAndLineSvg({
      labels: levels.map((l) => String(l.connections)), bars: levels.map((l) => l.rps), line: levels.map((l) => l.latencyMs.p95 ?? l.latencyMs.p99),
      barsName: 'requests/s', lineName: 'p95 latency', xName: 'connections',
    }) } });
  }
  const withRoutes = levels.filter((l) => l.routes?.length);
  if (withRoutes.length) {
    const cpu = withRoutes.some((l) => l.routes!.some((r) => r.cpuMsPerRequest !== undefined));
    const routeLogs = routesHaveOutput(withRoutes);
    blocks.push({ kind: 'h2', text: `Per route, slower than ${opts.slowMs} ms at p75` }, { kind: 'list', items: slowRoutesSweepSentences(withRoutes, opts.slowMs) },
      { kind: 'table', table: {
        head: ['Connections', 'Slower than ' + opts.slowMs + ' ms at p75'],
        rows: withRoutes.map((l) => [String(l.connections), slowAtLevel(l.routes!, opts.slowMs).map((r) => `${routeKey(r)} (${groupThousands(r.latencyMs.p75 ?? r.latencyMs.p50, 1)} ms)`).join(', ') || 'none']),
        textColumns: [1],
      } },
      { kind: 'h2', text: 'Per route and level' },
      { kind: 'table', table: {
        head: ['Connections', 'Route', 'Requests', 'Req/s', ...LATENCY_HEAD, 'Failed', 'Non-2xx', ...(cpu ? ['CPU ms/req'] : []), ...(routeLogs ? LOG_HEAD : [])],
        rows: withRoutes.flatMap((l) => l.routes!.map((r) => [String(l.connections), routeKey(r), int(r.requests), rate(r.rps), ...latencyCells(r.latencyMs), int(r.errors), int(r.non2xx),
          ...(cpu ? [r.cpuMsPerRequest !== undefined ? groupThousands(r.cpuMsPerRequest, 3) : '–'] : []),
          ...(routeLogs ? logCells(r.logLinesPerRequest, r.logBytesPerRequest) : [])])),
        textColumns: [1],
      } });
    const series = routeP95Series(withRoutes);
    const labels = withRoutes.map((l) => String(l.connections));
    blocks.push({ kind: 'image', image: { file: 'routes-p95.svg', alt: 'p95 latency of each route at each number of connections', svg: linesSvg({
      labels, unit: 'ms', caption: 'p95 latency of each route against connections',
      series: series.map((x) => ({ name: x.route, values: withRoutes.map((l) => x.points.find((p) => p.connections === l.connections)?.p95Ms ?? null) })),
    }) } });
  }
  const proc = levels.filter((l) => l.process);
  if (proc.length) {
    blocks.push({ kind: 'h2', text: 'The process at the profiled levels' }, { kind: 'table', table: {
      head: ['Connections', 'CPU % of a core', 'Heap MiB (highest)', 'RSS MiB (highest)', 'Process CPU ms per request'],
      rows: proc.map((l) => [String(l.connections), groupThousands(l.process!.cpuPercent, 0), groupThousands(l.process!.heapUsedMb, 1), groupThousands(l.process!.rssMb, 1), ms3(l.process!.cpuMsPerRequest)]),
    } });
  }
  blocks.push({ kind: 'h2', text: 'How sure' }, { kind: 'p', text: `Each level is one run${opts.first?.settings ? ` of ${opts.first.settings.load.durationSec} s` : ''}, so small differences between levels can be noise. ${KNEE_RULE_TEXT}` });
  blocks.push(...machineAndSettings({ machine: opts.first?.machine, target: opts.first?.target, settings: opts.first?.settings ?? null, connections: `${levels.map((l) => l.connections).join(', ')} connections` }));
  return { title: s.name ?? 'Concurrency sweep', blocks };
}

/** One recording: the verdict, the load (per route), the output, the top functions and the flamegraph. */
export function recordingReport(rec: RecordingMeta, profile: ProfileParts | null, verdictLines: string[], slowMs: number): ReportDoc {
  const blocks: ReportBlock[] = [];
  if (rec.error) blocks.push({ kind: 'p', text: rec.error });
  if (verdictLines.length) blocks.push({ kind: 'h2', text: 'Verdict' }, { kind: 'list', items: verdictItems(verdictLines) });
  const l = rec.load;
  if (l) {
    blocks.push({ kind: 'h2', text: 'Load' }, { kind: 'table', table: {
      head: ['Requests', 'Seconds', 'Req/s', ...LATENCY_HEAD, 'Errors', 'Timeouts', 'Non-2xx'],
      rows: [[int(l.requests), l.durationSec.toFixed(2), rate(l.rps), ...latencyCells(l.latencyMs), int(l.errors), int(l.timeouts), int(l.non2xx)]],
    } });
    if (l.routes?.length) {
      blocks.push({ kind: 'h2', text: 'Per route' }, { kind: 'p', text: slowRoutesSentence(l.routes, slowMs) }, { kind: 'table', table: {
        head: ['Route', 'Requests', 'Req/s', ...LATENCY_HEAD, 'Failed', 'Non-2xx'],
        rows: l.routes.map((r) => [routeKey(r), int(r.requests), rate(r.rps), ...latencyCells(r.latencyMs), int(r.errors), int(r.non2xx)]),
      } });
    }
  }
  blocks.push(...statementBlocks(rec.requestTime));
  if (rec.output) blocks.push({ kind: 'h2', text: 'Log volume' }, { kind: 'p', text: outputSentence(rec.output) });
  if (profile) {
    blocks.push({ kind: 'h2', text: 'Top functions (self time)' }, { kind: 'table', table: topFunctionsTable(profile.functions) }, flameImage(profile.flame, 'flamegraph.svg', rec.name));
  }
  blocks.push({ kind: 'h2', text: 'How sure' }, { kind: 'p', text: 'One run: every number here is one measurement. To know whether a change is real, repeat it (an experiment runs A and B in alternating rounds and puts a 95 % interval on each difference).' });
  blocks.push(...machineAndSettings({ machine: rec.machine, target: rec.target, settings: rec.settings, extra: [`Recorded ${day(rec.createdAt)}`] }));
  return { title: rec.name, blocks };
}

const signed = (x: number | null, digits = 1) => (x === null ? '—' : `${x > 0 ? '+' : ''}${groupThousands(x, digits)}`);

function metricRow(label: string, m: Metric | null, digits: number): string[] | null {
  if (!m) return null;
  return [label, groupThousands(m.a, digits), groupThousands(m.b, digits), signed(m.delta, digits), m.deltaPercent === null ? '—' : `${signed(m.deltaPercent)} %`, surenessWords(m)];
}

function routeChangeTable(routes: readonly RouteChange[]): ReportTable {
  const rows: string[][] = [];
  for (const r of routes) {
    const name = `${r.method} ${r.path}`;
    if (r.only) { rows.push([name, r.only === 'a' ? 'only in A' : 'only in B', '', '', '', '', '']); continue; }
    let first = true;
    for (const [label, m, d] of [['requests/s', r.rps, 0], ['p50 ms', r.p50Ms, 3], ['p75 ms', r.p75Ms, 3], ['p95 ms', r.p95Ms, 3], ['p99 ms', r.p99Ms, 3]] as const) {
      const row = metricRow(label, m, d);
      if (!row) continue;
      rows.push([first ? name : '', ...row]);
      first = false;
    }
  }
  return { head: ['Route', '', 'A', 'B', 'Change', '%', 'How sure'], rows, textColumns: [0, 1, 6] };
}

/** A comparison's verdict and tables: Compare of two recordings, or an experiment's rounds. */
function comparisonBlocks(c: Comparison, routes: readonly RouteChange[] | null, requestTime: RequestTimeComparison | null | undefined): ReportBlock[] {
  const blocks: ReportBlock[] = [{ kind: 'p', text: c.verdict }];
  if (c.load) {
    const l = c.load;
    const rows = [metricRow('requests/s', l.rps, 0), metricRow('p50 ms', l.p50Ms, 3), metricRow('p90 ms', l.p90Ms, 3), metricRow('p99 ms', l.p99Ms, 3),
      metricRow('max ms', l.maxMs, 3), metricRow('failed per 1 000 requests sent', l.errorsPer1k, 1), metricRow('non-2xx per 1 000 requests', l.non2xxPer1k, 1),
      metricRow(per1kUnit({ perRequest: true, cpuTime: c.cpuTime }), c.cpuMsPer1kRequests, 1), metricRow('process CPU ms per 1 000 requests', c.processCpuMsPer1k, 1)].filter((r): r is string[] => r !== null);
    blocks.push({ kind: 'h2', text: 'Load, A against B' }, { kind: 'table', table: { head: ['', 'A', 'B', 'Change', '%', 'How sure'], rows, textColumns: [0, 5] } });
    const measures = [{ name: 'requests/s', a: l.rps.a, b: l.rps.b, unit: 'req/s' }, { name: 'p50', a: l.p50Ms.a, b: l.p50Ms.b, unit: 'ms' }, { name: 'p99', a: l.p99Ms.a, b: l.p99Ms.b, unit: 'ms' }];
    // The caption names what the chart draws, from the same list (it once said "Requests/s and p99" over p50 too).
    blocks.push({ kind: 'image', image: { file: 'before-after.svg', alt: `${chartCaption(measures.map((m) => m.name))} of A and B`, svg: pairedBarsSvg({ aName: c.a.name, bName: c.b.name, measures }) } });
  }
  if (routes?.length) blocks.push({ kind: 'h2', text: 'Per route (matched by method and path)' }, { kind: 'table', table: routeChangeTable(routes) });
  blocks.push(...statementChangeBlocks(requestTime));
  const unit = per1kUnit(c);
  // Compare's one HTML export is this report (issue 38: it had a second, "Export as HTML", beside it): what that one
  // carried — kinds of work, packages, what is not available — is here too.
  blocks.push(...kindsAndPackages(c, unit));
  if (c.unavailable.length) blocks.push({ kind: 'h2', text: 'Not available' }, { kind: 'list', items: c.unavailable });
  const fns = c.functions.filter((f) => Math.abs(f.deltaPercent) >= 0.05 || f.status !== 'changed').slice(0, 10);
  if (fns.length) {
    const v = (ms: number | null, p: number) => (c.perRequest ? groupThousands(ms ?? 0, 1) : groupThousands(p, 1));
    blocks.push({ kind: 'h2', text: `Functions that changed most (${unit})` }, { kind: 'table', table: {
      head: ['Function', 'File:line', 'A', 'B', 'Change'],
      rows: fns.map((f) => [`${f.name}${f.status !== 'changed' ? ` [${f.status}]` : ''}`, f.location, v(f.aMsPer1k, f.aPercent), v(f.bMsPer1k, f.bPercent), c.perRequest ? signed(f.deltaMsPer1k) : signed(f.deltaPercent)]),
      textColumns: [0, 1],
    } });
  }
  if (c.allocations) blocks.push({ kind: 'h2', text: 'Allocated per request (every thread)' }, { kind: 'table', table: allocationTable(c.allocations) });
  if (c.warnings.length) blocks.push({ kind: 'h2', text: 'Unlike runs' }, { kind: 'list', items: c.warnings.map((w) => w.message) });
  blocks.push({ kind: 'h2', text: 'How sure' }, { kind: 'p', text: c.howSure.summary });
  return blocks;
}

/** The kinds of work (how sure on each) and the packages that changed, largest change first. */
function kindsAndPackages(c: Comparison, unit: string): ReportBlock[] {
  const v = (ms: number | null, p: number) => (c.perRequest ? groupThousands(ms ?? 0, 1) : groupThousands(p, 1));
  const change = (x: { deltaMsPer1k: number | null; deltaPercent: number }) => (c.perRequest ? signed(x.deltaMsPer1k) : signed(x.deltaPercent));
  const size = (x: { deltaMsPer1k: number | null; deltaPercent: number }) => Math.abs(c.perRequest ? x.deltaMsPer1k ?? 0 : x.deltaPercent);
  const out: ReportBlock[] = [];
  const kinds = c.buckets.filter((b) => size(b) > 0).sort((x, y) => size(y) - size(x));
  if (kinds.length) {
    out.push({ kind: 'h2', text: `Kinds of work (${unit})` }, { kind: 'table', table: {
      head: ['Kind of work', 'A', 'B', 'Change', 'How sure'],
      rows: kinds.map((b) => [b.name, v(b.aMsPer1k, b.aPercent), v(b.bMsPer1k, b.bPercent), change(b),
        surenessWords({ a: b.aMsPer1k ?? b.aPercent, b: b.bMsPer1k ?? b.bPercent, significant: b.significant, ci95: b.relativeCi95, negligible: b.negligible })]),
      textColumns: [0, 4],
    } });
  }
  const pkgs = c.packages.filter((f) => size(f) > 0).slice(0, 10);
  if (pkgs.length) {
    out.push({ kind: 'h2', text: `Packages that changed most (${unit})` }, { kind: 'table', table: {
      head: ['Package', 'A', 'B', 'Change'], rows: pkgs.map((f) => [f.name, v(f.aMsPer1k, f.aPercent), v(f.bMsPer1k, f.bPercent), change(f)]), textColumns: [0],
    } });
  }
  return out;
}

/** Bytes allocated per request, A against B, with how sure; then the functions whose bytes changed most (shared/compare/allocations.ts). */
function allocationTable(a: AllocationsComparison): ReportTable {
  const m = a.bytesPerRequest;
  const bytesSigned = (x: number) => `${x > 0 ? '+' : x < 0 ? '-' : ''}${formatBytes(Math.abs(x))}`;
  const rows = [['all functions', formatBytes(m.a), formatBytes(m.b), bytesSigned(m.delta), m.deltaPercent === null ? '—' : `${signed(m.deltaPercent)} %`, surenessWords(m)]];
  for (const f of a.functions.filter((x) => x.deltaBytesPerRequest !== 0).slice(0, 10)) {
    rows.push([`${f.function}${f.location ? ` (${f.location})` : ''}${f.status !== 'changed' ? ` [${f.status}]` : ''}`, formatBytes(f.aBytesPerRequest), formatBytes(f.bBytesPerRequest), bytesSigned(f.deltaBytesPerRequest),
      f.aBytesPerRequest > 0 ? `${signed((f.bBytesPerRequest / f.aBytesPerRequest - 1) * 100)} %` : '—',
      surenessWords({ a: f.aBytesPerRequest, b: f.bBytesPerRequest, significant: f.significant, ci95: f.relativeCi95, negligible: f.negligible })]);
  }
  return { head: ['', 'A', 'B', 'Change', '%', 'How sure'], rows, textColumns: [0, 5] };
}

/** Two recordings, A before and B after. */
export function compareReport(c: Comparison, routes: readonly RouteChange[] | null, a: RecordingMeta, b: RecordingMeta, flames: { a: FlameNode | null; b: FlameNode | null }): ReportDoc {
  const blocks = comparisonBlocks(c, routes, compareRequestTime([a.requestTime], [b.requestTime]));
  if (flames.a) blocks.push(flameImage(flames.a, 'flamegraph-a.svg', `A: ${a.name}`));
  if (flames.b) blocks.push(flameImage(flames.b, 'flamegraph-b.svg', `B: ${b.name}`));
  blocks.push(...machineAndSettings({ machine: b.machine, target: b.target, settings: b.settings, extra: [`A: ${a.name} (${day(a.createdAt)}); B: ${b.name} (${day(b.createdAt)})`] }));
  return { title: `${a.name} → ${b.name}`, blocks };
}

/** An experiment: its verdict and A/B tables from the rounds, and the rounds themselves. */
export function experimentReport(e: ExperimentResult, routes: readonly RouteChange[] | null, first: RecordingMeta | null): ReportDoc {
  const blocks: ReportBlock[] = [{ kind: 'p', text: `A: ${e.variants.a.name} (${e.variants.a.what}). B: ${e.variants.b.name} (${e.variants.b.what}). ${e.rounds.length} rounds, alternating, ${e.order === 'AB' ? 'A' : 'B'} first; ${e.status}${e.error ? `: ${e.error}` : ''}.` }];
  if (e.comparison) blocks.push(...comparisonBlocks(e.comparison, routes, e.comparison.requestTime));
  else blocks.push({ kind: 'p', text: 'No comparison yet: it needs a complete round of each variant.' });
  blocks.push({ kind: 'h2', text: 'Rounds' }, { kind: 'table', table: {
    head: ['#', 'Variant', 'Requests', 'Req/s', 'p50 ms', 'p90 ms', 'p99 ms', 'CPU ms per 1 000 req', 'Note'],
    rows: e.rounds.map((r) => [String(r.index + 1), `${r.variant} ${r.round}`, r.requests === null ? '–' : int(r.requests), r.rps === null ? '–' : rate(r.rps),
      ms3(r.p50Ms), ms3(r.p90Ms), ms3(r.p99Ms), r.cpuMsPer1k === null ? '–' : groupThousands(r.cpuMsPer1k, 1), r.error ?? (r.complete ? '' : 'stopped, left out')]),
    textColumns: [1, 8],
  } });
  blocks.push(...machineAndSettings({ machine: first?.machine, target: first?.target, settings: first?.settings ?? null, extra: [`Output of the target: ${e.output ?? 'not launched by Flambé'}`, `Run ${day(e.createdAt)}`] }));
  return { title: e.name, blocks };
}

/** The verdict's lines as list items: a finding with its "What to do" as one item, the bullets without their bullet. */
export function verdictItems(lines: readonly string[]): string[] {
  const items: string[] = [];
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) continue;
    if (/^What to do/.test(line) && items.length) items[items.length - 1] += ` ${line}`;
    else items.push(line.replace(/^•\s*/, ''));
  }
  return items;
}

/** "Requests/s, p50 and p99": a chart's measures in a caption, the first capitalised. */
export function chartCaption(names: readonly string[]): string {
  const words = names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return words.charAt(0).toUpperCase() + words.slice(1);
}
