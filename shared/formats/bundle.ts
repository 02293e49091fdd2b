// The .flambe bundle: one recording with everything it carries (profile, load
// settings and results, process samples, target, tags, notes) as one JSON
// file a teammate imports into their own Flambé. (An experiment or a sweep
// travels as one version-2 bundle of its recordings: shared/formats/group-bundle.ts.) One writer and one reader for
// the app, browser mode and the CLI. The reader checks the whole recording
// against a schema BEFORE anything is written: a bundle with wrong types is
// refused in one sentence naming the field, so a bad file can never reach a
// library (where it would break every view that shows it).
import { z } from 'zod';
import { recordingResultSchema, type RecordingResult } from '../recording/recording.ts';
import { maskSecrets } from '../recording/secrets.ts';
import { storedProfileSchema } from '../recording/profile-extras.ts';

export const BUNDLE_FORMAT = 'flambe-bundle';
export const BUNDLE_VERSION = 1;

/**
 * The profile checked against storedProfileSchema, but kept as the file has it:
 * parsing would rebuild the object with Flambé's keys first, and the library
 * stores the profile's JSON as V8 (and the exporting Flambé) wrote it.
 */
const storedProfile = z.record(z.string(), z.unknown()).superRefine((profile, ctx) => {
  const checked = storedProfileSchema.safeParse(profile);
  if (!checked.success) for (const issue of checked.error.issues) ctx.addIssue({ ...issue } as Parameters<typeof ctx.addIssue>[0]);
});

/**
 * A recording as a bundle carries it: the one recording schema
 * (shared/recording/recording.ts) with what older bundles may leave out
 * given its default, and the profile checked to be an object.
 */
export const bundledRecordingSchema = recordingResultSchema.extend({
  id: recordingResultSchema.shape.id.optional(),
  target: recordingResultSchema.shape.target.default(null),
  settings: recordingResultSchema.shape.settings.default(null),
  load: recordingResultSchema.shape.load.default(null),
  /** The V8 CPU profile (an object; shared/profile checks it is a usable one) with Flambé's additions checked, or null for a load-only run. */
  profile: storedProfile.nullable(),
  samples: recordingResultSchema.shape.samples.default([]),
  error: recordingResultSchema.shape.error.default(null),
  tags: recordingResultSchema.shape.tags.default([]),
  notes: recordingResultSchema.shape.notes.default(''),
});

const bundleSchema = z.object({
  format: z.literal(BUNDLE_FORMAT),
  version: z.number().int().min(1),
  recording: bundledRecordingSchema,
});

export class BundleError extends Error {
  override name = 'BundleError';
}

/** What an export wrote: its text, the secret-looking values it masked (shared/recording/secrets.ts), and whether it holds any, masked or kept (then the file is saved owner-only). */
export interface WrittenBundle {
  text: string;
  masked: string[];
  holdsSecrets: boolean;
}

/**
 * The .flambe text of one recording. Values that look secret (API_TOKEN=…, a
 * password in a URL, ?token=, --secret=…) are masked unless `includeSecrets`:
 * a bundle is made to be shared. Its `masked` list says what, in words (an
 * imported bundle exported again finds the same places: the list is kept).
 */
export function writeBundleWithNote(rec: RecordingResult, opts: { includeSecrets?: boolean } = {}): WrittenBundle {
  const safe = maskSecrets(rec);
  const { value: recording, masked } = opts.includeSecrets ? { value: rec, masked: [] } : safe;
  return { text: JSON.stringify({ format: BUNDLE_FORMAT, version: BUNDLE_VERSION, ...(masked.length ? { masked } : {}), recording }), masked, holdsSecrets: safe.masked.length > 0 };
}

export function writeBundle(rec: RecordingResult, opts: { includeSecrets?: boolean } = {}): string {
  return writeBundleWithNote(rec, opts).text;
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

/** A key as it can be printed: control characters (the NUL in flambeOriginalFrames' keys) shown as "·". */
const printable = (key: string) => [...key].map((c) => (c.charCodeAt(0) < 0x20 ? '·' : c)).join('');

/** One sentence for the first problem zod found (a recording's, or a group's: shared/formats/group-bundle.ts). */
export function describeIssue(fileName: string, data: unknown, issue: z.core.$ZodIssue): string {
  const path = issue.path.filter((k) => k !== 'recording' && k !== 'group');
  const field = path.length ? path.map((k) => (typeof k === 'number' ? `[${k}]` : `.${printable(String(k))}`)).join('').replace(/^\./, '') : 'its recording';
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

/** A recording with neither a profile nor load results shows nothing: refused rather than imported as an empty row. */
export function refuseEmpty(rec: { profile: unknown; load: unknown; name: string }, fileName: string): void {
  if (rec.profile == null && rec.load == null) {
    throw new BundleError(`${fileName} has nothing to import: its recording "${rec.name}" has neither a CPU profile nor load results.`);
  }
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
  refuseEmpty(parsed.data.recording, fileName);
  return parsed.data.recording;
}
