// Issue 22 item 6: bytes allocated per request learn their run-to-run noise
// from the library, as CPU per 1 000 requests does. A real SQLite library
// holds repeats whose profiles carry real allocation profiles (node
// --heap-prof's and Chromium's files, one on the main thread and one in a
// worker); the library keeps each one's bytes per request when it is saved or
// imported, and Compare's noise reads that figure, never a profile.
import { describe, expect, it } from 'vitest';
import { DatabaseSync } from 'node:sqlite';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Library } from '../../../electron/services/library/library.ts';
import { prepareImport, toBundle } from '../../../electron/services/library/files.ts';
import { MIGRATIONS, APPLICATION_ID } from '../../../electron/services/library/schema.ts';
import { libraryNoise } from '../../../electron/services/compare/compare-noise.ts';
import { buildComparison, roundFromRecording } from '../../../shared/compare/index.ts';
import { importWholeProcessWithAllocations } from '../../../shared/profile/import/all-threads.ts';
import { requestAllocatedBytesOf } from '../../../shared/memory/allocations.ts';
import type { HeapProfile } from '../../../shared/recording/memory.ts';
import type { RecordingResult } from '../../../shared/api.ts';
import { makeRecording, realProfileText } from '../../helpers/profiles.ts';

const fixture = (file: string) => JSON.parse(readFileSync(path.join(import.meta.dirname, '../../fixtures/profiles', file), 'utf8')) as HeapProfile;
const mainHeap = fixture('node24-heap-prof.heapprofile');
const workerHeap = fixture('chromium-allocation-sampling.heapprofile');
/** Every byte of the two real files: a run of `requests` that sampled both allocates this much per request times `scale`. */
const bytesOfBoth = requestAllocatedBytesOf([mainHeap, workerHeap], null)!;

/** `heap` scaled: a run that allocated `scale` times what the file holds. */
function scaled(heap: HeapProfile, scale: number): HeapProfile {
  const copy = structuredClone(heap);
  const stack = [copy.head];
  while (stack.length) {
    const n = stack.pop()!;
    n.selfSize = Math.round(n.selfSize * scale);
    stack.push(...n.children);
  }
  return copy;
}

/** A recording of `env`'s settings whose main thread and worker allocated `scale` × the fixtures, over 1 000 requests. */
function run(env: Record<string, string>, scale: number, over: Partial<RecordingResult> = {}): RecordingResult {
  const rec = makeRecording(over);
  rec.target = { ...rec.target!, env };
  rec.load = { ...rec.load!, requests: 1000 };
  rec.profile = {
    ...JSON.parse(realProfileText()), flambeAllocations: scaled(mainHeap, scale),
    flambeThreads: [{ name: 'worker 1 (w.js)', profile: { ...JSON.parse(realProfileText()), flambeAllocations: scaled(workerHeap, scale) } }],
  };
  return rec;
}

const tmp = () => mkdtempSync(path.join(tmpdir(), 'flambe-bytes-noise-'));

/** Compare as the CLI and the Compare screen build it: the profiles read from the library, the noise from its metadata. */
function compare(lib: Library, a: string, b: string) {
  const round = (id: string) => {
    const rec = lib.get(id);
    const { profile, allocations } = importWholeProcessWithAllocations(rec.profile);
    return roundFromRecording(rec, profile, allocations);
  };
  const [ra, rb] = [round(a), round(b)];
  return buildComparison([ra], [rb], { noise: libraryNoise(lib, ra.meta, rb.meta) });
}

describe('bytes allocated per request in the library, for the noise of repeats', () => {
  it('keeps every thread\'s bytes per request (Compare\'s own figure) when a recording is saved or imported from its bundle', () => {
    const lib = new Library(path.join(tmp(), 'lib.sqlite'));
    const rec = run({ LOG: '0' }, 2);
    lib.save(rec);
    const [kept] = lib.runsLike(['server.js'], []);
    expect(kept.bytesPerRequest).toBeCloseTo((2 * bytesOfBoth) / 1000, 0);
    // A .flambe bundle of it, imported into another library, keeps the same figure.
    const other = new Library(path.join(tmp(), 'other.sqlite'));
    const { rec: imported, packed } = prepareImport('run.flambe', toBundle(lib.get(rec.id)));
    other.save(imported, 'imported', packed);
    expect(other.runsLike(['server.js'], [])[0].bytesPerRequest).toBe(kept.bytesPerRequest);
    // A recording without allocations, or without requests, keeps none.
    const none = makeRecording();
    lib.save(none);
    expect(lib.runsLike(['server.js'], []).find((r) => r.id === none.id)!.bytesPerRequest).toBeNull();
    lib.close();
    other.close();
  });

  it('gives Compare\'s allocation row an interval from three repeats of the same settings, and cannot tell from repeats of other settings', () => {
    const lib = new Library(path.join(tmp(), 'lib.sqlite'));
    // Three repeats of LOG=0 (±5% between them), and a run with LOG=1 that allocates 3× as much.
    const repeats = [1, 1.05, 0.95].map((s) => run({ LOG: '0' }, s));
    const logged = run({ LOG: '1' }, 3);
    for (const r of [...repeats, logged]) lib.save(r);
    const c = compare(lib, repeats[0].id, logged.id);
    const m = c.allocations!.bytesPerRequest;
    // The figure the library kept is the figure Compare compares.
    expect(m.a).toBeCloseTo(lib.runsLike(['server.js'], []).find((r) => r.id === repeats[0].id)!.bytesPerRequest!, 6);
    expect(m).toMatchObject({ basis: 'repeats', significant: true });
    expect(m.deltaPercent).toBeCloseTo(200, 0);
    expect(m.ci95![0]).toBeGreaterThan(100);
    expect(c.verdict).toMatch(/Allocated per request: [\d.]+ KiB → [\d.]+ KiB \(\+200%; 95% interval \+\d+% to \+\d+%, from the noise of repeated recordings\)\./);
    // LOG=1 against LOG=2 and LOG=3: one run of each setting is no repeat, whatever the target and route share.
    const other = run({ LOG: '2' }, 1);
    const third = run({ LOG: '3' }, 1);
    lib.save(other);
    lib.save(third);
    expect(compare(lib, logged.id, other.id).allocations!.bytesPerRequest).toMatchObject({ basis: 'single', significant: null, ci95: null });
    // Two runs of the same thing are no different: the interval holds 0.
    const same = compare(lib, repeats[1].id, repeats[2].id).allocations!.bytesPerRequest;
    expect(same).toMatchObject({ basis: 'repeats', significant: false });
    lib.close();
  });

  it('a library of version 7 gains the column; its older recordings stay NULL and do not count as repeats (their profiles are not read)', () => {
    const f = path.join(tmp(), 'v7.sqlite');
    const db = new DatabaseSync(f);
    db.exec(`PRAGMA application_id = ${APPLICATION_ID}`);
    for (let v = 0; v < 7; v++) db.exec(MIGRATIONS[v]);
    db.exec('PRAGMA user_version = 7');
    db.close();
    // Three repeats saved "before" (their column then cleared, as a version-7 Flambé left it), one after.
    let lib = new Library(f);
    const old = [1, 1.05, 0.95].map((s) => run({ LOG: '0' }, s));
    for (const r of old) lib.save(r);
    lib.close();
    const raw = new DatabaseSync(f);
    raw.exec('UPDATE recordings SET bytes_per_request = NULL');
    raw.close();
    lib = new Library(f);
    const logged = run({ LOG: '1' }, 3);
    lib.save(logged);
    const kept = lib.runsLike(['server.js'], []);
    expect(kept.filter((r) => r.bytesPerRequest === null).map((r) => r.id).sort()).toEqual(old.map((r) => r.id).sort());
    const c = compare(lib, old[0].id, logged.id);
    expect(c.allocations!.bytesPerRequest).toMatchObject({ basis: 'single', significant: null });
    // CPU's noise, from the columns version 7 had, still comes from them.
    expect(c.cpuMsPer1kRequests!.basis).toBe('repeats');
    lib.close();
  });
});
