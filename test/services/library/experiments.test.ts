// Experiments in the library (schema v5): one row per experiment, one link per
// round to its recording; what a target's stdout/stderr were attached to.
import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Library } from '../../../electron/services/library/library.ts';
import { MIGRATIONS, SCHEMA_VERSION } from '../../../electron/services/library/schema.ts';
import { experimentSpecSchema } from '../../../shared/api.ts';
import type { ExperimentResult } from '../../../shared/experiment/types.ts';
import { makeRecording } from '../../helpers/profiles.ts';

const file = () => path.join(mkdtempSync(path.join(tmpdir(), 'flambe-lib-exp-')), 'lib.sqlite');

function experiment(recordingIds: string[]): ExperimentResult {
  return {
    id: 'exp-1', name: 'LOG=1 vs LOG=0', createdAt: '2026-11-23T18:00:00.000Z', order: 'BA', status: 'done', error: null, output: 'file',
    spec: experimentSpecSchema.parse({ target: { kind: 'demo' }, differ: { kind: 'env', a: { LOG: '1' }, b: { LOG: '0' } }, load: { url: '/log' } }),
    variants: { a: { name: 'LOG=1', what: 'LOG=1' }, b: { name: 'LOG=0', what: 'LOG=0' } },
    rounds: recordingIds.map((recordingId, index) => ({
      index, variant: index % 2 ? 'A' : 'B', round: Math.floor(index / 2) + 1, recordingId, requests: 1000, rps: 500, p50Ms: 1, p90Ms: 2, p99Ms: 3,
      cpuMsPer1k: 100, bucketsMsPer1k: { logging: 10 }, error: null, complete: true, stdout: 'file',
    })),
    comparison: null,
  };
}

describe('experiments in the library', () => {
  it('keeps an experiment as one group whose rounds are its recordings, listed as one row', () => {
    const lib = new Library(file());
    const recs = [0, 1, 2, 3].map(() => lib.save(makeRecording({ tags: ['experiment'] })));
    const exp = experiment(recs.map((r) => r.id));
    lib.saveExperiment(exp);
    expect(lib.getExperiment('exp-1')).toEqual(exp);
    // Saved again after more rounds (the runner saves after every round): updated in place.
    lib.saveExperiment({ ...exp, status: 'stopped' });
    expect(lib.listExperiments()).toEqual([{
      id: 'exp-1', name: 'LOG=1 vs LOG=0', createdAt: exp.createdAt, status: 'stopped', aName: 'LOG=1', bName: 'LOG=0', rounds: 4, verdict: null,
      recordingIds: recs.map((r) => r.id),
    }]);
    // Deleting a recording unlinks its round; the experiment keeps the others.
    lib.delete(recs[1].id);
    expect(lib.getExperiment('exp-1').rounds.map((r) => r.recordingId)).toEqual([recs[0].id, recs[2].id, recs[3].id]);
    expect(lib.listExperiments()[0].rounds).toBe(3);
    expect(() => lib.getExperiment('nope')).toThrow(/not in the library/);
    lib.close();
  });

  it('keeps listing a round whose recording could not be saved (its numbers are in the statistics), marked so', () => {
    const lib = new Library(file());
    const recs = [0, 1, 2].map(() => lib.save(makeRecording({ tags: ['experiment'] })));
    const exp = experiment([...recs.map((r) => r.id), 'kept-in-memory-only']);
    exp.rounds[3].notSaved = true;
    lib.saveExperiment(exp);
    expect(lib.getExperiment('exp-1').rounds.map((r) => [r.recordingId, r.notSaved ?? false])).toEqual([
      [recs[0].id, false], [recs[1].id, false], [recs[2].id, false], ['kept-in-memory-only', true],
    ]);
    expect(lib.listExperiments()[0].rounds).toBe(4);
    lib.close();
  });

  it('keeps what a target\'s stdout and stderr were attached to', () => {
    const lib = new Library(file());
    const rec = makeRecording();
    rec.target = { kind: 'launched', label: 'server.js', pid: 1, nodeVersion: 'v24.0.0', argv: [], stdio: { stdout: 'file', stderr: 'file', tailedFile: true } };
    lib.save(rec);
    expect(lib.get(rec.id).target?.stdio).toEqual({ stdout: 'file', stderr: 'file', tailedFile: true });
    lib.close();
  });

  it('comes after launch (3) and machine (4): experiments are version 5, groups 6 (then request times, 7; bytes per request, 8)', () => {
    expect(SCHEMA_VERSION).toBe(8);
    expect(MIGRATIONS[7]).toMatch(/ADD COLUMN bytes_per_request\b/);
    expect(MIGRATIONS[6]).toMatch(/ADD COLUMN request_time\b/);
    expect(MIGRATIONS[5]).toMatch(/CREATE TABLE groups\b/);
    expect(MIGRATIONS[2]).toMatch(/ADD COLUMN launch\b/);
    expect(MIGRATIONS[3]).toMatch(/ADD COLUMN machine\b/);
    expect(MIGRATIONS[4]).toMatch(/CREATE TABLE experiments\b/);
  });

  it('migrates a version-4 library (recordings with launch and machine, no experiments) and keeps its recordings', () => {
    const f = file();
    const db = new DatabaseSync(f);
    for (const m of MIGRATIONS.slice(0, 4)) db.exec(m);
    db.exec(`PRAGMA application_id = 1179405634; PRAGMA user_version = 4;
      INSERT INTO recordings (id, name, created_at, target_kind, launch, machine) VALUES ('old', 'v4 recording', '2025-01-01T00:00:00.000Z', 'launched', '{"env":{"LOG":"1"},"args":[]}', '{"cpuModel":"x","cores":2}')`);
    db.close();
    const lib = new Library(f);
    expect(lib.row('old').name).toBe('v4 recording');
    expect(lib.get('old').target).toMatchObject({ env: { LOG: '1' }, args: [] });
    expect(lib.get('old').target?.stdio).toBeUndefined();
    expect(lib.listExperiments()).toEqual([]);
    const rec = lib.save(makeRecording());
    lib.saveExperiment(experiment([rec.id]));
    expect(lib.listExperiments()[0].recordingIds).toEqual([rec.id]);
    lib.close();
  });
});
