// The .flambe bundle: one recording with everything it carries (profile, load
// settings and results, process samples, target, tags, notes) as one JSON
// file a teammate imports into their own Flambé. (An experiment or a sweep
// travels as one version-2 bundle of its recordings: shared/group-bundle.ts.) One writer and one reader for
// the app, browser mode and the CLI. The reader checks the whole recording
// against a schema BEFORE anything is written: a bundle with wrong types is
// refused in one sentence naming the field, so a bad file can never reach a
// library (where it would break every view that shows it).
import { z } from 'zod';
import { recordRequestSchema, type RecordingResult } from './api.ts';
import { outputVolumeSchema } from './recording/output.ts';

export const BUNDLE_FORMAT = 'flambe-bundle';
export const BUNDLE_VERSION = 1;

const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const amount = z.number().min(0).max(1e12); // rates, milliseconds, bytes/s: finite, never negative
const percent = z.number().min(0).max(100_000); // a CPU % of one core can exceed 100 on several cores
const text = (max: number) => z.string().max(max);

const latencySchema = z.object({ p50: amount, p90: amount, p99: amount, max: amount, mean: amount });

export const loadSummarySchema = z.object({
  requests: count,
  durationSec: amount,
  rps: amount,
  latencyMs: latencySchema,
  errors: count,
  timeouts: count,
  non2xx: count,
  statusCodes: z.record(z.string().regex(/^\d{1,3}$/), count),
  bytesPerSec: amount,
  timeline: z.array(z.object({ second: amount, rps: amount, p99Ms: amount })).max(1_000_000),
  stoppedEarly: z.boolean(),
});

export const processSampleSchema = z.object({
  tMs: amount,
  elu: z.number().min(0).max(1),
  loopDelayP99Ms: amount.nullable(),
  heapUsedMb: amount,
  rssMb: amount,
  cpuPercent: percent,
});

const stdioKind = z.enum(['terminal', 'file', 'pipe', 'unknown']);

export const recordedTargetSchema = z.object({
  kind: z.enum(['launched', 'attached']),
  label: text(4096),
  pid: count,
  nodeVersion: text(100),
  argv: z.array(text(100_000)).max(10_000),
  /** What its stdout/stderr were attached to (experiments: a file is synchronous like a terminal, a pipe is not); absent in older bundles. */
  stdio: z.object({ stdout: stdioKind, stderr: stdioKind, tailedFile: z.boolean() }).optional(),
});

/** The computer a recording ran on (Compare warns when two runs differ); absent in bundles from before Flambé stored it. */
export const machineSchema = z.object({ cpuModel: text(500), cores: count.min(1).max(100_000) });

/** A recording as a bundle carries it: every field checked; missing optional ones get their defaults. */
export const bundledRecordingSchema = z.object({
  id: z.string().min(1).max(200).optional(),
  name: z.string().trim().min(1, 'has no name').max(200),
  createdAt: z.string().max(100).refine((s) => !Number.isNaN(Date.parse(s)), 'is not a date'),
  target: recordedTargetSchema.nullable().default(null),
  settings: recordRequestSchema.nullable().default(null),
  load: loadSummarySchema.nullable().default(null),
  /** The V8 CPU profile (an object; shared/profile checks it is a usable one), or null for a load-only run. */
  profile: z.record(z.string(), z.unknown()).nullable(),
  samples: z.array(processSampleSchema).max(10_000_000).default([]),
  machine: machineSchema.nullable().optional(),
  output: outputVolumeSchema.optional(),
  error: text(10_000).nullable().default(null),
  tags: z.array(z.string().trim().min(1, 'has an empty tag').max(50, 'has a tag over 50 characters')).max(1000).default([]),
  notes: text(100_000).default(''),
});

const bundleSchema = z.object({
  format: z.literal(BUNDLE_FORMAT),
  version: z.number().int().min(1),
  recording: bundledRecordingSchema,
});

// Compile-time check: what the reader returns is a RecordingResult.
type Assignable<A, B> = [A] extends [B] ? true : never;
const readerGivesRecordings: Assignable<Omit<z.output<typeof bundledRecordingSchema>, 'id'> & { id: string }, RecordingResult> = true;
void readerGivesRecordings;

export class BundleError extends Error {
  override name = 'BundleError';
}

export function writeBundle(rec: RecordingResult): string {
  return JSON.stringify({ format: BUNDLE_FORMAT, version: BUNDLE_VERSION, recording: rec });
}

/** True when parsed JSON claims to be a Flambé bundle (then readBundle decides whether it is a good one). */
export function isBundle(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { format?: unknown }).format === BUNDLE_FORMAT;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return 'text';
  if (typeof value === 'number') return Number.isFinite(value) ? `the number ${value}` : 'a number too large to use';
  if (typeof value === 'object') return 'an object';
  return typeof value;
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let v = data;
  for (const key of path) v = typeof v === 'object' && v !== null ? (v as Record<PropertyKey, unknown>)[key] : undefined;
  return v;
}

const EXPECTED: Record<string, string> = {
  number: 'a number', string: 'text', boolean: 'true or false', array: 'a list', object: 'an object', record: 'an object',
};

/** One sentence for the first problem zod found (a recording's, or a group's: shared/group-bundle.ts). */
export function describeIssue(fileName: string, data: unknown, issue: z.core.$ZodIssue): string {
  const path = issue.path.filter((k) => k !== 'recording' && k !== 'group');
  const field = path.length ? path.map((k) => (typeof k === 'number' ? `[${k}]` : `.${String(k)}`)).join('').replace(/^\./, '') : 'its recording';
  const value = valueAt(data, issue.path);
  let why: string;
  if (issue.code === 'invalid_type') {
    why = value === undefined ? 'is missing' : `should be ${EXPECTED[issue.expected] ?? issue.expected}, not ${kindOf(value)}`;
  } else if (/^[a-z]/.test(issue.message) && issue.message.length < 60) {
    why = issue.message; // our own words, from the schema above
  } else if (issue.code === 'too_big' || issue.code === 'too_small') {
    why = typeof value === 'number' ? `is out of range (${kindOf(value)})` : `is ${issue.code === 'too_big' ? 'too long' : 'too short'}`;
  } else if (issue.code === 'invalid_value' || issue.code === 'invalid_format' || issue.code === 'invalid_union') {
    why = `has a value Flambé does not know (${kindOf(value)})`;
  } else {
    why = `is not valid (${kindOf(value)})`;
  }
  return `${fileName} is a damaged Flambé bundle: ${field} ${why}. Nothing was imported.`;
}

/**
 * The recording in a parsed .flambe file, checked field by field, or a
 * BundleError with one sentence. The profile inside is only checked to be an
 * object here; the caller runs it through shared/profile's importer.
 */
export function readBundle(data: unknown, fileName: string): z.output<typeof bundledRecordingSchema> {
  if (!isBundle(data)) throw new BundleError(`${fileName} is not a Flambé bundle.`);
  const version = (data as { version?: unknown }).version;
  if (typeof version === 'number' && version > BUNDLE_VERSION) {
    throw new BundleError(`${fileName} was exported by a newer version of Flambé: update Flambé to import it.`);
  }
  const parsed = bundleSchema.safeParse(data);
  if (!parsed.success) throw new BundleError(describeIssue(fileName, data, parsed.error.issues[0]));
  return parsed.data.recording;
}
