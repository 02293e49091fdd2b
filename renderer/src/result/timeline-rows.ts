// The timeline's rows on one time axis (Timeline.tsx draws them): the load's
// requests/s and p99 per second, the process's samples (event loop, loop
// delay, CPU, heap, external memory, full GCs) and the CPU profile's bins
// (busy, your code). Each row is scaled to its own maximum, which its label says.
import type { ProcessSample } from '../../../shared/api.ts';
import type { loadOnAxis } from '../../../shared/load/profile-axis.ts';
import { formatInt, formatRate, formatTimeMs } from '../lib/format.ts';

export interface Row {
  key: string;
  label: string;
  /** Points (t ms, 0..1) drawn as a line, or bars [t0, t1, 0..1]. */
  line?: [number, number][];
  bars?: [number, number, number][];
  color: string;
  max: string;
}

interface Bin {
  fromMs: number;
  busyMs: number;
  userMs: number;
}

/** The rows to draw; `off` is the profile's first sample on the process samples' clock. */
export function timelineRows(onAxis: ReturnType<typeof loadOnAxis> | null, samples: readonly ProcessSample[], off: number, bins: readonly Bin[], binMs: number): Row[] {
  const rows: Row[] = [];
  if (onAxis && onAxis.seconds.length > 0) {
    const maxRps = Math.max(1, ...onAxis.seconds.map((s) => s.rps));
    const maxP99 = Math.max(0.001, ...onAxis.seconds.map((s) => s.p99Ms));
    rows.push({ key: 'rps', label: 'Requests/s', bars: onAxis.seconds.map((s) => [s.fromMs, s.toMs, s.rps / maxRps]), color: 'var(--chart-2)', max: formatRate(maxRps) });
    rows.push({ key: 'p99', label: 'p99 latency', line: onAxis.seconds.map((s) => [(s.fromMs + s.toMs) / 2, s.p99Ms / maxP99]), color: 'var(--danger)', max: formatTimeMs(maxP99) });
  }
  if (samples.length > 1) {
    rows.push({ key: 'elu', label: 'Event loop', line: samples.map((s) => [s.tMs - off, s.elu]), color: 'var(--chart)', max: '100%' });
    const delays = samples.filter((s) => s.loopDelayP99Ms !== null);
    if (delays.length > 1) {
      const maxDelay = Math.max(1, ...delays.map((s) => s.loopDelayP99Ms!));
      rows.push({ key: 'delay', label: 'Loop delay', line: delays.map((s) => [s.tMs - off, s.loopDelayP99Ms! / maxDelay]), color: 'var(--warn-border)', max: formatTimeMs(maxDelay) });
    }
    const maxCpu = Math.max(100, ...samples.map((s) => s.cpuPercent));
    rows.push({ key: 'cpu', label: 'CPU', line: samples.map((s) => [s.tMs - off, s.cpuPercent / maxCpu]), color: 'var(--ok)', max: `${formatInt(maxCpu)}%` });
    const maxHeap = Math.max(1, ...samples.map((s) => s.heapUsedMb));
    rows.push({ key: 'heap', label: 'Heap used', line: samples.map((s) => [s.tMs - off, s.heapUsedMb / maxHeap]), color: 'var(--muted)', max: `${formatInt(maxHeap)} MiB` });
    // External memory (Buffers) and the full GCs of each sample's interval: absent in recordings from before Flambé sampled them.
    if (samples.every((s) => typeof s.externalMb === 'number')) {
      const maxExternal = Math.max(1, ...samples.map((s) => s.externalMb!));
      rows.push({ key: 'external', label: 'External (Buffers)', line: samples.map((s) => [s.tMs - off, s.externalMb! / maxExternal]), color: 'var(--chart-2)', max: `${formatInt(maxExternal)} MiB` });
    }
    if (samples.every((s) => typeof s.majorGcCount === 'number')) {
      const maxGcs = Math.max(1, ...samples.map((s) => s.majorGcCount!));
      rows.push({
        key: 'gc', label: 'Full GCs', color: 'var(--warn-border)', max: String(maxGcs),
        bars: samples.flatMap((s, i): [number, number, number][] => (s.majorGcCount! > 0 ? [[(i > 0 ? samples[i - 1].tMs : s.tMs - 250) - off, s.tMs - off, s.majorGcCount! / maxGcs]] : [])),
      });
    }
  }
  rows.push({ key: 'busy', label: 'Profile: busy', bars: bins.map((b) => [b.fromMs, b.fromMs + binMs, b.busyMs / binMs]), color: 'var(--muted)', max: '100%' });
  rows.push({ key: 'user', label: 'Profile: your code', bars: bins.map((b) => [b.fromMs, b.fromMs + binMs, b.userMs / binMs]), color: 'var(--accent)', max: '100%' });
  return rows;
}
