// "Find what grows" (record --find-growth, the Record screen's checkbox): two
// heap snapshots a few seconds apart under load, compared kind by kind
// (shared/memory/heap-growth.ts), each growing kind with what holds it; and,
// over the same seconds, where V8's sampling heap profiler saw the objects
// still alive at the second snapshot allocated. The snapshots themselves are
// not kept (hundreds of MB): only this.
import { z } from 'zod';
import { amount, count, list, text } from './limits.ts';
import { snapshotEstimateSchema } from '../memory/snapshot-cost.ts';

export const growingHolderSchema = z.object({
  /** The variable or property that holds the new objects ("sent"), and what it is ("Array"). */
  name: text(500),
  kind: text(500),
  via: z.enum(['variable', 'property']),
  /** A property's object ("PriceService"); null for a variable. */
  owner: text(500).nullable(),
  /** Where the variable is declared (or a function that sees it), 1-based; null when the snapshot did not say. */
  url: text(10_000).nullable(),
  line: z.number().int().min(1).max(1e9).nullable(),
});
export type GrowingHolder = z.infer<typeof growingHolderSchema>;

export const growingKindSchema = z.object({
  /** DevTools' class name: a constructor ("Buffer", "Object", "Map"), or "(string)", "(closure)"… */
  kind: text(500),
  /** Objects of this kind in the second snapshot minus the first. */
  countDelta: z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER),
  /** What the new objects retain minus what the gone ones retained, bytes (Buffers' contents included). */
  bytesDelta: z.number().min(-1e15).max(1e15),
  holder: growingHolderSchema.nullable(),
  /** The path from the holder down to one new object: ["sent (Array)", "[1203]", "Buffer"]. */
  path: list(text(1000), 100),
});
export type GrowingKind = z.infer<typeof growingKindSchema>;

export const allocatedAliveSchema = z.object({
  function: text(10_000),
  url: text(10_000),
  /** 1-based; 0 when unknown. */
  line: count,
  /** Whose code: 'user' (yours), 'dependency', 'node' (Node's own), … (shared/profile/views/categories.ts). */
  category: text(50),
  bytes: amount,
});

export const growingSchema = z.object({
  /** Seconds from the first snapshot to the second, and the requests answered meanwhile (null without Flambé's load). */
  seconds: amount,
  requests: count.nullable(),
  /** How long each snapshot paused the process, s (V8 collects all garbage, then writes every object). */
  pausedSec: z.object({ first: amount, second: amount }),
  /** The two snapshots' sizes, MB of JSON. */
  snapshotMb: z.object({ first: amount, second: amount }),
  /** The kinds that grew most, largest first (empty: nothing grew past the thresholds). */
  kinds: list(growingKindSchema, 50),
  /** Functions by bytes allocated between the snapshots and still alive at the second (sampling heap profiler), most first. */
  allocatedAlive: list(allocatedAliveSchema, 50),
  /** What each snapshot was estimated to cost before it was taken (shared/memory/snapshot-cost.ts); absent in older recordings. */
  estimate: snapshotEstimateSchema.nullable().optional(),
  /** Why it could not be found (the target refused a snapshot, one was damaged…): then `kinds` is empty. */
  error: text(10_000).nullable(),
});
export type Growing = z.infer<typeof growingSchema>;
