// flambe overhead: what the CPU profiler costs this server at a sampling
// interval, from interleaved rounds with and without it.
import { printLines } from './terminal.ts';
import { describeValidationError, overheadRequestSchema, type OverheadResult } from '../../shared/api.ts';
import { UserError } from '../services/errors.ts';
import { num } from './record.ts';
import { connectTarget, loadFromFlags, parseCommand, scriptArgsOf, TARGET_OPTIONS } from './target-flags.ts';
import { overheadSentence } from '../../shared/load/overhead-sentence.ts';

export const OVERHEAD_HELP = `Usage:
  flambe overhead (--launch SCRIPT [-- ARGS...] | --attach HOST:PORT) --url URL
                  [-c N] [-d SECONDS] [--rounds R] [--sampling-interval US] [--warmup SECONDS] [--json]

  -c, --connections N     concurrent connections (default 10)
  -d, --duration SECONDS  length of each burst (default 3)
  --rounds R              rounds, each one burst with and one without the profiler, in
                          alternating order (default 4)
  --sampling-interval US  the profiler's sampling interval in microseconds (default 1000)
  --allocations           measure the allocation sampler instead (V8's sampling heap profiler,
                          one sample per 512 KiB allocated, as flambe record runs it)
  --load-threads N        threads sending the requests (default: 1 on 2 cores or fewer)

Requests/s are compared round by round (Welch's t on the logarithms, as experiments do).
--json prints {"rounds","samplingIntervalUs","withoutProfiler":{"rps","p99Ms"},"withProfiler":{"rps","p99Ms"},
"rpsCostPercent","ci95":[lo,hi],"p99CostPercent"}.
`;

export async function overheadCommand(argv: string[]): Promise<number> {
  const { values: o, tokens } = parseCommand(argv, {
    ...TARGET_OPTIONS, connections: { type: 'string', short: 'c' }, duration: { type: 'string', short: 'd' }, rounds: { type: 'string' }, allocations: { type: 'boolean' },
  } as const, 'overhead');
  if (o.help) {
    process.stdout.write(OVERHEAD_HELP);
    return 0;
  }
  const scriptArgs = scriptArgsOf(tokens);
  const { service, target, url, line } = await connectTarget(o, scriptArgs, { requireTarget: true, command: 'overhead' });
  try {
    const check = overheadRequestSchema.safeParse({
      targetId: target!.targetId,
      load: loadFromFlags(o, url, { connections: num(o.connections, '--connections'), durationSec: num(o.duration, '--duration') ?? 3 }),
      rounds: num(o.rounds, '--rounds'),
      samplingIntervalUs: num(o['sampling-interval'], '--sampling-interval'),
      warmupSec: num(o.warmup, '--warmup'),
      profiler: o.allocations ? 'allocations' : 'cpu',
    });
    if (!check.success) throw new UserError(describeValidationError(check.error));
    line.status(`Measuring the profiler's cost: ${check.data.rounds} rounds`);
    const r = await service.api.measureOverhead(check.data);
    line.clear();
    report(r, !!o.json);
    return 0;
  } finally {
    line.clear();
    await service.dispose();
  }
}

function report(r: OverheadResult, json: boolean): void {
  if (json) {
    const { measuredAt: _, ...rest } = r;
    process.stdout.write(JSON.stringify(rest) + '\n');
    return;
  }
  printLines(process.stdout, [
    `Without the profiler  ${Math.round(r.withoutProfiler.rps)} requests/s, p99 ${r.withoutProfiler.p99Ms.toFixed(2)} ms`,
    `With it (${r.profiler === 'allocations' ? 'allocations, one sample per 512 KiB' : `${r.samplingIntervalUs} µs`})  ${Math.round(r.withProfiler.rps)} requests/s, p99 ${r.withProfiler.p99Ms.toFixed(2)} ms`,
    overheadSentence(r),
  ]);
}
