// A group as one .flambe file (bundle version 2): an experiment (its spec,
// variants, rounds, statistics and verdict) or a sweep (its levels and knee)
// with every member recording inside, each as a version-1 bundle carries it.
// The reader checks the whole file — every recording, the result, and that
// the result's rounds or levels are exactly the recordings it carries —
// before anything is written: a damaged file is refused in one sentence.
import { z } from 'zod';
import type { RecordingResult } from '../recording/recording.ts';
import { experimentResultSchema, sweepResultSchema, type GroupKind, type SweepResult } from '../recording/groups.ts';
import { count, id, text } from '../recording/limits.ts';
import { maskSecrets } from '../recording/secrets.ts';
import { BUNDLE_FORMAT, BundleError, bundledRecordingSchema, describeIssue, isBundle, refuseEmpty, type WrittenBundle } from './bundle.ts';
import type { ExperimentResult } from '../experiment/types.ts';
import type { GroupMember } from '../library/groups.ts';

/** Group bundles are version 2: a Flambé that reads only version 1 says it is too old for them. */
export const GROUP_BUNDLE_VERSION = 2;

export { experimentResultSchema, sweepResultSchema };

const memberSchema = z.object({
  label: text(50),
  round: count.min(1).nullable(),
  recording: bundledRecordingSchema.extend({ id }),
});

const groupCommon = { id, name: z.string().trim().min(1, 'has no name').max(200), members: z.array(memberSchema).min(1, 'has no recordings').max(10_000) };

const groupBundleSchema = z.object({
  format: z.literal(BUNDLE_FORMAT),
  version: z.number().int().min(GROUP_BUNDLE_VERSION),
  group: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('experiment'), ...groupCommon, result: experimentResultSchema }),
    z.object({ kind: z.literal('sweep'), ...groupCommon, result: sweepResultSchema }),
  ]),
});

export type BundledGroup = z.output<typeof groupBundleSchema>['group'];
export type BundledMember = BundledGroup['members'][number];

/** True when a parsed bundle holds a group (then readGroupBundle reads it). */
export function isGroupBundle(data: unknown): boolean {
  return isBundle(data) && typeof (data as { group?: unknown }).group === 'object' && (data as { group?: unknown }).group !== null;
}

/** One .flambe file for an experiment or a sweep: its result and every member recording (profiles included). */
export function writeGroupBundle(group: {
  kind: GroupKind; id: string; name: string; result: ExperimentResult | SweepResult; members: (GroupMember & { recording: RecordingResult })[];
}, opts: { includeSecrets?: boolean } = {}): string {
  return writeGroupBundleWithNote(group, opts).text;
}

/** The group's .flambe text, and the secret-looking values it masked anywhere in it (shared/recording/secrets.ts). */
export function writeGroupBundleWithNote(group: Parameters<typeof writeGroupBundle>[0], opts: { includeSecrets?: boolean } = {}): WrittenBundle {
  const whole = { kind: group.kind, id: group.id, name: group.name, result: group.result, members: group.members.map((m) => ({ label: m.label, round: m.round, recording: m.recording })) };
  // The whole group, not only its recordings: the name, the spec and the variants are made of what differs (DB_PASSWORD=… vs …).
  const safe = maskSecrets(whole);
  const { value, masked } = opts.includeSecrets ? { value: whole, masked: [] } : safe;
  return { text: JSON.stringify({ format: BUNDLE_FORMAT, version: GROUP_BUNDLE_VERSION, ...(masked.length ? { masked } : {}), group: value }), masked, holdsSecrets: safe.masked.length > 0 };
}

/** The recording ids the result names (rounds, levels), in its order. */
export function resultRecordingIds(group: Pick<BundledGroup, 'kind' | 'result'>): string[] {
  return group.kind === 'experiment'
    ? (group.result as ExperimentResult).rounds.map((r) => r.recordingId)
    : (group.result as SweepResult).levels.map((l) => l.recordingId);
}

/**
 * The group in a parsed .flambe file, checked through and through, or a
 * BundleError with one sentence. Its profiles are only checked to be objects
 * here; the caller imports each through shared/profile.
 */
export function readGroupBundle(data: unknown, fileName: string): BundledGroup {
  const version = (data as { version?: unknown }).version;
  if (typeof version === 'number' && version > GROUP_BUNDLE_VERSION) {
    throw new BundleError(`${fileName} was exported by a newer version of Flambé: update Flambé to import it.`);
  }
  const parsed = groupBundleSchema.safeParse(data);
  if (!parsed.success) throw new BundleError(describeIssue(fileName, data, parsed.error.issues[0]));
  const group = parsed.data.group;
  const what = group.kind === 'experiment' ? 'experiment' : 'sweep';
  const damaged = (why: string) => new BundleError(`${fileName} is a damaged Flambé bundle: its ${what} ${why}. Nothing was imported.`);
  const carried = group.members.map((m) => m.recording.id);
  if (new Set(carried).size !== carried.length) throw damaged('carries the same recording twice');
  const named = resultRecordingIds(group);
  const twice = named.find((r, i) => named.indexOf(r) !== i);
  if (twice !== undefined) throw damaged(`names the same recording in two ${group.kind === 'experiment' ? 'rounds' : 'levels'} (${twice})`);
  for (const m of group.members) refuseEmpty(m.recording, fileName);
  const missing = named.find((r) => !carried.includes(r));
  if (missing !== undefined) throw damaged(`names a recording the file does not carry (${missing})`);
  const loose = carried.find((r) => !named.includes(r));
  if (loose !== undefined) throw damaged(`carries a recording none of its ${group.kind === 'experiment' ? 'rounds' : 'levels'} names (${loose})`);
  return group;
}
