// Compare's tables in CPU per 1 000 requests, on two real recordings of one
// node:http server (issue 38): ten connections, then 20 requests a second —
// the server waiting most of the time in both (one answer in 12 is held
// 1.5 s), more in the second, with fewer requests to divide by. Idle
// is the thread waiting, not work: charged per request it grew with the
// waiting (Compare once showed "(idle)" at 300 → 25 257 ms of CPU per 1 000
// requests). Held to the OS's own clock: no row's CPU over its requests can
// exceed what the thread itself ran — the invariant an idle row broke.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFlambeService } from '../../electron/services/service.ts';
import { recordRequestSchema, type FlambeEvent, type RecordingMeta } from '../../shared/api.ts';
import { buildComparison, roundFromRecording, type ChangeRow, type CompareRound } from '../../shared/compare/index.ts';
import { roundPerRequest } from '../../shared/compare/round.ts';
import { sampledTimes } from '../../shared/profile/cpu-time.ts';
import { importWholeProcessWithAllocations } from '../../shared/profile/import/all-threads.ts';
import { repo, waitFor } from '../helpers/demo.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'flambe-compare-idle-'));
const service = createFlambeService({ libraryPath: path.join(folder, 'library.sqlite') });
const events: FlambeEvent[] = [];
service.onEvent((e) => events.push(e));
let targetId = '';
afterAll(async () => {
  if (targetId) await service.api.stopTarget({ targetId }).catch(() => undefined);
  service.dispose();
  rmSync(folder, { recursive: true, force: true });
});

async function record(base: string, load: { connections: number; rate?: number }): Promise<RecordingMeta> {
  const { recordingId } = await service.api.startRecording(recordRequestSchema.parse({
    targetId, warmupSec: 0.5, samplingIntervalUs: 1000,
    load: { url: new URL('/work', base).href, durationSec: 2, timeoutSec: 2, ...load },
  }));
  await waitFor(() => events.find((e) => e.name === 'recordingDone' && e.payload.recordingId === recordingId), 60_000, 'recordingDone');
  return service.api.getRecording({ id: recordingId });
}

async function roundOf(rec: RecordingMeta): Promise<CompareRound> {
  const bytes = new Uint8Array(await service.api.getProfile({ id: rec.id }));
  return roundFromRecording(rec, importWholeProcessWithAllocations(bytes).profile);
}

/** No row's CPU over the round's requests is more than the threads' own CPU from the OS. */
function expectWithinThreads(rows: ChangeRow[], side: 'a' | 'b', round: CompareRound): void {
  const threadsCpuMs = (round.cpu!.mainThread?.cpuMs ?? 0) + round.cpu!.workers.reduce((s, w) => s + (w.cpuMs ?? 0), 0);
  const requests = roundPerRequest(round)!.requests;
  for (const r of rows) {
    const per1k = side === 'a' ? r.aMsPer1k! : r.bMsPer1k!;
    expect(per1k * requests / 1000, `${r.name} in ${side.toUpperCase()}`).toBeLessThanOrEqual(threadsCpuMs * (1 + 1e-9));
  }
}

describe('Compare on a busy and a quiet recording of one server', () => {
  it('gives idle no row of CPU per 1 000 requests, and says what (program) is', async () => {
    ({ targetId } = await service.api.launchTarget({ script: path.join(repo, 'test/fixtures/numbers-agree/http.js') }));
    const base = await waitFor(async () => (await service.api.getTarget({ targetId })).suggestedUrls[0], 15_000, 'http.js listening');
    const busy = await roundOf(await record(base, { connections: 10 }));
    const quiet = await roundOf(await record(base, { connections: 2, rate: 20 }));
    const idleShare = (r: CompareRound) => 1 - sampledTimes(r.profile!).sampledBusyMs / r.profile!.durationMs;
    console.log(`load average ${loadavg()[0].toFixed(1)}: idle ${(idleShare(busy) * 100).toFixed(0)} % of the busy run, ${(idleShare(quiet) * 100).toFixed(0)} % of the quiet one`);
    // The quiet server mostly waited: an idle row, were there one, would weigh more than all its work.
    expect(idleShare(quiet)).toBeGreaterThan(0.5);

    const c = buildComparison([busy], [quiet]);
    expect(c.perRequest).toBe(true);
    expect(c.cpuTime).toBe(true);
    for (const table of [c.functions, c.files, c.packages, c.categories]) {
      expect(table.map((r) => r.name)).not.toContain('(idle)');
      expect(table.map((r) => r.key)).not.toContain('idle');
      expectWithinThreads(table, 'a', busy);
      expectWithinThreads(table, 'b', quiet);
    }
    // V8's own work stays, said for what it is.
    const program = c.functions.find((f) => f.name === '(program)');
    expect(program, c.functions.map((f) => f.name).join(', ')).toBeDefined();
    expect(program).toMatchObject({ notCode: 'program', location: expect.stringMatching(/^not a function — V8 and Node busy outside any JavaScript function/) });
    // The work itself is found on both sides.
    expect(c.functions.find((f) => f.name === 'burn')).toMatchObject({ status: 'changed' });
  }, 120_000);
});
