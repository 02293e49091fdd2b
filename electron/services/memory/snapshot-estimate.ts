// The estimate said before heap snapshots (shared/memory/snapshot-cost.ts),
// for one target: its heap in use read over the inspector, and how busy this
// computer is when the target runs on it (the 1-minute load average per
// core). A target on another computer: its load cannot be read here.
import { availableParallelism, loadavg } from 'node:os';
import { isLoopbackHost } from '../../../shared/targets/hosts.ts';
import { estimateSnapshot, type SnapshotEstimate } from '../../../shared/memory/snapshot-cost.ts';
import type { InspectorSession } from '../targets/inspector.ts';

/** Processes wanting each core now, at least 1 (one free core per process). */
export function busyNow(): number {
  return Math.max(1, loadavg()[0] / availableParallelism());
}

export async function snapshotEstimateOf(session: InspectorSession, host: string, maxPauseSec?: number): Promise<SnapshotEstimate> {
  const { heapUsedMb, rssMb } = await session.heapInUse();
  return estimateSnapshot(heapUsedMb, rssMb, isLoopbackHost(host) ? busyNow() : null, maxPauseSec);
}
