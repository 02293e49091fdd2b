// Experiments in the library: one row per experiment (its spec, rounds,
// statistics and verdict as JSON, with the list's columns beside), and one link
// per round to the recording it made. Deleting a recording unlinks its round;
// deleting an experiment keeps its recordings.
import type { DatabaseSync } from 'node:sqlite';
import type { ExperimentResult, ExperimentRow } from '../../../shared/experiment/types.ts';
import { UserError } from '../errors.ts';

export function saveExperimentRows(db: DatabaseSync, exp: ExperimentResult): void {
  db.prepare(`INSERT INTO experiments (id, name, created_at, status, run_order, a_name, b_name, verdict, error, result)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT(id) DO UPDATE SET name = excluded.name, status = excluded.status, verdict = excluded.verdict,
        error = excluded.error, result = excluded.result`).run(
    exp.id, exp.name, exp.createdAt, exp.status, exp.order, exp.variants.a.name, exp.variants.b.name,
    exp.comparison?.verdict ?? null, exp.error, JSON.stringify(exp),
  );
  const link = db.prepare(`INSERT OR IGNORE INTO experiment_rounds (experiment_id, recording_id, position, variant, round)
      SELECT ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM recordings WHERE id = ?)`);
  for (const r of exp.rounds) link.run(exp.id, r.recordingId, r.index, r.variant, r.round, r.recordingId);
}

export function readExperiment(db: DatabaseSync, id: string): ExperimentResult {
  const row = db.prepare('SELECT result FROM experiments WHERE id = ?').get(id) as { result: string } | undefined;
  if (!row) throw new UserError('That experiment is not in the library (it may have been deleted).');
  const exp = JSON.parse(row.result) as ExperimentResult;
  // A round whose recording was deleted since is no longer listed.
  const kept = new Set((db.prepare('SELECT recording_id FROM experiment_rounds WHERE experiment_id = ?').all(id) as { recording_id: string }[])
    .map((r) => r.recording_id));
  exp.rounds = exp.rounds.filter((r) => kept.has(r.recordingId));
  return exp;
}

export function listExperimentRows(db: DatabaseSync): ExperimentRow[] {
  const rows = db.prepare(`SELECT e.id, e.name, e.created_at, e.status, e.a_name, e.b_name, e.verdict,
      COALESCE((SELECT json_group_array(recording_id) FROM (SELECT recording_id FROM experiment_rounds WHERE experiment_id = e.id ORDER BY position)), '[]') AS recording_ids
    FROM experiments e ORDER BY e.created_at DESC`).all() as {
    id: string; name: string; created_at: string; status: string; a_name: string; b_name: string; verdict: string | null; recording_ids: string;
  }[];
  return rows.map((r) => {
    const recordingIds = JSON.parse(r.recording_ids) as string[];
    return {
      id: r.id, name: r.name, createdAt: r.created_at, status: r.status as ExperimentRow['status'],
      aName: r.a_name, bName: r.b_name, rounds: recordingIds.length, verdict: r.verdict, recordingIds,
    };
  });
}
