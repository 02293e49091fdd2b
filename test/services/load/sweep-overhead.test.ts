// Integration: a concurrency sweep and the profiler's cost, through the same
// service the app and the CLI use, against a real server launched under the inspector.
import { describe, expect, it } from 'vitest';
import { expectOrdered, launchedLoadServer } from './launched-load-server.ts';
import type { FlambeEvents } from '../../../shared/api.ts';

const { service, at } = launchedLoadServer();
const ends: NonNullable<FlambeEvents['workChanged']['ended']>[] = [];
service.onEvent((e) => { if (e.name === 'workChanged' && e.payload.ended) ends.push(e.payload.ended); });

describe('a concurrency sweep', () => {
  it('measures 4 levels with ordered percentiles, profiles the chosen one, and states the knee', async () => {
    const r = await service.api.runSweep({
      targetId: at.targetId, load: { url: `${at.base}/heavy?ms=2` }, levels: [8, 1, 2, 4], levelSec: 1, warmupSec: 0.5, profile: 2,
    });
    expect(r.error).toBeNull();
    expect(r.levels.map((l) => l.connections)).toEqual([1, 2, 4, 8]);
    expect(r.levels.map((l) => l.profiled)).toEqual([false, true, false, false]);
    for (const l of r.levels) {
      expect(l.requests).toBeGreaterThan(0);
      expectOrdered(l.latencyMs);
    }
    // The level's recording is kept (profile only at the profiled level).
    const profiled = await service.api.getRecording({ id: r.levels[1].recordingId });
    expect(profiled.hasProfile).toBe(true);
    // The levels are linked as one group in the library, no longer by tags.
    expect(profiled.tags).not.toContain('sweep');
    const first = await service.api.getRecording({ id: r.levels[0].recordingId });
    expect(first.hasProfile).toBe(false);
    // Levels after the first ran warm (the level before warmed them): the verdict must not say "No warm-up" of them.
    expect(first.settings?.warmedByEarlierLoad).toBeUndefined();
    expect(profiled.settings).toMatchObject({ warmupSec: 0, warmedByEarlierLoad: true });
    // 2 ms of CPU per request on one thread: 8 connections only queue.
    expect(r.levels[3].latencyMs.p50).toBeGreaterThan(r.levels[0].latencyMs.p50);
    expect(r).toHaveProperty('knee');
    if (r.knee) expect(r.knee.reason).toMatch(/^Saturated past \d+ connections?: latency grows faster than throughput/);
  });

  it('refuses a profiled level that is not in the sweep, in one sentence', async () => {
    await expect(service.api.runSweep({ targetId: at.targetId, load: { url: `${at.base}/hello` }, levels: [1, 5], profile: 3 })).rejects.toThrow('Profile one of the sweep\'s levels.');
  });
});

describe('per-route CPU', () => {
  it('profiles each route in its own burst: the heavy route costs more CPU per request, and its top function is named', async () => {
    const rows = await service.api.profileRoutes({
      targetId: at.targetId, load: { url: `${at.base}/`, connections: 2, durationSec: 1, routes: [{ path: '/hello' }, { path: '/heavy?ms=3' }] }, warmupSec: 0.3,
    });
    expect(rows.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /hello', 'GET /heavy?ms=3']);
    const [hello, heavy] = rows;
    for (const r of rows) {
      expect(r.error).toBeNull();
      expect(r.rps).toBeGreaterThan(0);
      expect(r.p99Ms).toBeGreaterThanOrEqual(r.p75Ms);
      expect(r.topFunction).not.toBeNull();
    }
    // 3 ms of CPU per request, at least (the profiler counts time on the thread).
    expect(heavy.cpuMsPerRequest).toBeGreaterThanOrEqual(2.5);
    expect(heavy.cpuMsPerRequest).toBeGreaterThan(hello.cpuMsPerRequest);
    expect((await service.api.getRecording({ id: heavy.recordingId })).tags).toContain('route-cpu');
  });
});

describe('the profiler\'s cost', () => {
  it('does not report a finer sampling interval as cheaper', async () => {
    const common = { targetId: at.targetId, load: { url: `${at.base}/heavy?ms=1`, connections: 4, durationSec: 1 }, rounds: 3, warmupSec: 0.5 };
    const fine = await service.api.measureOverhead({ ...common, samplingIntervalUs: 100 });
    const coarse = await service.api.measureOverhead({ ...common, samplingIntervalUs: 5000 });
    for (const r of [fine, coarse]) {
      expect(r.rounds).toBe(3);
      expect(r.withoutProfiler.rps).toBeGreaterThan(0);
      expect(r.withProfiler.rps).toBeGreaterThan(0);
      expect(r.ci95![0]).toBeLessThanOrEqual(r.rpsCostPercent);
      expect(r.ci95![1]).toBeGreaterThanOrEqual(r.rpsCostPercent);
    }
    // "Not cheaper": the fine interval's interval reaches at least the coarse one's lower bound.
    expect(fine.ci95![1]).toBeGreaterThanOrEqual(coarse.ci95![0]);
    // Shown on a recording of the same target and load only (issue 23): another script, other load, no setting — none.
    expect(fine.setting).toMatchObject({ url: `${at.base}/heavy?ms=1`, method: 'GET', connections: 4, samplingIntervalUs: 100 });
    expect(await service.api.lastOverhead({ samplingIntervalUs: 100, setting: fine.setting })).toEqual(fine);
    expect(await service.api.lastOverhead({ samplingIntervalUs: 100, setting: { ...fine.setting!, target: '/tmp/another-script.js' } })).toBeNull();
    expect(await service.api.lastOverhead({ samplingIntervalUs: 100, setting: { ...fine.setting!, connections: 50 } })).toBeNull();
    expect(await service.api.lastOverhead({ samplingIntervalUs: 100 })).toBeNull();
    // A page reloaded mid-way followed the run (workChanged) and asks for its result by the run's id, whatever its setting.
    const runs = ends.filter((e) => e.kind === 'overhead');
    expect(runs).toHaveLength(2);
    expect(runs.every((e) => e.resultId === e.id)).toBe(true);
    expect(await service.api.lastOverhead({ samplingIntervalUs: 1000, runId: runs[0].resultId! })).toEqual(fine);
    expect(await service.api.lastOverhead({ samplingIntervalUs: 1000, runId: runs[1].resultId! })).toEqual(coarse);
    expect(await service.api.lastOverhead({ samplingIntervalUs: 1000, runId: 'no-such-run' })).toBeNull();
  });
});
