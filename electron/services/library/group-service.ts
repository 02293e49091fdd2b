// The contract's group methods (listGroups, getSweep, deleteGroup,
// exportGroup, planRepeat) and the two ways a group enters the library: a
// sweep that just ran, and a group bundle imported whole (all or nothing).
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { ExportedFile, RecordingMeta, RecordingResult, RecordingRow, RepeatPlan, SweepResult } from '../../../shared/api.ts';
import type { ExperimentResult } from '../../../shared/experiment/types.ts';
import { writeGroupBundleWithNote } from '../../../shared/formats/group-bundle.ts';
import { maskedSentence, maskSecrets } from '../../../shared/recording/secrets.ts';
import type { GroupKind, GroupRow } from '../../../shared/library/groups.ts';
import { planRepeat } from '../experiment/repeat.ts';
import { sweepSentence } from '../../../shared/sweep/sweep-machine.ts';
import { experimentGroup } from './experiment-store.ts';
import type { PreparedImport } from './files.ts';
import { INTERRUPTED, type StoredGroup } from './group-store.ts';
import type { Library } from './library.ts';


/** `running`: a sweep still measuring its levels (saved after each one). */
export function sweepGroup(s: SweepResult, running = false): StoredGroup {
  return {
    id: s.id, kind: 'sweep', name: s.name ?? `Sweep ${s.url}`, createdAt: s.createdAt, status: running ? 'running' : s.error?.startsWith(INTERRUPTED) ? 'interrupted' : s.error ? 'stopped' : 'done',
    summary: s.knee || s.levels.length >= 2 ? sweepSentence(s) : null,
    detail: `${s.levels.map((l) => l.connections).join(', ')} connections`,
    data: s, members: s.levels.map((l) => ({ recordingId: l.recordingId, label: String(l.connections), round: null })),
  };
}

export interface GroupDeps {
  needLibrary(): Library;
  /** A whole recording (profile included), from the library or memory. */
  fetch(id: string): RecordingResult;
  metaOf(id: string): RecordingMeta;
  changed(...ids: string[]): void;
}

export function createGroupApi(d: GroupDeps) {
  const safeName = (name: string) => name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80) || 'group';

  const getSweep = (id: string): SweepResult => {
    const g = d.needLibrary().getGroup(id, 'sweep');
    const s = g.data as SweepResult;
    // A level whose recording was deleted since is no longer listed.
    const kept = new Set(g.members.map((m) => m.recordingId));
    return { ...s, levels: s.levels.filter((l) => kept.has(l.recordingId)) };
  };

  return {
    listGroups(): GroupRow[] {
      const lib = d.needLibrary();
      const groups = lib.listGroups();
      const rows = lib.rowsOf(groups.flatMap((g) => g.members.map((m) => m.recordingId)));
      return groups.map((g) => ({ ...g, members: g.members.map((m) => ({ ...m, row: rows.get(m.recordingId) ?? null })) }));
    },

    getSweep,

    deleteGroup(id: string): { recordingIds: string[] } {
      const recordingIds = d.needLibrary().deleteGroup(id);
      d.changed(id, ...recordingIds);
      return { recordingIds };
    },

    exportGroup(id: string, includeSecrets = false): ExportedFile {
      const lib = d.needLibrary();
      const g = lib.getGroup(id);
      const result: ExperimentResult | SweepResult = g.kind === 'experiment' ? lib.getExperiment(id) : getSweep(id);
      const members = g.members.map((m) => ({ ...m, recording: d.fetch(m.recordingId) }));
      const { text, masked, holdsSecrets } = writeGroupBundleWithNote({ kind: g.kind, id: g.id, name: g.name, result, members }, { includeSecrets });
      const note = maskedSentence(masked);
      // A name made of what differs (DB_PASSWORD=… vs …) names the file masked.
      return { fileName: `${safeName(maskSecrets(g.name).value)}.flambe`, content: text, ...(note ? { note } : {}), holdsSecrets };
    },

    /** A sweep that just ran, kept as one group of its levels. */
    saveSweep(s: SweepResult, running = false): void {
      if (!s.levels.length) return;
      d.needLibrary().saveGroup(sweepGroup(s, running));
      d.changed(s.id);
    },

    /**
     * A prepared group bundle: its recordings and the group in one
     * transaction. Ids already in this library (the same file imported twice)
     * are replaced by new ones, in the result too.
     */
    saveImported(prepared: PreparedImport): RecordingRow & { group: { id: string; kind: GroupKind; name: string } } {
      const lib = d.needLibrary();
      const group = prepared.group!;
      const ids = new Map<string, string>();
      for (const m of group.members) {
        const id = lib.has(m.rec.id) || [...ids.values()].includes(m.rec.id) ? randomUUID() : m.rec.id;
        ids.set(m.rec.id, id);
      }
      const groupId = lib.hasGroup(group.id) ? randomUUID() : group.id;
      const recs = group.members.map((m) => ({
        rec: { ...m.rec, id: ids.get(m.rec.id)! }, packed: m.packed, source: m.rec.settings ? 'recorded' as const : 'imported' as const,
      }));
      let stored: StoredGroup;
      if (group.kind === 'experiment') {
        const exp = structuredClone(group.result) as ExperimentResult;
        exp.id = groupId;
        for (const r of exp.rounds) r.recordingId = ids.get(r.recordingId)!;
        stored = experimentGroup(exp);
      } else {
        const s = structuredClone(group.result) as SweepResult;
        s.id = groupId;
        s.name = group.name;
        for (const l of s.levels) l.recordingId = ids.get(l.recordingId)!;
        stored = sweepGroup(s);
      }
      lib.saveWithGroup(recs, stored);
      d.changed(groupId, ...recs.map((r) => r.rec.id));
      return { ...lib.row(recs[0].rec.id), group: { id: groupId, kind: group.kind, name: stored.name } };
    },

    planRepeat({ a, b, rounds }: { a: string; b: string; rounds: number }): RepeatPlan {
      return planRepeat(d.metaOf(a), d.metaOf(b), rounds, existsSync);
    },
  };
}

export type GroupApi = ReturnType<typeof createGroupApi>;
