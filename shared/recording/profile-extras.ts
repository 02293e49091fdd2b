// A recording's profile, typed: V8's CPU profile exactly as V8 wrote it, and
// Flambé's own additions (ProfileExtras), each a schema declared once here.
//
// In memory and in code a profile is read as { v8, extras } (splitProfile).
// In a file — the library's stored bytes, a .flambe bundle, an exported
// .cpuprofile — the additions travel as top-level keys V8 never writes
// (EXTRA_KEYS, all "flambe…"), beside V8's own keys, which stay as V8 wrote
// them: DevTools and speedscope read nodes/samples/timeDeltas/startTime/
// endTime and ignore every other key, so an exported file opens there as the
// plain V8 profile (test/services/library/profile-extras.test.ts checks it), and every
// recording and bundle written before this module reads unchanged.
//
// A new addition: its schema in profileExtrasSchema and its key in EXTRA_KEYS
// (a type error until it has one); test/services/library/round-trip.test.ts then
// generates it and checks every path carries it.
import { z } from 'zod';
import { list, text } from './limits.ts';
import { heapProfileSchema, type HeapProfile } from './memory.ts';
import { processesSchema } from './processes.ts';

const line = z.number().int().min(0).max(1e9);
const url = text(100_000);
/** A hot line's text: a minified bundle's line can be megabytes. */
const lineText = text(50_000_000);

/** A worker thread's own profile (itself a file-form profile, with its own additions). */
export const profileThreadSchema = z.object({ name: text(1000), profile: z.record(z.string(), z.unknown()) });
/** The text of the hot lines: { url: { line: text } } (shared/profile/lines.ts). */
export const sourceLinesSchema = z.record(url, z.record(text(100), lineText));
/** Source-mapped frames: { "url\0line\0column": [url, line, column, name|null] } (shared/profile/original-frames.ts). */
export const originalFramesSchema = z.record(text(200_000), z.tuple([url, line, line, text(100_000).nullable()]));
/** Source-mapped hot lines: { generatedUrl: { line: [url, line] } } (shared/profile/original-frames.ts). */
export const originalLinesSchema = z.record(url, z.record(text(100), z.tuple([url, line])));

/** Flambé's additions to a V8 CPU profile. */
export const profileExtrasSchema = z.object({
  /** Worker threads, each a named profile (shared/profile/threads.ts). */
  threads: list(profileThreadSchema, 10_000).optional(),
  sourceLines: sourceLinesSchema.optional(),
  originalFrames: originalFramesSchema.optional(),
  originalLines: originalLinesSchema.optional(),
  /** The last sample's weight, µs, when a transform cut the profile (shared/profile/export/export-cpuprofile.ts). */
  lastSampleUs: z.number().min(0).max(1e15).optional(),
  /** The burst's allocation profile, as HeapProfiler.stopSampling returned it (shared/recording/memory.ts). */
  allocations: heapProfileSchema.optional(),
  /** Time, ms, of Flambé's own probes, whose samples the recorder moved to (program) (shared/profile/probes.ts). */
  probeMs: z.number().min(0).max(1e12).optional(),
  /** The target's child processes recorded beside it — cluster workers, forked children — each with its own profile (shared/recording/processes.ts). */
  processes: processesSchema.optional(),
});
export type ProfileExtras = z.output<typeof profileExtrasSchema>;
export type ExtraName = keyof ProfileExtras;
export type ProfileThread = z.output<typeof profileThreadSchema>;
export type SourceLines = z.output<typeof sourceLinesSchema>;
export type OriginalFrames = z.output<typeof originalFramesSchema>;
export type OriginalLines = z.output<typeof originalLinesSchema>;

/** Where each addition sits in a profile file: a top-level key V8 never writes. */
export const EXTRA_KEYS = {
  threads: 'flambeThreads',
  sourceLines: 'flambeSourceLines',
  originalFrames: 'flambeOriginalFrames',
  originalLines: 'flambeOriginalLines',
  lastSampleUs: 'flambeLastSampleUs',
  allocations: 'flambeAllocations',
  probeMs: 'flambeProbeMs',
  processes: 'flambeProcesses',
} as const satisfies { readonly [K in ExtraName]-?: `flambe${string}` };
const EXTRA_NAMES = Object.keys(EXTRA_KEYS) as ExtraName[];

/** The additions as a file carries them, keyed by EXTRA_KEYS (the same schemas). */
type ExtrasInFileShape = { [K in ExtraName as (typeof EXTRA_KEYS)[K]]: (typeof profileExtrasSchema.shape)[K] };
const extrasInFileShape = Object.fromEntries(EXTRA_NAMES.map((k) => [EXTRA_KEYS[k], profileExtrasSchema.shape[k]])) as ExtrasInFileShape;
export type ExtrasInFile = z.output<z.ZodObject<ExtrasInFileShape>>;

/**
 * A profile as Flambé stores and exports it: V8's JSON (its own fields are
 * checked by shared/profile's importer, which names what is wrong) with the
 * additions under their keys, each checked here.
 */
export const storedProfileSchema = z.looseObject(extrasInFileShape);
export type StoredProfile = z.output<typeof storedProfileSchema>;

/** V8's own part of a profile: the object without Flambé's keys. */
export type V8Profile = Record<string, unknown>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Each addition as the file has it, unchecked: shared/profile's readers check
 * entry by entry and keep what is good (a damaged line is left out, not the
 * whole table).
 */
export function rawExtrasOf(profile: unknown): { [K in ExtraName]?: unknown } {
  const out: { [K in ExtraName]?: unknown } = {};
  if (!isObject(profile)) return out;
  for (const k of EXTRA_NAMES) if (profile[EXTRA_KEYS[k]] !== undefined) out[k] = profile[EXTRA_KEYS[k]];
  return out;
}

/** Each addition checked against its schema; one that does not fit is left out (a reader's view of a damaged file). */
export function extrasOf(profile: unknown): ProfileExtras {
  const raw = rawExtrasOf(profile);
  const out: Record<string, unknown> = {};
  for (const k of EXTRA_NAMES) {
    if (raw[k] === undefined) continue;
    const checked = profileExtrasSchema.shape[k].safeParse(raw[k]);
    if (checked.success) out[k] = checked.data;
  }
  return out as ProfileExtras;
}

/** The profile as { v8, extras }: V8's keys as V8 wrote them (a shallow copy, arrays shared), the additions typed. */
export function splitProfile(profile: unknown): { v8: V8Profile; extras: ProfileExtras } {
  if (!isObject(profile)) return { v8: {}, extras: {} };
  const extraKeys = new Set<string>(Object.values(EXTRA_KEYS));
  const v8: V8Profile = {};
  for (const [k, v] of Object.entries(profile)) if (!extraKeys.has(k)) v8[k] = v;
  return { v8, extras: extrasOf(profile) };
}

/** The additions as a file carries them (only those present). */
export function extrasInFile(extras: ProfileExtras): ExtrasInFile {
  const out: Record<string, unknown> = {};
  for (const k of EXTRA_NAMES) if (extras[k] !== undefined) out[EXTRA_KEYS[k]] = extras[k];
  return out as ExtrasInFile;
}

/** The file form of { v8, extras }: V8's keys first, as V8 wrote them, then each addition present. */
export function joinProfile<T extends object>(v8: T, extras: ProfileExtras): T & ExtrasInFile {
  return { ...v8, ...extrasInFile(extras) };
}

/**
 * Adds to a profile object in place: the recorder's way, on the object
 * Profiler.stop returned (a copy of a 78 MB profile would be memory for nothing).
 */
export function addExtras(profile: object, extras: ProfileExtras): void {
  Object.assign(profile, extrasInFile(extras));
}

/** Only one addition of a profile (checking a profile's allocations need not check its threads). */
function pick(profile: unknown, name: ExtraName): unknown {
  return isObject(profile) && profile[EXTRA_KEYS[name]] !== undefined ? { [EXTRA_KEYS[name]]: profile[EXTRA_KEYS[name]] } : {};
}

/** One addition, checked (the others are not read). */
export function extraOf<K extends ExtraName>(profile: unknown, name: K): ProfileExtras[K] {
  return extrasOf(pick(profile, name))[name];
}

/** The allocation profile kept in a recording's profile, or null when it has none (or a damaged one). */
export function allocationsOf(profile: unknown): HeapProfile | null {
  return extraOf(profile, 'allocations') ?? null;
}
