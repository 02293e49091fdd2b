// Groups (schema 6): an experiment or a sweep is one group of recordings —
// listed as one row, exported as one .flambe, imported back as the same
// group, deleted with its recordings — and a version-5 library with an
// experiment migrates to it without losing anything.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Library } from '../../../electron/services/library/library.ts';
import { MIGRATIONS } from '../../../electron/services/library/schema.ts';
import { createFlambeService, type FlambeService } from '../../../electron/services/service.ts';
import type { FlambeEvent } from '../../../shared/api.ts';
import type { ExperimentResult } from '../../../shared/experiment/types.ts';
import { repo, waitFor } from '../../helpers/demo.ts';

const file = () => path.join(mkdtempSync(path.join(tmpdir(), 'flambe-groups-')), 'lib.sqlite');
const services: FlambeService[] = [];
afterAll(async () => { await Promise.all(services.map((s) => s.dispose())); });

function serviceOn(libraryPath: string) {
  const service = createFlambeService({ libraryPath });
  services.push(service);
  const events: FlambeEvent[] = [];
  service.onEvent((e) => events.push(e));
  return { service, events };
}

describe('a version-5 library with an experiment', () => {
  it('migrates to groups (6) and loses nothing: the experiment, its rounds, its recordings', () => {
    const f = file();
    const db = new DatabaseSync(f);
    for (const m of MIGRATIONS.slice(0, 5)) db.exec(m);
    const result = {
      id: 'exp-5', name: 'LOG=1 vs LOG=0', createdAt: '2026-11-20T10:00:00.000Z', status: 'done', order: 'AB', error: null, output: 'file',
      variants: { a: { name: 'LOG=1', what: 'LOG=1' }, b: { name: 'LOG=0', what: 'LOG=0' } },
      rounds: ['r1', 'r2'].map((recordingId, index) => ({ index, variant: index ? 'B' : 'A', round: 1, recordingId, requests: 10, rps: 5, p50Ms: 1, p90Ms: 2, p99Ms: 3, cpuMsPer1k: null, bucketsMsPer1k: null, error: null, complete: true, stdout: 'file' })),
      comparison: { verdict: 'Without the console.log, the server answers 2× the requests per second.' },
    };
    db.exec(`PRAGMA application_id = 1179405634; PRAGMA user_version = 5;
      INSERT INTO recordings (id, name, created_at) VALUES ('r1', 'round A1', '2026-11-20T10:00:01.000Z'), ('r2', 'round B1', '2026-11-20T10:00:02.000Z'), ('loose', 'other', '2026-11-19T10:00:00.000Z');`);
    db.prepare(`INSERT INTO experiments (id, name, created_at, status, run_order, a_name, b_name, verdict, error, result) VALUES (?, ?, ?, 'done', 'AB', 'LOG=1', 'LOG=0', ?, NULL, ?)`)
      .run(result.id, result.name, result.createdAt, result.comparison.verdict, JSON.stringify(result));
    db.exec(`INSERT INTO experiment_rounds VALUES ('exp-5', 'r1', 0, 'A', 1), ('exp-5', 'r2', 1, 'B', 1);`);
    db.close();

    const lib = new Library(f);
    expect(lib.getExperiment('exp-5')).toEqual(result);
    expect(lib.listExperiments()).toEqual([{
      id: 'exp-5', name: 'LOG=1 vs LOG=0', createdAt: result.createdAt, status: 'done', aName: 'LOG=1', bName: 'LOG=0', rounds: 2,
      verdict: result.comparison.verdict, recordingIds: ['r1', 'r2'],
    }]);
    expect(lib.listGroups()).toEqual([{
      id: 'exp-5', kind: 'experiment', name: 'LOG=1 vs LOG=0', createdAt: result.createdAt, status: 'done', summary: result.comparison.verdict,
      detail: 'LOG=1 vs LOG=0', members: [{ recordingId: 'r1', label: 'A', round: 1 }, { recordingId: 'r2', label: 'B', round: 1 }],
    }]);
    expect(lib.list({ limit: 100 }).total).toBe(3);
    // The Library's main list: the rounds are under their group, not loose.
    expect(lib.list({ limit: 100, grouped: 'loose' }).rows.map((r) => r.id)).toEqual(['loose']);
    const tables = (new DatabaseSync(f).prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((t) => t.name);
    expect(tables).not.toContain('experiments');
    lib.close();
  });
});

describe('groups through the service, on a real SQLite file', () => {
  const script = path.join(repo, 'test/fixtures/log-switch/server.cjs');

  it('keeps a real experiment and a real sweep as groups: listed, exported as one .flambe each, imported into a fresh library as the same groups', async () => {
    const { service, events } = serviceOn(file());
    const { experimentId } = await service.api.startExperiment({
      target: { kind: 'launch', launch: { script } }, differ: { kind: 'env', a: { LOG: '1' }, b: { LOG: '0' } },
      rounds: 1, load: { url: '/', connections: 2, durationSec: 1 }, warmupSec: 0, seed: 1,
    });
    await waitFor(() => events.find((e) => e.name === 'experimentDone' && e.payload.experimentId === experimentId), 90_000, 'experimentDone');
    const exp = await service.api.getExperiment({ id: experimentId });
    expect(exp.rounds).toHaveLength(2);

    const target = await service.api.launchTarget({ script });
    const base = (await waitFor(async () => (await service.api.getTarget({ targetId: target.targetId })).suggestedUrls[0], 10_000, 'port')).replace(/\/$/, '');
    const sweep = await service.api.runSweep({ targetId: target.targetId, load: { url: `${base}/` }, levels: [1, 2], levelSec: 0.5, warmupSec: 0, profile: 2 });
    await service.api.stopTarget({ targetId: target.targetId });
    expect(sweep.levels).toHaveLength(2);

    const groups = await service.api.listGroups({});
    expect(groups.map((g) => g.kind).sort()).toEqual(['experiment', 'sweep']);
    const expRow = groups.find((g) => g.kind === 'experiment')!;
    expect(expRow).toMatchObject({ id: experimentId, detail: `${exp.variants.a.name} vs ${exp.variants.b.name}`, summary: exp.comparison!.verdict });
    expect(expRow.members.map((m) => m.recordingId)).toEqual(exp.rounds.map((r) => r.recordingId));
    expect(expRow.members.every((m) => m.row?.id === m.recordingId && (m.label === 'A' || m.label === 'B'))).toBe(true);
    const sweepRow = groups.find((g) => g.kind === 'sweep')!;
    expect(sweepRow).toMatchObject({ id: sweep.id, name: sweep.name, detail: '1, 2 connections' });
    expect(sweepRow.members.map((m) => m.label)).toEqual(['1', '2']);
    expect(await service.api.getSweep({ id: sweep.id })).toEqual(sweep);
    // The main list holds none of them as loose rows (nor their tags, for its chips); the full list does.
    expect((await service.api.listRecordings({ grouped: 'loose' })).tags).not.toContain('experiment');
    expect((await service.api.listRecordings({})).tags).toContain('experiment');
    const memberIds = groups.flatMap((g) => g.members.map((m) => m.recordingId));
    expect((await service.api.listRecordings({ grouped: 'loose' })).rows.filter((r) => memberIds.includes(r.id))).toEqual([]);
    expect((await service.api.listRecordings({})).total).toBe(4);

    // One file each, imported into a fresh library: the same groups, the same recordings (profiles included).
    const expFile = await service.api.exportGroup({ id: experimentId });
    const sweepFile = await service.api.exportGroup({ id: sweep.id });
    expect(expFile.fileName).toMatch(/\.flambe$/);
    const fresh = serviceOn(file()).service;
    const imported = await fresh.api.importFile({ fileName: expFile.fileName, content: expFile.content });
    expect(imported.group).toEqual({ id: experimentId, kind: 'experiment', name: exp.name });
    await fresh.api.importFile({ fileName: sweepFile.fileName, content: new TextEncoder().encode(sweepFile.content) });
    const back = await fresh.api.listGroups({});
    const strip = (g: (typeof groups)[number]) => ({ ...g, members: g.members.map(({ row, ...m }) => ({ ...m, name: row?.name, rps: row?.rps, hasProfile: row?.hasProfile })) });
    expect(back.map(strip).sort((x, y) => x.kind.localeCompare(y.kind))).toEqual(groups.map(strip).sort((x, y) => x.kind.localeCompare(y.kind)));
    expect(await fresh.api.getExperiment({ id: experimentId })).toEqual(exp);
    expect(await fresh.api.getSweep({ id: sweep.id })).toEqual(sweep);
    const profiled = sweep.levels.find((l) => l.profiled)!;
    expect(Buffer.from(await fresh.api.getProfile({ id: profiled.recordingId })).toString()).toEqual(Buffer.from(await service.api.getProfile({ id: profiled.recordingId })).toString());

    // The same file again: a second group with new ids, the first untouched.
    const again = await fresh.api.importFile({ fileName: expFile.fileName, content: expFile.content });
    expect(again.group!.id).not.toBe(experimentId);
    const second = await fresh.api.getExperiment({ id: again.group!.id });
    expect(second.rounds.map((r) => r.recordingId)).not.toEqual(exp.rounds.map((r) => r.recordingId));
    expect(second.comparison).toEqual(exp.comparison);
    expect((await fresh.api.listRecordings({})).total).toBe(6);

    // Deleting a group deletes its recordings (the UI says so before).
    const { recordingIds } = await fresh.api.deleteGroup({ id: again.group!.id });
    expect(recordingIds).toEqual(second.rounds.map((r) => r.recordingId));
    expect((await fresh.api.listRecordings({})).total).toBe(4);
    await expect(fresh.api.getExperiment({ id: again.group!.id })).rejects.toThrow(/not in the library/);
    expect((await fresh.api.listGroups({})).length).toBe(2);
  }, 150_000);

  it('refuses a damaged group bundle in one sentence, and writes nothing', async () => {
    const lib = file();
    const { service } = serviceOn(lib);
    const target = await service.api.launchTarget({ script });
    const base = (await waitFor(async () => (await service.api.getTarget({ targetId: target.targetId })).suggestedUrls[0], 10_000, 'port')).replace(/\/$/, '');
    const sweep = await service.api.runSweep({ targetId: target.targetId, load: { url: `${base}/` }, levels: [1, 2], levelSec: 0.3, warmupSec: 0, profile: 1 });
    await service.api.stopTarget({ targetId: target.targetId });
    const good = JSON.parse((await service.api.exportGroup({ id: sweep.id })).content) as { group: { result: { levels: { recordingId: string }[] }; members: { recording: Record<string, unknown> }[] } };
    const fresh = serviceOn(file()).service;
    const cases: [string, (b: typeof good) => void, RegExp][] = [
      ['a level names a recording the file does not carry', (b) => { b.group.result.levels[1].recordingId = 'elsewhere'; }, /sweep names a recording the file does not carry \(elsewhere\)/],
      ['a recording no level names', (b) => { b.group.members.push({ ...b.group.members[0], recording: { ...b.group.members[0].recording, id: 'extra' } }); }, /carries a recording none of its levels names/],
      ['a member recording has no name', (b) => { b.group.members[1].recording.name = 7; }, /members\[1\]\.name should be text, not the number 7/],
      ['the profiled level\'s profile is not a profile', (b) => { b.group.members[0].recording.profile = { hello: 1 }; }, /is not a usable CPU profile/],
      ['the knee is text', (b) => { (b.group.result as Record<string, unknown>).knee = 'soon'; }, /result\.knee should be an object, not text/],
    ];
    for (const [what, breakIt, message] of cases) {
      const b = structuredClone(good);
      breakIt(b);
      const err = await fresh.api.importFile({ fileName: 'sweep.flambe', content: JSON.stringify(b) }).then(() => null, (e: Error) => e.message);
      expect(err, what).toMatch(message);
      expect(err, what).toMatch(/^sweep\.flambe [^\n]*\.( Nothing was imported\.)?$/);
      expect((await fresh.api.listRecordings({})).total, what).toBe(0);
      expect(await fresh.api.listGroups({}), what).toEqual([]);
    }
  }, 60_000);
});

describe('an experiment group in the Library\'s order', () => {
  it('lists the members of an experiment in run order with their variant and round', () => {
    const lib = new Library(file());
    const ids = ['a', 'b', 'c', 'd'];
    for (const id of ids) lib.save({ id, name: id, createdAt: '2026-01-01T00:00:00.000Z', target: null, settings: null, load: null, profile: null, samples: [], error: null, tags: [], notes: '' });
    const exp = {
      id: 'e', name: 'e', createdAt: '2026-01-01T00:00:00.000Z', status: 'done', order: 'BA', error: null, output: null, comparison: null,
      variants: { a: { name: 'x', what: 'x' }, b: { name: 'y', what: 'y' } },
      rounds: ids.map((recordingId, index) => ({ index, variant: index % 2 ? 'A' : 'B', round: Math.floor(index / 2) + 1, recordingId })),
    } as unknown as ExperimentResult;
    lib.saveExperiment(exp);
    expect(lib.listGroups()[0].members).toEqual([
      { recordingId: 'a', label: 'B', round: 1 }, { recordingId: 'b', label: 'A', round: 1 }, { recordingId: 'c', label: 'B', round: 2 }, { recordingId: 'd', label: 'A', round: 2 },
    ]);
    lib.close();
  });
});
