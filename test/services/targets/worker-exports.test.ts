// Every thread in every export: a real worker pool server (two hashing
// workers) recorded, saved, exported as .cpuprofile, Chrome trace, pprof and
// .flambe, converted by `flambe convert`, and imported back — each thread is
// still there, its functions' self times within 1%. The pprof file is read by
// an independent decoder (pprof-format's own, not Flambé's reader) too.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Profile as PprofProfile } from 'pprof-format';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { convertCommand } from '../../../electron/cli/convert-command.ts';
import { createFlambeService } from '../../../electron/services/service.ts';
import { recordRequestSchema, type FlambeEvent } from '../../../shared/api.ts';
import { analyzeProfile, importProfile, importThreads, type NamedProfile, type Profile } from '../../../shared/profile/index.ts';
import { openThread } from '../../../shared/profile/import/open-thread.ts';
import { threadsOf } from '../../../shared/profile/threads.ts';
import { repo, waitFor } from '../../helpers/demo.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'flambe-worker-exports-'));
const service = createFlambeService({ libraryPath: path.join(dir, 'library.sqlite') });
const events: FlambeEvent[] = [];
service.onEvent((e) => events.push(e));
afterAll(() => service.dispose());

let recordingId = '';
let stored = '';
let recorded: NamedProfile[] = [];

const selfByFunction = (p: Profile) => new Map(analyzeProfile(p).functions.map((f) => [`${f.name} ${f.location}:${f.column}`, f.selfMs]));

/** Same thread names in the same order, and every function's self time within 1% of the recording's. */
function expectSameThreads(back: NamedProfile[], threads = recorded) {
  expect(back.map((t) => t.name)).toEqual(threads.map((t) => t.name));
  threads.forEach((t, i) => {
    const before = selfByFunction(t.profile);
    const after = selfByFunction(back[i].profile);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    for (const [fn, ms] of before) expect(Math.abs(after.get(fn)! - ms)).toBeLessThanOrEqual(0.01 * ms + 1e-6);
    expect(Math.abs(back[i].profile.durationMs - t.profile.durationMs)).toBeLessThanOrEqual(0.01 * t.profile.durationMs);
  });
}

/** Imports a file into the library as the user does (its bytes) and reads every thread the library kept. */
async function throughLibrary(fileName: string, content: string | Uint8Array): Promise<NamedProfile[]> {
  const row = await service.api.importFile({ fileName, content: typeof content === 'string' ? content : new Uint8Array(content) });
  return importThreads(await service.api.getProfile({ id: row.id })).threads;
}

beforeAll(async () => {
  const t = await service.api.launchTarget({ script: path.join(repo, 'test/fixtures/worker-pool/server.cjs') });
  const base = await waitFor(async () => (await service.api.getTarget({ targetId: t.targetId })).suggestedUrls[0], 15_000, 'a listening port');
  ({ recordingId } = await service.api.startRecording(recordRequestSchema.parse({
    targetId: t.targetId, warmupSec: 0, samplingIntervalUs: 500, load: { url: base, connections: 4, durationSec: 2 },
  })));
  await waitFor(() => events.find((e) => e.name === 'recordingDone' && e.payload.recordingId === recordingId), 60_000, 'recordingDone');
  await service.api.stopTarget({ targetId: t.targetId });
  await waitFor(async () => (await service.api.listRecordings({})).rows.some((r) => r.id === recordingId), 10_000, 'the saved recording');
  stored = new TextDecoder().decode(await service.api.getProfile({ id: recordingId }));
  recorded = threadsOf(JSON.parse(stored)).map((x) => ({ name: x.name, profile: importProfile(x.raw) }));
  expect(recorded).toHaveLength(3);
  expect(analyzeProfile(recorded[1].profile).functions.map((f) => f.name)).toContain('hashRounds');
}, 120_000);

describe('exports keep every thread', () => {
  it('Chrome trace: one profile per thread, back with every thread (import and the library)', async () => {
    const file = await service.api.exportRecording({ id: recordingId, format: 'trace' });
    expect(file.fileName).toMatch(/\.trace\.json$/);
    const trace = JSON.parse(file.content) as { traceEvents: { name: string; ph: string; tid: number; args?: { name?: string } }[] };
    expect(trace.traceEvents.filter((e) => e.name === 'Profile')).toHaveLength(3);
    expect(trace.traceEvents.filter((e) => e.name === 'thread_name').map((e) => e.args!.name)).toEqual(recorded.map((t) => t.name));
    expectSameThreads(importThreads(file.content, file.fileName).threads);
    // The result screen's thread picker reads the same file (openThread), each thread and all merged.
    expect(openThread(file.content, 2).threads).toEqual(recorded.map((t) => t.name));
    expect(openThread(file.content, 2).profile.durationMs).toBeCloseTo(recorded[2].profile.durationMs, 3);
    expectSameThreads(await throughLibrary('workers.trace.json', file.content));
  });

  it('pprof: every sample labelled with its thread (read by pprof-format\'s decoder), back with every thread', async () => {
    const file = await service.api.exportRecording({ id: recordingId, format: 'pprof' });
    const bytes = Buffer.from(file.content, 'base64');
    const decoded = PprofProfile.decode(gunzipSync(bytes));
    const str = (i: unknown) => decoded.stringTable.strings[Number(i)];
    const wallMsByThread = new Map<string, number>();
    for (const s of decoded.sample) {
      expect(s.label).toHaveLength(1);
      expect(str(s.label[0].key)).toBe('thread');
      const thread = str(s.label[0].str);
      wallMsByThread.set(thread, (wallMsByThread.get(thread) ?? 0) + Number(s.value[1]) / 1e6);
    }
    expect([...wallMsByThread.keys()]).toEqual(recorded.map((t) => t.name));
    for (const t of recorded) expect(Math.abs(wallMsByThread.get(t.name)! - t.profile.durationMs)).toBeLessThanOrEqual(0.01 * t.profile.durationMs);
    expectSameThreads(importThreads(gunzipSync(bytes)).threads);
    expectSameThreads(await throughLibrary('workers.pb.gz', bytes));
  });

  it('.cpuprofile of the whole recording keeps the workers; of one thread, that thread alone', async () => {
    const all = await service.api.exportRecording({ id: recordingId, format: 'cpuprofile' });
    expectSameThreads(importThreads(all.content).threads);
    const one = await service.api.exportRecording({ id: recordingId, format: 'cpuprofile', thread: 2 });
    expect(one.fileName).toMatch(/-thread-2\.cpuprofile$/);
    expect(JSON.parse(one.content).flambeThreads).toBeUndefined(); // any tool reads it as that worker
    expectSameThreads([{ name: 'main thread', profile: importProfile(one.content) }], [{ name: 'main thread', profile: recorded[2].profile }]);
    await expect(service.api.exportRecording({ id: recordingId, format: 'trace', thread: 7 })).rejects.toThrow(/There is no thread 7 in this profile: it has threads 0 main thread, 1 worker/);
  });

  it('.flambe bundle: re-imported, every thread is there', async () => {
    const file = await service.api.exportRecording({ id: recordingId, format: 'bundle' });
    expectSameThreads(await throughLibrary('workers.flambe', file.content));
  });

  it('flambe convert --to trace|pprof|cpuprofile [--thread N]', async () => {
    const input = path.join(dir, 'workers.cpuprofile');
    writeFileSync(input, stored);
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      for (const to of ['trace', 'pprof', 'cpuprofile']) {
        const out = path.join(dir, `out-${to}`);
        expect(await convertCommand([input, '--to', to, '--out', out])).toBe(0);
        const bytes = readFileSync(out);
        expectSameThreads(importThreads(to === 'pprof' ? gunzipSync(bytes) : bytes).threads);
      }
      const out = path.join(dir, 'worker1.cpuprofile');
      expect(await convertCommand([input, '--to', 'cpuprofile', '--thread', '1', '--out', out])).toBe(0);
      expectSameThreads(importThreads(readFileSync(out)).threads, [{ name: 'main thread', profile: recorded[1].profile }]);
      expect(String(write.mock.calls.at(-1)?.[0])).toMatch(/^Threads: 0 main thread, 1 worker \d+ \(hash-worker\.cjs\), 2 worker/m);
    } finally {
      write.mockRestore();
    }
  });
});
