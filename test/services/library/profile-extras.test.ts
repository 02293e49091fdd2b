// Issue 19 item 3: a recording's profile is V8's as V8 wrote it plus Flambé's
// additions, typed (shared/recording/profile-extras.ts). A file Flambé exports
// must stay a plain V8 profile to DevTools and speedscope: they read V8's keys
// (nodes, startTime, endTime, samples, timeDeltas; DevTools also head,
// timestamps and lines) and ignore the rest, so the additions must sit under
// keys of their own, and V8's keys must be V8's values.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Library } from '../../../electron/services/library/library.ts';
import { exportStoredProfile } from '../../../electron/services/formats/export-recording.ts';
import { importProfile } from '../../../shared/profile/import/any-format.ts';
import {
  EXTRA_KEYS, extrasOf, joinProfile, profileExtrasSchema, rawExtrasOf, splitProfile, type ProfileExtras,
} from '../../../shared/recording/profile-extras.ts';
import { makeRecording, realProfileText } from '../../helpers/profiles.ts';

/** The keys DevTools' CPUProfileDataModel and speedscope's importFromChromeCPUProfile read. */
const READ_BY_TOOLS = ['nodes', 'startTime', 'endTime', 'samples', 'timeDeltas', 'head', 'timestamps', 'lines'];

const v8 = () => JSON.parse(realProfileText()) as Record<string, unknown>;
const heap = JSON.parse(readFileSync('test/fixtures/profiles/node24-heap-prof.heapprofile', 'utf8')) as ProfileExtras['allocations'];
const EVERY_EXTRA: Required<ProfileExtras> = {
  threads: [{ name: 'worker 1 (hash-worker.js)', profile: v8() }],
  sourceLines: { 'file:///app/server.js': { 3: 'const s = JSON.stringify(x);' } },
  originalFrames: { 'file:///app/dist/a.js\u00001\u000010': ['file:///app/src/a.ts', 3, 4, 'handler'] },
  originalLines: { 'file:///app/dist/a.js': { 1: ['file:///app/src/a.ts', 3] } },
  lastSampleUs: 1234,
  allocations: heap!,
  probeMs: 2.5,
  processes: { primaryRequests: 0, children: [{ pid: 4242, role: 'cluster worker', requests: 921, profile: v8() }], refused: [] },
};

describe("a profile's additions", () => {
  it('each one declared in the schema has a key of its own in a file, one V8 and the tools never use', () => {
    expect(Object.keys(EXTRA_KEYS).sort()).toEqual(Object.keys(profileExtrasSchema.shape).sort());
    expect(Object.keys(EVERY_EXTRA).sort()).toEqual(Object.keys(profileExtrasSchema.shape).sort());
    const keys = Object.values(EXTRA_KEYS);
    expect(new Set(keys).size).toBe(keys.length);
    for (const k of keys) expect(k).toMatch(/^flambe[A-Z]/);
    expect(keys.filter((k) => READ_BY_TOOLS.includes(k))).toEqual([]);
  });

  it('no source file but the schema spells an addition\'s key (code reads and writes them through it)', () => {
    const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) return e.name === 'test-support' || e.name === 'node_modules' ? [] : files(full);
      return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
    });
    const keys = new RegExp(`\\b(${Object.values(EXTRA_KEYS).join('|')})\\b`);
    const spelled = ['shared', 'electron', 'renderer/src'].flatMap(files)
      // The help texts name the file's keys for the user (loaded alone, without the schema: test/cli/help-loads.test.ts).
      .filter((f) => !f.endsWith(path.join('recording', 'profile-extras.ts')) && !f.includes(path.join('cli', 'help')))
      .flatMap((f) => readFileSync(f, 'utf8').split('\n').map((line, i) => ({ at: `${f}:${i + 1}`, code: line.replace(/\/\*.*?\*\/|\/\/.*$/g, '').replace(/^\s*(\/\*\*|\*).*$/, '') })))
      .filter((l) => keys.test(l.code)).map((l) => l.at);
    expect(spelled).toEqual([]);
  });

  it('read as { v8, extras }: V8 part exactly as V8 wrote it (its keys first, in its order), every addition typed', () => {
    const original = v8();
    const file = joinProfile(original, EVERY_EXTRA);
    expect(Object.keys(file).slice(0, Object.keys(original).length)).toEqual(Object.keys(original));
    const { v8: back, extras } = splitProfile(JSON.parse(JSON.stringify(file)));
    expect(back).toEqual(original);
    expect(extras).toEqual(EVERY_EXTRA);
  });

  it('a damaged addition is left out by a reader (the others kept); a bundle refuses it (test/services/library/bundle-refusals.test.ts)', () => {
    const file = { ...v8(), [EXTRA_KEYS.lastSampleUs]: 'soon', [EXTRA_KEYS.sourceLines]: EVERY_EXTRA.sourceLines };
    expect(extrasOf(file)).toEqual({ sourceLines: EVERY_EXTRA.sourceLines });
    expect(rawExtrasOf(file).lastSampleUs).toBe('soon');
  });

  it('a recording exported as .cpuprofile opens in DevTools and speedscope as the plain V8 profile', () => {
    const lib = new Library(path.join(mkdtempSync(path.join(tmpdir(), 'flambe-extras-')), 'lib.sqlite'));
    try {
      const original = v8();
      const rec = makeRecording({ profile: joinProfile(original, EVERY_EXTRA) });
      lib.save(rec);
      const text = lib.profileText(rec.id)!;
      for (const thread of [undefined, 0, 1]) {
        const out = JSON.parse(exportStoredProfile(text, 'run', 'cpuprofile', thread, 0).content) as Record<string, unknown>;
        const theirs = Object.keys(out).filter((k) => !Object.values<string>(EXTRA_KEYS).includes(k));
        // Only V8's keys besides the additions, each a V8 value (the tools' own check: a "nodes" list).
        expect(theirs.every((k) => READ_BY_TOOLS.includes(k)), `thread ${thread}: ${theirs.join()}`).toBe(true);
        expect(Array.isArray(out.nodes) && typeof out.startTime === 'number' && typeof out.endTime === 'number').toBe(true);
        expect((out.samples as unknown[]).length).toBe((out.timeDeltas as unknown[]).length);
        // The whole recording goes out as stored: V8's part is V8's, byte for byte.
        if (thread === undefined) expect(splitProfile(out).v8).toEqual(original);
        // One thread, through the model: the same samples.
        else expect((out.samples as unknown[]).length).toBe((original.samples as unknown[]).length);
      }
    } finally {
      lib.close();
    }
  });

  it('a recording written before this schema (its additions under flambe* keys) reads its additions', () => {
    const file = JSON.parse(readFileSync('test/fixtures/bundles-v0/two-routes-rate.flambe', 'utf8')) as { recording: { profile: Record<string, unknown> } };
    const old = file.recording.profile;
    const { v8: part, extras } = splitProfile(old);
    expect(extras.sourceLines).toEqual(old.flambeSourceLines);
    expect(Object.keys(part).sort()).toEqual(['endTime', 'nodes', 'samples', 'startTime', 'timeDeltas']);
    expect(importProfile(old).sourceLines?.size).toBeGreaterThan(0);
  });
});
