// Experiments in the library: one group of kind 'experiment' (groups.ts) per
// experiment — its spec, rounds, statistics and verdict as JSON, with the
// list's columns beside — whose members are its rounds' recordings (label A
// or B, and the round). Deleting a recording unlinks its round.
import type { DatabaseSync } from 'node:sqlite';
import type { ExperimentResult, ExperimentRow } from '../../../shared/experiment/types.ts';
import { listGroupRows, readGroup, saveGroupRows, type StoredGroup } from './group-store.ts';

export function experimentGroup(exp: ExperimentResult): StoredGroup {
  return {
    id: exp.id, kind: 'experiment', name: exp.name, createdAt: exp.createdAt, status: exp.status,
    summary: exp.comparison?.verdict ?? null, detail: `${exp.variants.a.name} vs ${exp.variants.b.name}`, data: exp,
    members: [...exp.rounds].sort((x, y) => x.index - y.index).map((r) => ({ recordingId: r.recordingId, label: r.variant, round: r.round })),
  };
}

export function saveExperimentRows(db: DatabaseSync, exp: ExperimentResult): void {
  saveGroupRows(db, experimentGroup(exp));
}

export function readExperiment(db: DatabaseSync, id: string): ExperimentResult {
  const g = readGroup(db, id, 'experiment');
  const exp = g.data as ExperimentResult;
  // A round whose recording was deleted since is no longer listed; one that
  // could not be saved stays (its numbers are in the statistics), marked so.
  const kept = new Set(g.members.map((m) => m.recordingId));
  exp.rounds = exp.rounds.filter((r) => kept.has(r.recordingId) || r.notSaved === true);
  return exp;
}

export function listExperimentRows(db: DatabaseSync): ExperimentRow[] {
  const names = new Map((db.prepare(`SELECT id, json_extract(data, '$.variants.a.name') AS a, json_extract(data, '$.variants.b.name') AS b,
        (SELECT COUNT(*) FROM json_each(data, '$.rounds') WHERE json_extract(value, '$.notSaved') = 1) AS notSaved
      FROM groups WHERE kind = 'experiment'`).all() as { id: string; a: string | null; b: string | null; notSaved: number }[]).map((r) => [r.id, r]));
  return listGroupRows(db, 'experiment').map((g) => {
    const aName = names.get(g.id)?.a;
    const bName = names.get(g.id)?.b;
    const recordingIds = g.members.map((m) => m.recordingId);
    return {
      id: g.id, name: g.name, createdAt: g.createdAt, status: g.status as ExperimentRow['status'],
      // Rounds whose recording could not be saved count too (readExperiment lists them).
      aName: aName ?? '', bName: bName ?? '', rounds: recordingIds.length + (names.get(g.id)?.notSaved ?? 0), verdict: g.summary, recordingIds,
    };
  });
}
