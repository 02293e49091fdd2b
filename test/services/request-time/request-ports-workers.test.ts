// Where each request's time went, on servers written the usual way rather than
// for the collector: an Express app whose upstream is stubbed in the same
// process (only the loaded port's requests count, the others are said), and a
// node:http server with a hand-written worker pool (the time a request waits
// for its worker is named, with the worker's script, not "not seen").
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFlambeService } from '../../../electron/services/service.ts';
import { recordRequestSchema, type FlambeEvent, type RecordingMeta } from '../../../shared/api.ts';
import { waitingSentence } from '../../../shared/request-time/sentence.ts';
import { repo, waitFor } from '../../helpers/demo.ts';

const service = createFlambeService({ libraryPath: path.join(mkdtempSync(path.join(tmpdir(), 'flambe-outside-')), 'library.sqlite') });
const events: FlambeEvent[] = [];
service.onEvent((e) => events.push(e));
afterAll(() => service.dispose());

const freePort = () => new Promise<number>((ok) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address() as net.AddressInfo;
    s.close(() => ok(port));
  });
});

async function record(script: string, env: Record<string, string>, route: string, connections: number, notPort = 0): Promise<RecordingMeta> {
  const t = await service.api.launchTarget({ script: path.join(repo, 'test/fixtures/request-time', script), env });
  try {
    const base = await waitFor(async () => (await service.api.getTarget({ targetId: t.targetId })).suggestedUrls.find((u) => new URL(u).port !== String(notPort)), 15_000, 'a listening port');
    const { recordingId } = await service.api.startRecording(recordRequestSchema.parse({
      targetId: t.targetId, warmupSec: 1, samplingIntervalUs: 1000, load: { url: new URL(route, base).href, connections, durationSec: 2 },
    }));
    await waitFor(() => events.find((e) => e.name === 'recordingDone' && e.payload.recordingId === recordingId), 60_000, 'recordingDone');
    return await service.api.getRecording({ id: recordingId });
  } finally {
    await service.api.stopTarget({ targetId: t.targetId });
  }
}

describe('requests to the loaded server only', () => {
  it('leaves out the requests to an upstream stub in the same process, and says how many', async () => {
    const stubPort = await freePort();
    const rec = await record('express-upstream.cjs', { STUB_PORT: String(stubPort), STUB_DELAY: '30' }, '/price', 4, stubPort);
    expect(rec.error).toBeNull();
    const rt = rec.requestTime!;
    // Counted in the server: the burst's requests (±5% for the ones in flight at its edges), not twice as many.
    expect(rt.requests).toBeGreaterThan(rec.load!.requests * 0.95);
    expect(rt.requests).toBeLessThan(rec.load!.requests * 1.05);
    expect(rt.otherPorts).toBeGreaterThan(rt.requests * 0.9);
    expect(rt.ports).toEqual([Number(new URL(rec.settings!.load.url).port)]);
    expect(rt.byRoute.map((r) => r.path)).toEqual(['/price']);
    // The whole wait is the call (30 ms planted; a busy machine's timers fire late), not split with the stub's own timer.
    const first = rt.parts[0];
    expect(first).toMatchObject({ kind: 'http', target: `GET 127.0.0.1:${stubPort}/quote`, from: { function: 'loadPrice' } });
    expect(first.msPerRequest).toBeGreaterThan(30 * 0.9);
    expect(rt.parts.find((p) => p.kind === 'timer')).toBeUndefined();
    expect(waitingSentence(rt)).toMatch(new RegExp(`^Each request took .*: \\d+(\\.\\d+)? ms waiting on GET 127\\.0\\.0\\.1:${stubPort}/quote \\(from loadPrice, express-upstream\\.cjs:\\d+\\)`));
  }, 60_000);
});

describe('waiting on a worker pool', () => {
  it('names the wait for a worker, with its script, instead of "not seen"', async () => {
    const rec = await record('queued-pool.mjs', { POOL_SIZE: '2', KDF_ROUNDS: '20000' }, '/key', 6);
    expect(rec.error).toBeNull();
    const rt = rec.requestTime!;
    const worker = rt.parts.find((p) => p.kind === 'worker');
    console.log(`queued pool: ${rt.parts.map((p) => `${p.kind} ${p.target ?? ''} ${(p.share * 100).toFixed(0)} % ${p.msPerRequest.toFixed(1)} ms`).join(' | ')}; `
      + `server ${rt.serverMs.mean.toFixed(1)} ms, load generator ${rt.perRequestMs.mean.toFixed(1)} ms a request; load ${os.loadavg()[0].toFixed(1)}`);
    expect(worker).toMatchObject({ kind: 'worker', target: 'kdf-worker.mjs' });
    // Most of the server's own time (from reading a request to answering it) is the wait for a worker: queued in the
    // pool, then its work. Beside a busy suite the load generator could not keep the pool full (6 ms a request at the
    // server, 41 at the load generator), so the share of the whole latency is not held; the server's time is.
    const part = (kind: string) => rt.parts.find((p) => p.kind === kind)?.msPerRequest ?? 0;
    expect(worker!.msPerRequest / rt.serverMs.mean).toBeGreaterThan(0.6);
    expect(rt.parts.filter((p) => p.kind !== 'queue' && p.kind !== 'other')[0].kind).toBe('worker');
    // What the server did not see beyond that is the wait before it read each request: queueing only as far as its
    // loop was busy (summarize.ts), the rest not seen — never all of it "queued behind other work on the event loop".
    const beforeRead = rt.perRequestMs.mean - rt.serverMs.mean;
    expect(part('queue') + part('other')).toBeLessThanOrEqual(beforeRead + 0.1 * rt.serverMs.mean);
    // (The cap itself is held in shared/request-time/summarize.test.ts; here the loop's busy time, read as wall time
    // in its callbacks, grows with the machine's load, and so does what may be said queued.)
  }, 60_000);
});
