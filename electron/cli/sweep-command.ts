// flambe sweep: the same URL at several levels of connections, a table of
// requests/s and latency percentiles per level, and where the server saturates.
import { printMaskedJson, printMaskedLines } from './masked-output.ts';
import { maskSecrets } from '../../shared/recording/secrets.ts';
import { describeValidationError, sweepRequestSchema, type RecordingProgress, type SweepResult } from '../../shared/api.ts';
import { sweepSentence } from '../../shared/sweep/sweep-machine.ts';
import { LOG_HEAD, levelsHaveOutput, logCells, routesHaveOutput } from '../../shared/sweep/sweep-output.ts';
import { UserError } from '../services/errors.ts';
import { num } from './flag-values.ts';
import { connectTarget, loadFromFlags, parseCommand, scriptArgsOf, TARGET_OPTIONS } from './target-flags.ts';
import { latencyJson, routeJson } from './load-json.ts';
import { routeTable } from './terminal-output.ts';
import { DEFAULT_SLOW_P75_MS } from '../../shared/load/slow-routes.ts';
import { routeKey, slowAtLevel, slowRoutesSweepSentences } from '../../shared/sweep/sweep-routes.ts';
import { SWEEP_HELP } from './help/sweep-help.ts';
import type { LevelProcess } from '../../shared/sweep/sweep-level.ts';
import type { SweepLevel } from '../../shared/recording/groups.ts';
import { growthWord, spreadCell, type Spread } from '../../shared/memory/process-summary.ts';
import { formatReadable, groupThousands } from '../../shared/number-format.ts';
import { sweepTarget } from '../../shared/sweep/sweep-target.ts';

export async function sweepCommand(argv: string[]): Promise<number> {
  const { values: o, tokens } = parseCommand(argv, {
    ...TARGET_OPTIONS, connections: { type: 'string', short: 'c' }, duration: { type: 'string', short: 'd' },
    'profile-at': { type: 'string' }, 'profile-every': { type: 'boolean' }, 'slow-ms': { type: 'string' }, 'per-route-cpu': { type: 'boolean' },
    save: { type: 'boolean' }, name: { type: 'string' }, tag: { type: 'string', multiple: true }, library: { type: 'string' },
  } as const, 'sweep');
  if (o.help) {
    process.stdout.write(SWEEP_HELP);
    return 0;
  }
  const scriptArgs = scriptArgsOf(tokens);
  const levels = (o.connections ?? '1,5,8,20').split(',').map((x) => {
    const n = Number(x.trim());
    if (!Number.isInteger(n) || n < 1) throw new UserError(`-c takes levels of connections like 1,5,8,20; "${x.trim()}" is not a whole number above 0.`);
    return n;
  });
  const profileAt = num(o['profile-at'], '--profile-at');
  if (profileAt !== undefined && o['profile-every']) throw new UserError('Use --profile-at N or --profile-every, not both.');
  if ((profileAt !== undefined || o['profile-every']) && o['no-profile']) throw new UserError('--no-profile cannot profile a level: use --launch or --attach.');
  const slowMs = num(o['slow-ms'], '--slow-ms') ?? DEFAULT_SLOW_P75_MS;
  if (o['per-route-cpu'] && !o['profile-every'] && profileAt === undefined) throw new UserError('--per-route-cpu profiles the routes at the profiled levels: add --profile-every or --profile-at N.');
  if (o['per-route-cpu'] && !o.route && !o.routes) throw new UserError('--per-route-cpu needs the routes: --route "METHOD /path" (repeatable) or --routes FILE.');
  if (!o.save && (o.name !== undefined || o.tag !== undefined || o.library !== undefined)) throw new UserError('--name, --tag and --library go with --save.');

  const { service, target, url, line } = await connectTarget(o, scriptArgs, { requireTarget: false, command: 'sweep', save: !!o.save, library: o.library });
  try {
    const check = sweepRequestSchema.safeParse({
      targetId: target?.targetId ?? null,
      load: loadFromFlags(o, url, {}),
      levels,
      levelSec: num(o.duration, '--duration'),
      warmupSec: num(o.warmup, '--warmup'),
      profile: o['profile-every'] ? 'every' : profileAt ?? 'none',
      samplingIntervalUs: num(o['sampling-interval'], '--sampling-interval'),
      name: o.name,
      tags: o.tag ?? [],
      perRouteCpu: !!o['per-route-cpu'],
    });
    if (!check.success) throw new UserError(describeValidationError(check.error));
    service.onEvent((e) => { if (e.name === 'recordingProgress') line.progress(e.payload as RecordingProgress); });
    const result = await service.api.runSweep(check.data);
    line.clear();
    report(result, !!o.json, slowMs);
    if (result.error) {
      process.stderr.write(`flambe: ${maskSecrets(result.error, { alsoFrom: result }).value}\n`);
      return 1;
    }
    return 0;
  } finally {
    line.clear();
    await service.dispose();
  }
}

function report(r: SweepResult, json: boolean, slowMs: number): void {
  if (json) {
    printMaskedJson({
      levels: r.levels.map((l) => ({
        connections: l.connections, requests: l.requests, rps: l.rps, latencyMs: latencyJson(l.latencyMs), errors: l.errors, non2xx: l.non2xx,
        profiled: l.profiled, ...levelProcessJson(l.process), machine: l.machine ?? null, output: l.output ?? null,
        ...(l.routes ? {
          routes: l.routes.map((x) => ({
            ...routeJson(x), ...(x.cpuMsPerRequest !== undefined ? { cpuMsPerRequest: x.cpuMsPerRequest, topFunction: x.topFunction ?? null } : {}),
            ...(x.logLinesPerRequest !== undefined ? { logLinesPerRequest: x.logLinesPerRequest, logBytesPerRequest: x.logBytesPerRequest } : {}),
          })),
          slowRoutes: slowAtLevel(l.routes, slowMs).map(routeKey),
        } : {}),
      })),
      ...(r.levels.some((l) => l.routes) ? { slowMs, slowRoutes: slowRoutesSweepSentences(r.levels, slowMs) } : {}),
      knee: r.knee,
      sentence: sweepSentence(r),
    }, r);
    return;
  }
  const f = (x: number | undefined) => groupThousands(x ?? 0, 2);
  // Log lines and bytes per request: counted at the profiled levels only (over the inspector), "–" at the others.
  const logs = levelsHaveOutput(r.levels);
  const lines = [
    // What the sweep sent: its routes on the server, not only the URL given (shared/sweep/sweep-target.ts).
    `URL      ${sweepTarget(r)}`,
    '',
    ...routeTable(['Connections', 'Requests', 'Req/s', 'min ms', 'p50 ms', 'p75 ms', 'p90 ms', 'p95 ms', 'p99 ms', 'max ms', 'Failed', 'Non-2xx', ...(logs ? LOG_HEAD : [])], r.levels.map((l) => [
      String(l.connections), groupThousands(l.requests), groupThousands(l.rps), f(l.latencyMs.min), f(l.latencyMs.p50), f(l.latencyMs.p75), f(l.latencyMs.p90),
      f(l.latencyMs.p95), f(l.latencyMs.p99), f(l.latencyMs.max), groupThousands(l.errors), groupThousands(l.non2xx),
      ...(logs ? logCells(l.output?.linesPerRequest, l.output?.bytesPerRequest) : []),
    ])),
  ];
  if (r.levels.some((l) => l.routes)) {
    const cpu = r.levels.some((l) => l.routes?.some((x) => x.cpuMsPerRequest !== undefined));
    const routeLogs = routesHaveOutput(r.levels);
    lines.push('', 'Per route', ...routeTable(
      ['Connections', 'Route', 'Requests', 'Req/s', 'min ms', 'p50 ms', 'p75 ms', 'p90 ms', 'p95 ms', 'p99 ms', 'max ms', 'Failed', 'Non-2xx', ...(cpu ? ['CPU ms/req'] : []),
        ...(routeLogs ? LOG_HEAD : [])],
      r.levels.flatMap((l) => (l.routes ?? []).map((x) => [
        String(l.connections), routeKey(x), String(x.requests), x.rps.toFixed(0), f(x.latencyMs.min), f(x.latencyMs.p50), f(x.latencyMs.p75), f(x.latencyMs.p90),
        f(x.latencyMs.p95), f(x.latencyMs.p99), f(x.latencyMs.max), groupThousands(x.errors), groupThousands(x.non2xx),
        ...(cpu ? [x.cpuMsPerRequest !== undefined ? groupThousands(x.cpuMsPerRequest, 3) : '–'] : []),
        ...(routeLogs ? logCells(x.logLinesPerRequest, x.logBytesPerRequest) : []),
      ])),
      { textColumns: [1] },
    ));
    lines.push('', ...r.levels.filter((l) => l.routes).map((l) => {
      const slow = slowAtLevel(l.routes!, slowMs);
      return `${String(l.connections).padStart(4)} conn  ${slow.length ? `slower than ${slowMs} ms at p75: ${slow.map((x) => `${routeKey(x)} (${(x.latencyMs.p75 ?? x.latencyMs.p50).toFixed(1)} ms)`).join(', ')}` : `no route slower than ${slowMs} ms at p75`}`;
    }), ...slowRoutesSweepSentences(r.levels, slowMs));
  }
  const withProcess = r.levels.filter((l) => l.process);
  if (withProcess.length) lines.push('', ...processTable(withProcess));
  lines.push('', sweepSentence(r));
  printMaskedLines(lines, r);
}

/** A level's --json "process" (record's shape, plus the profile's CPU per request) and "memory" ({"growth"}: null when too short to judge). */
export function levelProcessJson(p: LevelProcess | null | undefined) {
  if (!p) return { process: null, memory: null };
  return {
    process: p.summary ? { ...p.summary, cpuMsPerRequest: p.cpuMsPerRequest } : { cpuPercent: p.cpuPercent, heapUsedMb: p.heapUsedMb, rssMb: p.rssMb, cpuMsPerRequest: p.cpuMsPerRequest },
    memory: { growth: p.growth ?? null },
  };
}

/**
 * "Process (profiled levels)": per level the mean and range (min–max) of CPU %, event loop
 * busy %, heap used, external and RSS over its burst, the profile's CPU per request, and
 * whether memory grew; then the sentence of each level whose memory grew or could not be told.
 */
export function processTable(levels: readonly SweepLevel[]): string[] {
  const cell = (v: Spread | null | undefined, scale = 1) => (v ? spreadCell(v, scale) : '–');
  const rows = levels.map((l) => {
    const p = l.process!;
    const s = p.summary;
    return [
      String(l.connections), s ? cell(s.cpuPercent) : formatReadable(p.cpuPercent), cell(s?.elu, 100), s ? cell(s.heapUsedMb) : formatReadable(p.heapUsedMb),
      cell(s?.externalMb), s ? cell(s.rssMb) : formatReadable(p.rssMb), p.cpuMsPerRequest !== null ? groupThousands(p.cpuMsPerRequest, 3) : '–',
      p.growth === undefined ? '–' : growthWord(p.growth),
    ];
  });
  const said = levels.filter((l) => l.process!.growth && (l.process!.growth.grows || l.process!.growth.undecided));
  return [
    'Process (profiled levels: mean (min–max) over each burst)',
    ...routeTable(['Connections', 'CPU %', 'Event loop %', 'Heap MiB', 'External MiB', 'RSS MiB', 'CPU ms/req', 'Memory'], rows, { textLast: true }),
    ...said.map((l) => `${String(l.connections).padStart(4)} conn  ${l.process!.growth!.sentence}`),
  ];
}
