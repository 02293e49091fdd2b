// Bundles written by the Flambé before the recording schemas (issue 19) still
// import, each field as it was in the file: test/fixtures/bundles-v0/README.md
// says how they were made.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Library } from '../../../electron/services/library/library.ts';
import { prepareImport } from '../../../electron/services/library/files.ts';
import { createGroupApi } from '../../../electron/services/library/group-service.ts';
import { importProfile } from '../../../shared/profile/import/any-format.ts';
import { threadsOf } from '../../../shared/profile/threads.ts';
import { allocationsOf, EXTRA_KEYS, splitProfile } from '../../../shared/recording/profile-extras.ts';

const dir = 'test/fixtures/bundles-v0';
const read = (name: string) => readFileSync(path.join(dir, name), 'utf8');
const tmpLibrary = () => new Library(path.join(mkdtempSync(path.join(tmpdir(), 'flambe-v0-')), 'lib.sqlite'));

type Bundled = Record<string, unknown> & { id: string; profile: unknown };
/** What the file says of a recording, as the library gives it back (its tags as a set, in order). */
const asStored = (r: Bundled) => ({ ...r, tags: [...new Set(r.tags as string[])].sort() });

describe('bundles from before the recording schemas', () => {
  it('a v1 recording with routes, rate and phases imports with every field it carried', () => {
    const text = read('two-routes-rate.flambe');
    const file = JSON.parse(text) as { recording: Bundled & { load: Record<string, unknown> } };
    const lib = tmpLibrary();
    try {
      const { rec, packed } = prepareImport('two-routes-rate.flambe', text);
      lib.save(rec, 'recorded', packed);
      const back = lib.get(file.recording.id);
      expect(back).toEqual(asStored(file.recording));
      // The fields the old reader dropped, named: the import shows them now.
      expect(Object.keys(back.load!)).toEqual(expect.arrayContaining(['routes', 'rate', 'phases', 'clock', 'histogram', 'percentiles', 'connections', 'generatorCpuUsPerRequest']));
      expect(back.load!.latencyMs.p999).toBeGreaterThan(0);
      expect(back.target!.env).toEqual({ API_TOKEN: 's3cret', MODE: 'a' });
    } finally {
      lib.close();
    }
  });

  it.each(['experiment.flambe', 'sweep.flambe'])('%s (v2) imports as the same group with every recording whole', (name) => {
    const text = read(name);
    const file = JSON.parse(text) as { group: { id: string; kind: string; result: Record<string, unknown>; members: { recording: Bundled }[] } };
    const lib = tmpLibrary();
    try {
      const api = createGroupApi({ needLibrary: () => lib, fetch: (id) => lib.get(id), metaOf: (id) => lib.meta(id), changed: () => {} });
      api.saveImported(prepareImport(name, text));
      const result = file.group.kind === 'experiment' ? lib.getExperiment(file.group.id) : api.getSweep(file.group.id);
      expect(result).toEqual(file.group.result);
      for (const m of file.group.members) expect(lib.get(m.recording.id)).toEqual(asStored(m.recording));
    } finally {
      lib.close();
    }
  });

  it('a TypeScript server\'s recording with worker threads and allocations: every addition to its profile reads as typed', () => {
    const text = read('ts-workers-allocations.flambe');
    const file = JSON.parse(text) as { recording: Bundled & { profile: Record<string, unknown> } };
    const lib = tmpLibrary();
    try {
      const { rec, packed } = prepareImport('ts-workers-allocations.flambe', text);
      lib.save(rec, 'recorded', packed);
      const back = lib.get(file.recording.id);
      expect(back).toEqual(asStored(file.recording));
      const { v8, extras } = splitProfile(back.profile);
      // Every addition that Flambé wrote, read through the schema, as the file has it.
      expect(Object.keys(extras).sort()).toEqual(['allocations', 'originalFrames', 'originalLines', 'probeMs', 'sourceLines', 'threads']);
      for (const [name, key] of Object.entries(EXTRA_KEYS)) expect(extras[name as keyof typeof extras]).toEqual(file.recording.profile[key]);
      expect(Object.keys(v8)).toEqual(['nodes', 'startTime', 'endTime', 'samples', 'timeDeltas']);
      // What the model shows of them: the original TypeScript file, both workers, the allocations.
      expect(importProfile(back.profile).frames.some((f) => f.url.endsWith('/src/shop.ts'))).toBe(true);
      expect(threadsOf(back.profile).map((t) => t.name)).toEqual(['main thread', 'worker 1 (hasher.js)', 'worker 2 (hasher.js)']);
      expect(allocationsOf(back.profile)?.head.children.length).toBeGreaterThan(0);
    } finally {
      lib.close();
    }
  });
});
