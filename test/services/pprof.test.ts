// pprof both ways: Flambé's export (pprof-format's encoder, gzipped) read back
// by Flambé's own protobuf reader (shared/profile/import/pprof.ts, written apart from
// that encoder), a real Go CPU profile, and — when Go is installed — the
// reference reader, `go tool pprof`, on both.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Profile as PprofProfile, StringTable, ValueType, Sample, Location, Line, Function as PprofFunction } from 'pprof-format';
import { describe, expect, it } from 'vitest';
import { encodePprof, exportPprof } from '../../electron/services/formats/export-pprof.ts';
import { createFlambeService } from '../../electron/services/service.ts';
import { gunzipIfNeeded } from '../../electron/services/formats/gunzip.ts';
import { analyzeProfile } from '../../shared/profile/views/analyze.ts';
import { decodePprof } from '../../shared/profile/import/pprof.ts';
import { importProfile, importProfileWithFormat } from '../../shared/profile/import/any-format.ts';
import { repo } from '../helpers/demo.ts';

const fixture = (name: string) => path.join(repo, 'test/fixtures/profiles', name);
const dir = mkdtempSync(path.join(tmpdir(), 'flambe-pprof-'));
const hasGo = (() => { try { execFileSync('go', ['version'], { stdio: 'ignore' }); return true; } catch { return false; } })();

/** `go tool pprof -top` as { function: [flat ms, cum ms] }. */
function goTop(file: string): Map<string, [number, number]> {
  const out = execFileSync('go', ['tool', 'pprof', '-top', '-nodecount=100000', '-unit=ms', file], { encoding: 'utf8', env: { ...process.env, GOTOOLCHAIN: 'local' } });
  const rows = new Map<string, [number, number]>();
  for (const line of out.split('\n')) {
    const m = /^\s*([\d.]+)ms\s+[\d.]+%\s+[\d.]+%\s+([\d.]+)ms\s+[\d.]+%\s+(.+)$/.exec(line);
    if (m) rows.set(m[3].trim(), [Number(m[1]), Number(m[2])]);
  }
  return rows;
}

const selfByFunction = (p: ReturnType<typeof importProfile>) => new Map(analyzeProfile(p).functions.map((f) => [`${f.name} ${f.location}:${f.column}`, f.selfMs]));

describe('pprof export', () => {
  for (const name of ['node22.cpuprofile', 'node24.cpuprofile', 'devtools-trace.json']) {
    it(`round-trips ${name}: every function's self time within 1%`, () => {
      const p = importProfile(readFileSync(fixture(name), 'utf8'), name);
      const file = exportPprof(p);
      const { profile: back, format } = importProfileWithFormat(gunzipIfNeeded(file), 'x.pb.gz');
      expect(format).toBe('pprof');
      const before = selfByFunction(p);
      const after = selfByFunction(back);
      expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
      expect(after.size).toBe(analyzeProfile(p).functions.length); // no two functions share a key
      for (const [fn, ms] of before) expect(Math.abs(after.get(fn)! - ms)).toBeLessThanOrEqual(0.01 * ms + 1e-6);
      expect(back.durationMs).toBeCloseTo(p.durationMs, 3);
    });
  }

  it('writes a time sample type, the duration and one value per sample', () => {
    const p = importProfile(readFileSync(fixture('node22.cpuprofile'), 'utf8'));
    const d = decodePprof(gunzipSync(exportPprof(p, { startedAtMs: 1_700_000_000_000 })));
    expect(d.sampleTypes).toEqual([{ type: 'samples', unit: 'count' }, { type: 'wall', unit: 'nanoseconds' }]);
    expect(d.strings[d.defaultSampleType]).toBe('wall');
    expect(d.timeNanos).toBe(1_700_000_000_000 * 1e6);
    expect(d.durationNanos).toBe(Math.round(p.durationMs * 1e6));
    expect(d.samples.reduce((s, x) => s + x.values[0], 0)).toBe(p.samples.length);
    expect(Math.abs(d.samples.reduce((s, x) => s + x.values[1], 0) - p.durationMs * 1e6)).toBeLessThan(d.samples.length);
  });

  it.skipIf(!hasGo)('opens in go tool pprof with the same times', () => {
    const p = importProfile(readFileSync(fixture('node22.cpuprofile'), 'utf8'));
    const out = path.join(dir, 'node22.pb.gz');
    writeFileSync(out, exportPprof(p));
    const top = goTop(out);
    const a = analyzeProfile(p);
    for (const f of a.functions.filter((x) => x.selfMs > 5)) {
      const row = [...top.entries()].find(([k]) => k === f.name || k.endsWith(` ${f.name}`) || k.startsWith(`${f.name} `));
      expect(row, f.name).toBeDefined();
      expect(Math.abs(row![1][0] - f.selfMs)).toBeLessThanOrEqual(0.01 * f.selfMs + 0.01); // -top rounds to 0.01 ms
    }
  });
});

describe('pprof export from the library (the Export button)', () => {
  it('exports a saved recording as base64 .pb.gz that reads back to the same times', async () => {
    const service = createFlambeService({ libraryPath: path.join(dir, 'library.sqlite') });
    try {
      const text = readFileSync(fixture('node24.cpuprofile'), 'utf8');
      const row = await service.api.importFile({ fileName: 'node24.cpuprofile', content: text });
      const file = await service.api.exportRecording({ id: row.id, format: 'pprof' });
      expect(file.fileName).toBe('node24.pb.gz');
      expect(file.encoding).toBe('base64');
      const back = importProfile(gunzipSync(Buffer.from(file.content, 'base64')));
      expect(back.durationMs).toBeCloseTo(importProfile(text).durationMs, 3);
    } finally {
      await service.dispose();
    }
  });
});

describe('pprof import', () => {
  it('reads a real Go CPU profile (runtime/pprof, gzipped)', () => {
    const { profile, format } = importProfileWithFormat(gunzipIfNeeded(readFileSync(fixture('go-cpu.pb.gz'))), 'go-cpu.pb.gz');
    expect(format).toBe('pprof');
    const a = analyzeProfile(profile);
    const names = new Set(a.functions.map((f) => f.name));
    for (const fn of ['main.hash', 'main.sieve', 'main.main']) expect(names).toContain(fn);
    expect(a.functions.reduce((s, f) => s + f.selfMs, 0)).toBeCloseTo(profile.durationMs, 6);
    if (!hasGo) return;
    // The reference reader's flat and cumulative time for every function.
    const top = goTop(fixture('go-cpu.pb.gz'));
    const total = (name: string) => a.functions.find((f) => f.name === name)!;
    for (const [name, [flat, cum]] of top) {
      expect(total(name).selfMs, name).toBeCloseTo(flat, 6);
      expect(total(name).totalMs, name).toBeCloseTo(cum, 6);
    }
  });

  it('refuses a profile that measures no time, naming what it measures', () => {
    const strings = new StringTable();
    const fn = new PprofFunction({ id: 1, name: strings.dedup('alloc'), filename: strings.dedup('a.js') });
    const heap = new PprofProfile({
      sampleType: [new ValueType({ type: strings.dedup('space'), unit: strings.dedup('bytes') })],
      sample: [new Sample({ locationId: [1], value: [4096] })],
      location: [new Location({ id: 1, line: [new Line({ functionId: 1, line: 3 })] })],
      function: [fn], stringTable: strings,
    });
    expect(() => importProfile(heap.encode())).toThrow(/measures space\/bytes, not time/);
  });

  it('keeps one model sample per counted sample', () => {
    const p = importProfile(readFileSync(fixture('node22.cpuprofile'), 'utf8'));
    const back = importProfile(encodePprof(p));
    expect(back.samples.length).toBe(p.samples.length);
  });
});
