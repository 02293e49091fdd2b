// What a recording keeps about memory, declared once as zod schemas:
//   - the process samples' memory fields beyond heap used and RSS (external
//     memory, garbage collections per interval), absent in older recordings;
//   - the allocation profile: V8's sampling heap profile of the burst, exactly
//     as HeapProfiler.stopSampling returns it (the content of a .heapprofile
//     file), one of the profile's additions (profile-extras.ts), as worker
//     threads are: it travels, is stored and exported with the profile, and
//     other tools ignore it.
import { z } from 'zod';

const mb = z.number().min(0).max(1e9);
const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const processMemoryFieldsSchema = z.object({
  /** Memory outside the JS heap held by JS objects: Buffers, ArrayBuffers, addons (process.memoryUsage().external), MB. */
  externalMb: mb.optional(),
  /** Garbage collections during the sample's interval, all kinds. */
  gcCount: count.optional(),
  /** Of those, full (mark-compact) collections: the ones that free old objects. */
  majorGcCount: count.optional(),
  /**
   * Read right after a full collection Flambé asked V8 for (HeapProfiler.collectGarbage),
   * once before the burst and once after it: what the process keeps, without garbage
   * (shared/memory/growth.ts rule 4). Not one of the periodic samples: its CPU and
   * event-loop figures cover only the moments around that collection.
   */
  fullGcForced: z.literal(true).optional(),
});
export type ProcessMemoryFields = z.infer<typeof processMemoryFieldsSchema>;

/**
 * The growth verdict in short (shared/memory/growth.ts judges it; process-summary.ts
 * writes this): the rates of what full collections kept, per minute of burst,
 * whether it grows, "cannot tell yet" and why, and the sentence. `record --json`
 * carries more (the lows' trend and its interval); a sweep level and an
 * experiment round carry this.
 */
export const growthVerdictSchema = z.object({
  heapUsedMbPerMin: z.number(),
  externalMbPerMin: z.number().nullable(),
  rssMbPerMin: z.number(),
  grows: z.boolean(),
  undecided: z.enum(['few-gcs', 'not-steady']).nullable(),
  sentence: z.string().max(2000),
});
export type GrowthVerdict = z.output<typeof growthVerdictSchema>;

export const heapCallFrameSchema = z.object({
  functionName: z.string(),
  scriptId: z.union([z.string(), z.number()]).transform(String),
  url: z.string(),
  lineNumber: z.number().int(),
  columnNumber: z.number().int(),
});

export interface HeapProfileNode {
  callFrame: z.output<typeof heapCallFrameSchema>;
  /** Bytes allocated in this frame itself (V8 has already scaled the samples up to an estimate of all allocations). */
  selfSize: number;
  id: number;
  children: HeapProfileNode[];
}

export const heapProfileNodeSchema: z.ZodType<HeapProfileNode> = z.lazy(() => z.object({
  callFrame: heapCallFrameSchema,
  selfSize: z.number().min(0),
  id: z.number().int(),
  children: z.array(heapProfileNodeSchema).default([]),
})) as unknown as z.ZodType<HeapProfileNode>;

/** A V8 sampling heap profile: DevTools' and `node --heap-prof`'s .heapprofile. */
export const heapProfileSchema = z.object({
  head: heapProfileNodeSchema,
  /** Each sampled allocation (absent in some older files): its size and the node that allocated it. */
  samples: z.array(z.object({ size: z.number().min(0), nodeId: z.number().int(), ordinal: z.number() })).optional(),
});
export type HeapProfile = z.infer<typeof heapProfileSchema>;

/**
 * Content detection of a .heapprofile: an object whose "head" has a call frame
 * and a selfSize (an old-style CPU profile's head has a hitCount instead).
 */
export function isHeapProfile(data: unknown): boolean {
  const head = typeof data === 'object' && data !== null ? (data as { head?: unknown }).head : undefined;
  return typeof head === 'object' && head !== null && 'callFrame' in head && 'selfSize' in head;
}

/** What opening a .heapprofile as a CPU profile says (a recording imported from one has its allocations only). */
export const HEAP_PROFILE_NOT_CPU = 'This is an allocation profile (.heapprofile: the bytes each function allocated), not a CPU profile, '
  + 'so it has no CPU time to show (its allocations: the Memory card in the app, `flambe analyze` in a terminal).';
