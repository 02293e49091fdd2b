// Integration: the real demo server launched under the inspector, real load,
// a real CPU profile — through the same service the app and the CLI use.
import { afterAll, describe, expect, it } from 'vitest';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createFlambeService } from '../../electron/services/service.ts';
import { recordRequestSchema, type FlambeEvent, type RecordRequest, type RecordingResult } from '../../shared/api.ts';
import { bucketBreakdown, importProfile } from '../../shared/profile/index.ts';
import { demoScript, isAlive, profileFunctions, waitFor } from '../helpers/demo.ts';

const service = createFlambeService();
const events: FlambeEvent[] = [];
service.onEvent((e) => events.push(e));
afterAll(() => service.dispose());

async function record(req: RecordRequest, stopAfterMs?: number): Promise<RecordingResult> {
  const { recordingId } = await service.api.startRecording(recordRequestSchema.parse(req));
  if (stopAfterMs) setTimeout(() => void service.api.stopRecording({ id: recordingId }), stopAfterMs);
  await waitFor(() => events.find((e) => e.name === 'recordingDone' && e.payload.recordingId === recordingId), 60_000, 'recordingDone');
  // The metadata, then the profile as its stored bytes (getProfile): the way the app opens a recording.
  const { hasProfile, ...meta } = await service.api.getRecording({ id: recordingId });
  const bytes = hasProfile ? await service.api.getProfile({ id: recordingId }) : null;
  return { ...meta, profile: bytes && JSON.parse(new TextDecoder().decode(bytes)) };
}

describe('recording the demo server', () => {
  let targetId = '';
  let base = '';

  it('launches the script under the inspector and finds its port', async () => {
    const t = await service.api.launchTarget({ script: demoScript });
    targetId = t.targetId;
    expect(t.kind).toBe('launched');
    expect(t.nodeVersion).toMatch(/^v\d+\./);
    expect(isAlive(t.pid)).toBe(true);
    const ready = await waitFor(async () => (await service.api.getTarget({ targetId })).suggestedUrls[0], 10_000, 'a listening port');
    expect(ready).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    base = ready;
    await waitFor(() => events.some((e) => e.name === 'targetOutput' && /Demo server listening/.test(e.payload.text)), 5000, 'output');
  });

  it('records /log under load: the profile holds the route handler, the summary the load', async () => {
    const r = await record({ targetId, load: { url: `${base}log`, durationSec: 2, connections: 4 }, warmupSec: 1, samplingIntervalUs: 500 });
    expect(r.error).toBeNull();
    expect(r.load!.requests).toBeGreaterThan(100);
    expect(r.load!.non2xx).toBe(0);
    expect(r.load!.latencyMs.p99).toBeGreaterThanOrEqual(r.load!.latencyMs.p50);
    expect(r.load!.latencyMs.p50).toBeGreaterThan(0); // microsecond resolution: never rounded to 0
    expect(r.load!.timeline.length).toBeGreaterThanOrEqual(1);
    // The phases on the profile's clock (ms after Profiler.start answered): the warm-up before 0, the
    // burst after it (the load worker starts after the profiler), the stop after the burst.
    const ph = r.load!.phases!;
    expect(ph.warmup!.fromMs).toBeLessThan(ph.warmup!.toMs);
    expect(ph.warmup!.toMs).toBeLessThanOrEqual(0);
    expect(ph.warmup!.toMs - ph.warmup!.fromMs).toBeGreaterThanOrEqual(900);
    expect(ph.burst.fromMs).toBeGreaterThan(0);
    expect(ph.burst.toMs - ph.burst.fromMs).toBeGreaterThanOrEqual(1900);
    expect(ph.profileStopMs).toBeGreaterThanOrEqual(ph.burst.toMs);
    const fns = profileFunctions(r.profile);
    expect(fns).toContain('logRoute');
    expect(fns).toContain('handleRequest');
    expect(r.samples.length).toBeGreaterThan(2);
    expect(r.samples.some((s) => s.elu > 0)).toBe(true);
    const phases = events.filter((e) => e.name === 'recordingProgress' && e.payload.recordingId === r.id).map((e) => (e.payload as { phase: string }).phase);
    expect([...new Set(phases)]).toEqual(['connecting', 'warmup', 'recording', 'stopping', 'done']);
    // The server's console.log output was streamed as events.
    expect(events.some((e) => e.name === 'targetOutput' && /GET \/log from/.test(e.payload.text))).toBe(true);
  });

  it('records /json and /regex: the builtins without frames land in their buckets, by the line that calls them', async () => {
    for (const [route, bucket, call] of [['json', 'json', 'JSON.stringify(catalogue)'], ['regex', 'regex', 'fragileEmail.test(input)']] as const) {
      const r = await record({ targetId, load: { url: `${base}${route}`, durationSec: 2, connections: 4 }, warmupSec: 0.5, samplingIntervalUs: 500 });
      expect(r.error).toBeNull();
      // The recorder read the hot lines' text from the target.
      const file = r.profile as { flambeSourceLines?: Record<string, Record<string, string>> };
      const demoLines = Object.entries(file.flambeSourceLines ?? {}).find(([url]) => url.endsWith('demo-server/server.js'))?.[1] ?? {};
      expect(Object.values(demoLines).some((t) => t.includes(call))).toBe(true);
      const row = bucketBreakdown(importProfile(r.profile)).find((b) => b.id === bucket)!;
      expect(row.percent).toBeGreaterThan(25);
      expect(row.callers[0]).toMatchObject({ name: `${route}Route`, line: { text: expect.stringContaining(call) } });
    }
  });

  it('Stop ends the burst early and keeps what was recorded', async () => {
    const r = await record({ targetId, load: { url: `${base}hello`, durationSec: 30 }, warmupSec: 0 }, 1500);
    expect(r.error).toBeNull();
    expect(r.load!.stoppedEarly).toBe(true);
    expect(r.load!.durationSec).toBeLessThan(10);
    expect(r.load!.requests).toBeGreaterThan(0);
    expect(r.profile).not.toBeNull();
  });

  it('stopping the target leaves no process behind', async () => {
    const { pid } = await service.api.getTarget({ targetId });
    await service.api.stopTarget({ targetId });
    await waitFor(() => !isAlive(pid), 5000, 'the process to exit');
  });
});

describe('attaching to a process started with --inspect', () => {
  it('lists its inspector targets, attaches, records, and detaches without stopping it', async () => {
    const child = spawn(process.execPath, ['--inspect=127.0.0.1:0', demoScript], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      // The inspector writes to stderr, the demo says it listens on stdout: both read.
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      child.stdout.on('data', (d) => (stderr += d));
      const port = Number(await waitFor(() => /Debugger listening on ws:\/\/127\.0\.0\.1:(\d+)\//.exec(stderr)?.[1], 10_000, 'inspector'));
      const url = `${await waitFor(() => /listening on (http:\S+)/.exec(stderr)?.[1], 10_000, 'server')}hello`;
      const entries = await service.api.listInspectorTargets({ host: '127.0.0.1', port });
      expect(entries.length).toBe(1);
      expect(entries[0].webSocketDebuggerUrl).toMatch(/^ws:\/\//);
      const t = await service.api.attachTarget({ host: '127.0.0.1', port, inspectorId: entries[0].id });
      expect(t).toMatchObject({ kind: 'attached', pid: child.pid, label: `127.0.0.1:${port}` });
      expect(t.listeningPorts.length).toBe(1);
      const r = await record({ targetId: t.targetId, load: { url, durationSec: 1 }, warmupSec: 0 });
      expect(r.error).toBeNull();
      expect(profileFunctions(r.profile)).toContain('handleRequest');
      await service.api.stopTarget({ targetId: t.targetId });
      expect(isAlive(child.pid!)).toBe(true);
    } finally {
      child.kill();
    }
  });
});

describe('faults end in one sentence and keep what was measured', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'flambe-faults-'));
  const script = (name: string, code: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, code);
    return file;
  };

  it('a script that does not exist', async () => {
    await expect(service.api.launchTarget({ script: path.join(dir, 'missing.js') })).rejects.toThrow(/missing\.js does not exist/);
  });

  it('a script that crashes on start', async () => {
    const file = script('crash.js', 'const db = {};\ndb.connect();\n');
    await expect(service.api.launchTarget({ script: file })).rejects.toThrow(/exited with code 1 as it started: TypeError: db.connect is not a function/);
  });

  it('nothing listening at the URL', async () => {
    const r = await record({ targetId: null, load: { url: 'http://127.0.0.1:9/', durationSec: 1 }, warmupSec: 0 });
    expect(r.error).toMatch(/^Nothing is listening at http:\/\/127\.0\.0\.1:9\//);
  });

  it('a target that exits mid-run', async () => {
    // It dies after serving 200 requests (not after a time: on a busy machine the load worker may start late).
    const file = script('dies.js', `let n = 0;
require('http').createServer((q, s) => { s.end('ok'); if (++n === 200) setTimeout(() => { console.error('Error: out of memory (simulated)'); process.exit(3); }, 50); }).listen(0, '127.0.0.1');`);
    const t = await service.api.launchTarget({ script: file });
    const url = await waitFor(async () => (await service.api.getTarget({ targetId: t.targetId })).suggestedUrls[0], 5000, 'port');
    const r = await record({ targetId: t.targetId, load: { url, durationSec: 5 }, warmupSec: 0 });
    expect(r.error).toMatch(/exited with code 3 .*during the recording; what was measured until then is kept/);
    expect(r.load!.requests).toBeGreaterThan(0);
    await service.api.stopTarget({ targetId: t.targetId });
  });

  it('a server that answers 5xx', async () => {
    const file = script('fails.js', `require('http').createServer((q, s) => { s.statusCode = 503; s.end('down'); }).listen(0, '127.0.0.1');`);
    const t = await service.api.launchTarget({ script: file });
    const url = await waitFor(async () => (await service.api.getTarget({ targetId: t.targetId })).suggestedUrls[0], 5000, 'port');
    const r = await record({ targetId: t.targetId, load: { url, durationSec: 1 }, warmupSec: 0 });
    expect(r.error).toMatch(/answered \d+ of \d+ requests with a 5xx error/);
    expect(r.load!.statusCodes['503']).toBe(r.load!.requests);
    expect(r.profile).not.toBeNull();
    await service.api.stopTarget({ targetId: t.targetId });
  });

  it('a server that hangs', async () => {
    const file = script('hangs.js', `require('http').createServer(() => {}).listen(0, '127.0.0.1');`);
    const t = await service.api.launchTarget({ script: file });
    const url = await waitFor(async () => (await service.api.getTarget({ targetId: t.targetId })).suggestedUrls[0], 5000, 'port');
    const r = await record({ targetId: t.targetId, load: { url, durationSec: 1, timeoutSec: 1 }, warmupSec: 0 });
    expect(r.error).toMatch(/did not answer within 1 seconds/);
    await service.api.stopTarget({ targetId: t.targetId });
  });

  it('an inspector that refuses: nothing at host:port', async () => {
    await expect(service.api.listInspectorTargets({ host: '127.0.0.1', port: 1 })).rejects.toThrow(/Nothing answers at 127\.0\.0\.1:1/);
  });

  it('a remote host needs confirmation', async () => {
    await expect(service.api.attachTarget({ host: '10.1.2.3', port: 9229 })).rejects.toThrow(/confirm that you trust it/);
  });
});
