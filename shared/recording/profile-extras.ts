// What Flambé adds to the V8 CPU profile it stores (the V8 JSON stays as V8
// wrote it, so DevTools and speedscope read the file; they ignore these keys):
//   flambeThreads          worker threads, each a named .cpuprofile (shared/profile/threads.ts)
//   flambeSourceLines      the text of the hot lines: { url: { line: text } } (shared/profile/lines.ts)
//   flambeOriginalFrames   source-mapped frames: { "url\0line\0column": [url, line, column, name|null] }
//   flambeOriginalLines    source-mapped lines: { generatedUrl: { line: [url, line] } } (shared/profile/original-frames.ts)
//   flambeLastSampleUs     the last sample's time when a transform cut the profile (shared/profile/export/export-cpuprofile.ts)
// Declared once here, checked where a profile arrives in a .flambe file: a
// bundle whose additions are not these shapes is refused in one sentence,
// before shared/profile reads them.
import { z } from 'zod';
import { list, text } from './limits.ts';

const line = z.number().int().min(0).max(1e9);
const url = text(100_000);
/** A hot line's text: a minified bundle's line can be megabytes. */
const lineText = text(50_000_000);

export const profileThreadSchema = z.object({ name: text(1000), profile: z.record(z.string(), z.unknown()) });
export const sourceLinesSchema = z.record(url, z.record(text(100), lineText));
export const originalFramesSchema = z.record(text(200_000), z.tuple([url, line, line, text(100_000).nullable()]));
export const originalLinesSchema = z.record(url, z.record(text(100), z.tuple([url, line])));

/** A stored profile: V8's JSON (its own fields checked by shared/profile's importer) with Flambé's additions typed. */
export const storedProfileSchema = z.looseObject({
  flambeThreads: list(profileThreadSchema, 10_000).optional(),
  flambeSourceLines: sourceLinesSchema.optional(),
  flambeOriginalFrames: originalFramesSchema.optional(),
  flambeOriginalLines: originalLinesSchema.optional(),
  flambeLastSampleUs: z.number().min(0).max(1e15).optional(),
});
export type StoredProfile = z.output<typeof storedProfileSchema>;
export type ProfileThread = z.output<typeof profileThreadSchema>;
export type SourceLines = z.output<typeof sourceLinesSchema>;
export type OriginalFrames = z.output<typeof originalFramesSchema>;
export type OriginalLines = z.output<typeof originalLinesSchema>;
