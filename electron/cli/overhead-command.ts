// flambe overhead: what the CPU profiler costs this server at a sampling
// interval, from interleaved rounds with and without it.
import { printLines } from './terminal.ts';
import { printMaskedJson } from './masked-output.ts';
import { describeValidationError, overheadRequestSchema, type OverheadResult } from '../../shared/api.ts';
import { UserError } from '../services/errors.ts';
import { num } from './flag-values.ts';
import { connectTarget, loadFromFlags, parseCommand, scriptArgsOf, TARGET_OPTIONS } from './target-flags.ts';
import { overheadCells, overheadSentence } from '../../shared/load/overhead-sentence.ts';
import { samplingEvery } from '../../shared/load/sampling-words.ts';
import { parseIntervalList } from '../../shared/load/interval-list.ts';
import { routeTable } from './terminal-output.ts';
import { OVERHEAD_HELP } from './help/overhead-help.ts';
import { formatCount, groupThousands } from '../../shared/number-format.ts';

export async function overheadCommand(argv: string[]): Promise<number> {
  const { values: o, tokens } = parseCommand(argv, {
    ...TARGET_OPTIONS, connections: { type: 'string', short: 'c' }, duration: { type: 'string', short: 'd' }, rounds: { type: 'string' }, allocations: { type: 'boolean' }, 'request-time': { type: 'boolean' },
  } as const, 'overhead');
  if (o.help) {
    process.stdout.write(OVERHEAD_HELP);
    return 0;
  }
  if (o.allocations && o['request-time']) throw new UserError('--allocations and --request-time each measure one thing against nothing: give one of them.');
  const scriptArgs = scriptArgsOf(tokens);
  const list = parseIntervalList(o['sampling-interval'] ?? '1000');
  if (!list.ok) throw new UserError(list.message);
  const { service, target, url, line } = await connectTarget(o, scriptArgs, { requireTarget: true, command: 'overhead' });
  try {
    const results: OverheadResult[] = [];
    for (const [i, samplingIntervalUs] of list.intervals.entries()) {
      const check = overheadRequestSchema.safeParse({
        targetId: target!.targetId,
        load: loadFromFlags(o, url, { connections: num(o.connections, '--connections'), durationSec: num(o.duration, '--duration') ?? 3 }),
        rounds: num(o.rounds, '--rounds'),
        samplingIntervalUs,
        // The warm-up once, before the first interval's rounds.
        warmupSec: i === 0 ? num(o.warmup, '--warmup') : 0,
        profiler: o.allocations ? 'allocations' : o['request-time'] ? 'requests' : 'cpu',
      });
      if (!check.success) throw new UserError(describeValidationError(check.error));
      const what = o['request-time'] ? "the request collector's cost" : o.allocations ? "the allocation sampler's cost" : `the profiler's cost at ${samplingIntervalUs} µs`;
      line.status(`Measuring ${what}${list.intervals.length > 1 ? ` (${i + 1} of ${list.intervals.length})` : ''}: ${check.data.rounds} rounds`);
      results.push(await service.api.measureOverhead(check.data));
    }
    line.clear();
    if (results.length === 1) report(results[0], !!o.json);
    else reportSeveral(results, !!o.json);
    return 0;
  } finally {
    line.clear();
    await service.dispose();
  }
}

const cpuText = (side: OverheadResult['withProfiler']) => (side.cpuMsPerRequest !== undefined ? `, ${side.cpuMsPerRequest.toFixed(3)} ms of CPU per request` : '');

function report(r: OverheadResult, json: boolean): void {
  if (json) {
    // When and on what it was measured are the app's bookkeeping, not the measurement.
    const { measuredAt: _, setting: _s, ...rest } = r;
    printMaskedJson(rest); // every --json goes through the one masking rule
    return;
  }
  printLines(process.stdout, [
    `Without ${r.profiler === 'requests' ? 'request timing' : r.profiler === 'allocations' ? 'the allocation sampler' : 'the profiler'}  ${formatCount(r.withoutProfiler.rps)} requests/s, p99 ${groupThousands(r.withoutProfiler.p99Ms, 2)} ms${cpuText(r.withoutProfiler)}`,
    `With it (${r.profiler === 'allocations' ? 'allocations, one sample per 512 KiB' : r.profiler === 'requests' ? 'request timing' : `sampling ${samplingEvery(r.samplingIntervalUs)}`})  ${formatCount(r.withProfiler.rps)} requests/s, p99 ${groupThousands(r.withProfiler.p99Ms, 2)} ms${cpuText(r.withProfiler)}`,
    overheadSentence(r),
  ]);
}

/** One row per interval, then each interval's sentence. */
function reportSeveral(rs: OverheadResult[], json: boolean): void {
  if (json) {
    printMaskedJson({ intervals: rs.map(({ measuredAt: _, setting: _s, ...rest }) => rest) });
    return;
  }
  printLines(process.stdout, [
    // The cost and its interval as the UI's table says them (shared/load/overhead-sentence.ts overheadCells).
    ...routeTable(['Sampling', 'Rounds', 'Req/s without', 'Req/s with', 'Cost', '95 % interval of the cost', 'p99 without ms', 'p99 with ms', 'p99 change %'], rs.map((r) => [
      samplingEvery(r.samplingIntervalUs), String(r.rounds), formatCount(r.withoutProfiler.rps), formatCount(r.withProfiler.rps), overheadCells(r).cost,
      overheadCells(r).interval, groupThousands(r.withoutProfiler.p99Ms, 2), groupThousands(r.withProfiler.p99Ms, 2), groupThousands(r.p99CostPercent, 1),
    ])),
    '',
    ...rs.map(overheadSentence),
  ]);
}
