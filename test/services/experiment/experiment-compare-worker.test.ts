// Issue 20: an experiment's rounds are imported and compared off the thread
// that serves the service's calls (browser mode, the app's service host, the
// CLI), in a worker with a heap of its own. The rounds here are recordings
// built in the test — a real small profile, or a 50 MB one of 200 000 nodes
// and 2 000 000 samples — handed to the real runner in place of recordings
// of a server, so the test runs no load.
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startRoundComparer } from '../../../electron/services/experiment/compare-in-worker.ts';
import { startExperiment, type ExperimentDeps } from '../../../electron/services/experiment/runner.ts';
import { createFlambeService } from '../../../electron/services/service.ts';
import { experimentSpecSchema, type RecordingResult } from '../../../shared/api.ts';
import { compareRounds } from '../../../shared/experiment/comparison.ts';
import { measureRound } from '../../../shared/experiment/measures.ts';
import { importWholeProcess } from '../../../shared/profile/index.ts';
import { makeRecording } from '../../helpers/profiles.ts';
import type { StoredProfile } from '../../../shared/recording/profile-extras.ts';
import { webServerFor } from '../../helpers/web-mode.ts';

/** A V8 CPU profile (as the inspector returns it) of `nodeCount` call-tree nodes and `sampleCount` samples at 100 µs. */
function bigProfile(nodeCount: number, sampleCount: number): StoredProfile {
  const nodes: { id: number; callFrame: object; hitCount: number; children: number[] }[] = [];
  for (let id = 1; id <= nodeCount; id++) {
    nodes.push({ id, callFrame: { functionName: id === 1 ? '(root)' : `fn${id % 5000}`, scriptId: String(id % 50), url: `file:///app/m${id % 50}.js`, lineNumber: id % 300, columnNumber: 4 }, hitCount: 0, children: [] });
    if (id > 1) nodes[Math.max(1, id - 1 - (id % 7)) - 1].children.push(id);
  }
  const samples = Array.from({ length: sampleCount }, (_, i) => 2 + ((i * 7919) % (nodeCount - 1)));
  // Parsed from text, as the inspector's answer is: packed arrays, like a real one.
  return JSON.parse(JSON.stringify({ nodes, startTime: 0, endTime: sampleCount * 100, samples, timeDeltas: samples.map(() => 100) }));
}

const spec = experimentSpecSchema.parse({
  target: { kind: 'none' }, differ: { kind: 'url', a: 'http://127.0.0.1:9/a', b: 'http://127.0.0.1:9/b' },
  rounds: 2, profile: false, load: { connections: 1, durationSec: 1 }, warmupSec: 0, seed: 3,
});

/** A runner whose rounds are the given recordings, in order; everything else inert. */
function depsFor(recordings: (() => RecordingResult)[], over: Partial<ExperimentDeps> = {}): ExperimentDeps & { saved: number } {
  let next = 0;
  const deps = {
    saved: 0,
    api: {
      launchTarget: () => Promise.reject(new Error('no launch here')), getTarget: () => Promise.reject(new Error('no target here')),
      stopTarget: async () => ({ stopped: true }), listTargets: async () => ({ targets: [] }), stopRecording: async () => ({}),
      demoServer: async () => ({ script: '/nowhere/server.js', cwd: '/nowhere', routes: [] }),
    } as unknown as ExperimentDeps['api'],
    record: () => {
      const rec = recordings[next++]();
      return { id: rec.id, finished: new Promise<RecordingResult>((r) => setTimeout(() => r(rec), 20)) };
    },
    onEvent: () => () => {},
    progress: () => {},
    save: () => { deps.saved++; return true; },
    watchMachine: () => ({ finish: () => null }),
    ...over,
  };
  return deps;
}

describe('the comparison worker', () => {
  it('gives the measures and the comparison the service thread computed before, from the same rounds', async () => {
    const recs = [0, 1, 2, 3].map(() => makeRecording());
    const comparer = startRoundComparer();
    const measured = [];
    for (const r of recs) measured.push(await comparer.measure(r));
    const here = recs.map((r) => measureRound(r, importWholeProcess(r.profile)));
    expect(measured).toEqual(here.map((h) => h.measures));
    const ask = {
      names: { a: 'A', b: 'B' }, a: [recs[0].id, recs[3].id], b: [recs[1].id, recs[2].id],
      buckets: { a: [measured[0].bucketsMsPer1k, measured[3].bucketsMsPer1k], b: [measured[1].bucketsMsPer1k, measured[2].bucketsMsPer1k] },
      machine: { a: [undefined, undefined], b: [undefined, undefined] },
    };
    const inWorker = await comparer.compare(ask);
    expect(inWorker).not.toBeNull();
    expect(inWorker).toEqual(compareRounds(ask.names, [here[0].round, here[3].round], [here[1].round, here[2].round], ask.buckets, ask.machine));
    await comparer.close();
  });

  it('a round too large for what is left of the worker\'s heap is refused in one sentence before it is read; the caller lives on', async () => {
    const comparer = startRoundComparer({ heapMb: 128 });
    const e = await comparer.measure(makeRecording({ profile: bigProfile(200_000, 2_000_000) })).catch((x: Error) => x);
    expect((e as Error).message).toMatch(/^This round's profile \([45]\d MiB of text\) would not fit in what is left of the 128 MiB Flambé gives an experiment's comparison \([\d.]+ (?:B|KiB|MiB), and reading it takes about 4× its size\), so Flambé stopped the experiment; the rounds before are kept\.$/);
    expect((e as Error).name).toBe('UserError');
    expect(await comparer.measure(makeRecording())).toMatchObject({ requests: expect.any(Number) }); // the worker goes on
    await comparer.close();
  }, 60_000);

  it('an experiment whose third round is too large for it fails with that sentence, keeping the first pair and its comparison', async () => {
    const big = bigProfile(200_000, 2_000_000);
    const deps = depsFor([() => makeRecording(), () => makeRecording(), () => makeRecording({ profile: big }), () => makeRecording()],
      { startComparer: () => startRoundComparer({ heapMb: 128 }) });
    const exp = await startExperiment(spec, deps).done;
    expect(exp.status).toBe('failed');
    expect(exp.error).toMatch(/^This round's profile \([45]\d MiB of text\) would not fit in what is left of the 128 MiB Flambé gives an experiment's comparison/);
    expect(exp.rounds).toHaveLength(2);
    expect(exp.comparison?.rounds).toBe(1);
  }, 60_000);
});

describe('browser mode while an experiment\'s big rounds are imported and compared', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'flambe-compare-worker-'));
  const token = 'compare-worker-test-token-0123456789';
  const service = createFlambeService({ libraryPath: path.join(dir, 'library.db') });
  const server = webServerFor(service, token);

  const listRecordings = () => new Promise<{ ok: boolean }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: server.port(), path: '/api/listRecordings', method: 'POST', headers: { 'x-flambe-token': token, 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve(JSON.parse(text)));
    });
    req.on('error', reject);
    req.end('{}');
  });

  it('answers another call while each 50 MB round is imported and the rounds compared', async () => {
    const profile = bigProfile(200_000, 2_000_000);
    const order: string[] = [];
    let longestStallMs = 0;
    let last = performance.now();
    const tick = setInterval(() => {
      const now = performance.now();
      longestStallMs = Math.max(longestStallMs, now - last);
      last = now;
    }, 10);
    // Once a round's recording is handed over, the runner imports it: a call made then must be answered before that round is saved.
    const deps = depsFor([0, 1, 2, 3].map(() => () => {
      const rec = makeRecording({ profile });
      setTimeout(() => void listRecordings().then((r) => order.push(r.ok ? 'answered' : 'refused')), 25);
      return rec;
    }), { save: () => { order.push('saved'); return true; } });
    const t0 = performance.now();
    const exp = await startExperiment(spec, deps).done;
    clearInterval(tick);
    console.log(`4 rounds of 50 MB: ${Math.round(performance.now() - t0)} ms; longest stall of the serving thread ${Math.round(longestStallMs)} ms`);
    expect(exp.status, exp.error ?? '').toBe('done');
    expect(exp.rounds.map((r) => r.requests)).toEqual(expect.arrayContaining([expect.any(Number)]));
    expect(exp.rounds.every((r) => r.bucketsMsPer1k !== null)).toBe(true); // each round's profile was read
    expect(exp.comparison?.rounds).toBe(2);
    // Per round: the call was answered before the round (imported and compared in the worker) was saved.
    expect(order.slice(0, 8)).toEqual(['answered', 'saved', 'answered', 'saved', 'answered', 'saved', 'answered', 'saved']);
  }, 120_000);
});
