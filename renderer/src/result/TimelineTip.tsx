// The timeline's hover reading: every series at the pointer's time — the
// flame chart's frame under it, the load's second, the process's sample and
// the profile's bin.
import type { ProcessSample } from '../../../shared/api.ts';
import type { loadSecondAt } from '../../../shared/load/profile-axis.ts';
import { shortLocation } from '../analysis/location.ts';
import { formatInt, formatMs, formatRate, formatTimeMs } from '../lib/format.ts';
import type { ChartHit } from './FlameChart.tsx';
import { formatAxisTime } from './timeline-scale.ts';
import { formatMiB } from '../../../shared/number-format.ts';

export interface TimelineHover {
  t: number;
  hit: ChartHit | null;
  x: number;
  y: number;
  boxHeight: number;
}

interface Props {
  hover: TimelineHover;
  /** The axis span shown, ms (times are written at its precision). */
  span: number;
  width: number;
  load: ReturnType<typeof loadSecondAt> | null;
  sample: ProcessSample | null;
  bin: { busyMs: number; userMs: number } | null;
  binMs: number;
}

export function TimelineTip({ hover, span, width, load, sample, bin, binMs }: Props) {
  return (
    <div className="timeline-tip" style={{ left: Math.min(hover.x + 12, width - 260), top: Math.max(0, Math.min(hover.y + 14, hover.boxHeight - 140)) }} data-testid="timeline-tip">
      <strong>{formatAxisTime(hover.t, span)}</strong>
      {hover.hit && (
        <span data-testid="chart-tip">
          <strong>{hover.hit.frame.name}</strong>{hover.hit.frame.location && <span className="muted"> {shortLocation(hover.hit.frame.location)}</span>}
          <br />
          {hover.hit.overviewEvery !== null
            ? `from about ${formatAxisTime(hover.hit.startMs, span)} (an overview from 1 sample in ${formatInt(hover.hit.overviewEvery)}: the exact chart is being drawn)`
            : hover.hit.calls > 1
            ? `${formatInt(hover.hit.calls)} short calls merged (too narrow to draw apart), ${formatTimeMs(hover.hit.ms)} in all, from ${formatAxisTime(hover.hit.startMs, span)}`
            : `from ${formatAxisTime(hover.hit.startMs, span)} for ${formatTimeMs(hover.hit.ms)}`}
        </span>
      )}
      {load && <span>{formatRate(load.rps)} req/s · p99 {formatMs(load.p99Ms)}</span>}
      {sample && <span>event loop {Math.round(sample.elu * 100)}% · CPU {Math.round(sample.cpuPercent)}%{sample.loopDelayP99Ms !== null ? ` · delay ${formatMs(sample.loopDelayP99Ms)}` : ''} · heap {formatMiB(sample.heapUsedMb)}{typeof sample.externalMb === 'number' ? ` · external ${formatMiB(sample.externalMb)}` : ''}{sample.majorGcCount ? ` · ${sample.majorGcCount} full GC${sample.majorGcCount > 1 ? 's' : ''}` : ''}</span>}
      {/* A bin holds the samples that start in it: the last one can run past its end, hence the cap. */}
      {bin && <span>profile: busy {Math.min(100, Math.round((bin.busyMs / binMs) * 100))}%, your code {Math.min(100, Math.round((bin.userMs / binMs) * 100))}%</span>}
    </div>
  );
}
