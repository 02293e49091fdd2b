// Groups in the library: recordings that were made together and mean
// something only together — an A/B experiment's rounds, a sweep's levels.
// One mechanism for both (electron/services/library/group-store.ts): the Library
// lists a group as one row that opens its result and expands to its members.
import type { RecordingRow } from '../recording/library-row.ts';
import type { GroupKind } from '../recording/groups.ts';

export type { GroupKind };

/** One recording of a group: an experiment's round, or a sweep's level. */
export interface GroupMember {
  recordingId: string;
  /** 'A' or 'B' for an experiment's round; the connections of a sweep's level ("8"). */
  label: string;
  /** 1-based round within its variant (experiments); null for a sweep's level. */
  round: number | null;
}

/** What a group is, as the library stores it and the list shows it (the stored group adds its result, the row its members' rows). */
export interface GroupHeader {
  id: string;
  kind: GroupKind;
  name: string;
  createdAt: string;
  /** An experiment's status (done, stopped, failed); a sweep: 'done', or 'stopped' when it ended early. */
  status: string | null;
  /** The verdict (experiments) or the knee (sweeps) in words; null when there is none yet. */
  summary: string | null;
  /** "LOG=1 vs LOG=0", or "1, 5, 8, 20 connections". */
  detail: string;
}

/** One row of the Library's groups: what the list shows, and its members to expand to. */
export interface GroupRow extends GroupHeader {
  /** In run order; each with its recording's Library row (null only if the row cannot be read). */
  members: (GroupMember & { row: RecordingRow | null })[];
}

/** The first sentence of a verdict, for a row that has one line for it. */
export function shortSummary(text: string | null, max = 140): string | null {
  if (!text) return null;
  const first = /^(.+?[.!?])(\s|$)/.exec(text)?.[1] ?? text;
  return first.length > max ? `${first.slice(0, max - 1)}…` : first;
}

/** What deleting a group does to its recordings, in the one sentence the UI and the CLI show. */
export function deleteGroupSentence(kind: GroupKind, count: number): string {
  const what = kind === 'experiment' ? (count === 1 ? 'its round' : `its ${count} rounds`) : count === 1 ? 'its level' : `its ${count} levels`;
  return `Deleting this ${kind} deletes ${what} too (their recordings and profiles).`;
}
