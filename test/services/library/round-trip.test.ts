// Issue 19: every path a recording takes keeps every field. The recordings
// are generated from the one schema (shared/recording/recording.ts) with every
// optional field present — routes, rate, phases, clock, histogram, p99.9, env
// and args, stdio, machine, a profile with every addition Flambé makes to
// V8's (shared/recording/profile-extras.ts: threads, source lines, original
// frames and lines, last sample, allocations, probes' time) — so a field or
// an addition declared in a schema later is generated too, and a path that
// does not carry it fails here.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Library } from '../../../electron/services/library/library.ts';
import { prepareImport } from '../../../electron/services/library/files.ts';
import { createGroupApi } from '../../../electron/services/library/group-service.ts';
import { writeBundle } from '../../../shared/formats/bundle.ts';
import { writeGroupBundle } from '../../../shared/formats/group-bundle.ts';
import { recordingResultSchema, type RecordingResult } from '../../../shared/recording/recording.ts';
import { experimentResultSchema, sweepResultSchema, type SweepResult } from '../../../shared/recording/groups.ts';
import { experimentSpecSchema } from '../../../shared/recording/settings.ts';
import type { ExperimentResult } from '../../../shared/experiment/types.ts';
import { extrasOf, joinProfile, profileExtrasSchema, splitProfile } from '../../../shared/recording/profile-extras.ts';
import { validArbitraryOf } from '../../helpers/schema-arbitrary.ts';
import { realProfileText } from '../../helpers/profiles.ts';

const tmpLibrary = () => new Library(path.join(mkdtempSync(path.join(tmpdir(), 'flambe-rt-')), 'lib.sqlite'));

/**
 * A real V8 profile with every addition of profileExtrasSchema, generated from
 * it: a worker thread's profile and the allocations are real files (their
 * shapes are V8's), the rest is generated field by field.
 */
const V8 = JSON.parse(realProfileText()) as Record<string, unknown>;
const extras = validArbitraryOf(profileExtrasSchema, {
  byKey: {
    threads: fc.constant([{ name: 'worker 1 (hash-worker.js)', profile: JSON.parse(realProfileText()) as Record<string, unknown> }]),
    allocations: fc.constant(JSON.parse(readFileSync('test/fixtures/profiles/node24-heap-prof.heapprofile', 'utf8')) as unknown),
    // A cluster worker's profile is a real file too (its own additions and all).
    processes: fc.constant({
      primaryRequests: 0, children: [{ pid: 4242, role: 'cluster worker', requests: 921, profile: JSON.parse(realProfileText()) as Record<string, unknown> }], refused: [{ pid: 4243, why: 'Process 4243 has exited.' }],
    }),
  },
});
const profiles = extras.map((x) => joinProfile(V8, x));

// The library keeps tags as a set, listed in order.
const tags = fc.uniqueArray(fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/), { minLength: 1, maxLength: 3 }).map((t) => t.sort());
const recordings = validArbitraryOf(recordingResultSchema, { byKey: { profile: profiles, tags } });
const spec = validArbitraryOf(experimentSpecSchema);
const experiments = validArbitraryOf(experimentResultSchema, { byKey: { spec } });
const sweeps = validArbitraryOf(sweepResultSchema);
/** Up to three recordings with distinct ids (a group's members). */
const members = fc.array(recordings, { minLength: 1, maxLength: 3 }).map((recs) => recs.map((r, i) => ({ ...r, id: `${r.id}-${i}` })));

const RUNS = { numRuns: 6, endOnFailure: true };

describe('a recording loses nothing on any path (property)', () => {
  it('library save → load', () => {
    fc.assert(fc.property(recordings, (rec) => {
      const lib = tmpLibrary();
      try {
        lib.save(rec);
        expect(lib.get(rec.id)).toEqual(rec);
      } finally {
        lib.close();
      }
    }), RUNS);
  });

  it('.flambe v1 export → import into another library', () => {
    fc.assert(fc.property(recordings, (rec) => {
      const lib = tmpLibrary();
      try {
        const { rec: meta, packed } = prepareImport('r.flambe', writeBundle(rec, { includeSecrets: true }));
        lib.save(meta, 'recorded', packed);
        expect(lib.get(rec.id)).toEqual(rec);
      } finally {
        lib.close();
      }
    }), RUNS);
  });

  const importGroup = (text: string) => {
    const lib = tmpLibrary();
    const api = createGroupApi({ needLibrary: () => lib, fetch: (id) => lib.get(id), metaOf: (id) => lib.meta(id), changed: () => {} });
    api.saveImported(prepareImport('g.flambe', text));
    return { lib, api };
  };

  it('an experiment bundle (v2) export → import', () => {
    fc.assert(fc.property(experiments, members, (result, recs) => {
      const rounds = recs.map((r, i) => ({ ...(result.rounds[i % result.rounds.length]), index: i, recordingId: r.id }));
      const exp = { ...result, rounds } as ExperimentResult;
      const text = writeGroupBundle({
        kind: 'experiment', id: exp.id, name: exp.name, result: exp,
        members: recs.map((r, i) => ({ recordingId: r.id, label: rounds[i].variant, round: rounds[i].round, recording: r })),
      }, { includeSecrets: true });
      const { lib } = importGroup(text);
      try {
        expect(lib.getExperiment(exp.id)).toEqual(exp);
        for (const r of recs) expect(lib.get(r.id)).toEqual(r);
      } finally {
        lib.close();
      }
    }), RUNS);
  });

  it('a sweep bundle (v2) export → import', () => {
    fc.assert(fc.property(sweeps, members, (result, recs) => {
      const levels = recs.map((r, i) => ({ ...(result.levels[i % result.levels.length]), connections: i + 1, recordingId: r.id }));
      const sweep: SweepResult = { ...result, levels };
      const text = writeGroupBundle({
        kind: 'sweep', id: sweep.id, name: sweep.name ?? 'Sweep', result: sweep,
        members: recs.map((r, i) => ({ recordingId: r.id, label: String(levels[i].connections), round: null, recording: r })),
      }, { includeSecrets: true });
      const { lib, api } = importGroup(text);
      try {
        expect(api.getSweep(sweep.id)).toEqual(sweep);
        for (const r of recs) expect(lib.get(r.id)).toEqual(r);
      } finally {
        lib.close();
      }
    }), RUNS);
  });

  it('the generator fills every field the schema declares (a new field is tested without touching this file)', () => {
    const rec = fc.sample(recordings, 1)[0] as RecordingResult;
    const missing: string[] = [];
    const walk = (schema: unknown, value: unknown, at: string) => {
      const def = (schema as { _zod: { def: { type: string; shape?: Record<string, unknown>; innerType?: unknown; element?: unknown } } })._zod.def;
      if (['optional', 'nullable', 'default'].includes(def.type)) return walk(def.innerType, value, at);
      if (value === undefined || value === null) return void missing.push(at);
      if (def.type === 'object') for (const [k, s] of Object.entries(def.shape!)) walk(s, (value as Record<string, unknown>)[k], `${at}.${k}`);
      if (def.type === 'array') walk(def.element, (value as unknown[])[0], `${at}[0]`);
    };
    walk(recordingResultSchema, rec, 'recording');
    walk(profileExtrasSchema, extrasOf(rec.profile), 'recording.profile.extras');
    expect(missing).toEqual([]);
    // …and V8's part is the profile as V8 wrote it.
    expect(splitProfile(rec.profile).v8).toEqual(V8);
  });
});
