// A group as one .flambe file (bundle version 2): an experiment (its spec,
// variants, rounds, statistics and verdict) or a sweep (its levels and knee)
// with every member recording inside, each as a version-1 bundle carries it.
// The reader checks the whole file — every recording, the result, and that
// the result's rounds or levels are exactly the recordings it carries —
// before anything is written: a damaged file is refused in one sentence.
import { z } from 'zod';
import { experimentSpecSchema, type RecordingResult, type SweepResult } from './api.ts';
import { BUNDLE_FORMAT, BundleError, bundledRecordingSchema, describeIssue, isBundle } from './bundle.ts';
import type { ExperimentResult } from './experiment/types.ts';
import type { GroupKind, GroupMember } from './groups.ts';
import { latencyMsSchema } from './recording/latency.ts';
import { levelProcessSchema, sweepRouteSchema } from './recording/sweep-level.ts';

/** Group bundles are version 2: a Flambé that reads only version 1 says it is too old for them. */
export const GROUP_BUNDLE_VERSION = 2;

const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const amount = z.number().min(0).max(1e12);
const ms = amount.nullable();
const text = (max: number) => z.string().max(max);
const id = z.string().min(1).max(200);

const latencySchema = latencyMsSchema;

const roundSchema = z.object({
  index: count, variant: z.enum(['A', 'B']), round: count.min(1), recordingId: id,
  requests: count.nullable(), rps: ms, p50Ms: ms, p90Ms: ms, p99Ms: ms, cpuMsPer1k: z.number().nullable(),
  processCpuMsPer1k: z.number().nullable().optional(),
  bucketsMsPer1k: z.record(z.string(), z.number()).nullable(), error: text(10_000).nullable(), complete: z.boolean(), stdout: text(20).nullable(),
  notSaved: z.boolean().optional(),
});

// The statistics are checked as far as the screens read them; the rest travels as it was computed.
const comparisonSchema = z.looseObject({
  verdict: text(10_000),
  rounds: count,
  perRequest: z.boolean(),
  warnings: z.array(z.looseObject({ message: text(10_000) })),
  buckets: z.array(z.looseObject({ id: text(200), name: text(200) })),
  functions: z.array(z.looseObject({ key: text(100_000), name: z.string(), location: z.string() })),
  unavailable: z.array(z.string()),
  oneSided: z.looseObject({ name: text(200), side: z.enum(['a', 'b']), minMs: z.number(), maxMs: z.number() }).nullable().optional(),
});

export const experimentResultSchema = z.object({
  id, name: z.string().trim().min(1, 'has no name').max(200),
  createdAt: z.string().max(100).refine((s) => !Number.isNaN(Date.parse(s)), 'is not a date'),
  spec: experimentSpecSchema,
  order: z.enum(['AB', 'BA']),
  status: z.enum(['running', 'done', 'stopped', 'failed']),
  error: text(10_000).nullable(),
  variants: z.object({ a: z.object({ name: text(200), what: text(10_000) }), b: z.object({ name: text(200), what: text(10_000) }) }),
  rounds: z.array(roundSchema).max(10_000),
  comparison: comparisonSchema.nullable(),
  output: z.enum(['file', 'pipe']).nullable(),
});

export const sweepResultSchema = z.object({
  id, name: z.string().max(200).optional(),
  createdAt: z.string().max(100).refine((s) => !Number.isNaN(Date.parse(s)), 'is not a date'),
  url: text(10_000),
  levels: z.array(z.object({
    connections: count.min(1), recordingId: id, requests: count, rps: amount, latencyMs: latencySchema, errors: count, non2xx: count, profiled: z.boolean(),
    routes: z.array(sweepRouteSchema).max(50).optional(), process: levelProcessSchema.nullable().optional(),
  })).max(1000),
  knee: z.object({ connections: count, reason: text(10_000) }).nullable(),
  error: text(10_000).nullable(),
});

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
}): string {
  return JSON.stringify({
    format: BUNDLE_FORMAT, version: GROUP_BUNDLE_VERSION,
    group: {
      kind: group.kind, id: group.id, name: group.name, result: group.result,
      members: group.members.map((m) => ({ label: m.label, round: m.round, recording: m.recording })),
    },
  });
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
  const missing = named.find((r) => !carried.includes(r));
  if (missing !== undefined) throw damaged(`names a recording the file does not carry (${missing})`);
  const loose = carried.find((r) => !named.includes(r));
  if (loose !== undefined) throw damaged(`carries a recording none of its ${group.kind === 'experiment' ? 'rounds' : 'levels'} names (${loose})`);
  return group;
}
