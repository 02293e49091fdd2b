// A recording, whole: the one schema every path reads and writes — the
// contract (shared/api.ts re-exports its type), the .flambe readers
// (shared/formats/bundle.ts, shared/formats/group-bundle.ts), the library's rows and the CLI.
// Its type is inferred from it, so a field cannot be declared in one place
// and forgotten in another: a new part of a recording is a schema in its own
// small file here (like load.ts, target.ts), added to the object below.
// (shared/recording/round-trip.test.ts generates every field of this schema
// and checks each path carries it.)
import { z } from 'zod';
import { id, isoDate, list, text } from './limits.ts';
import { loadSummarySchema } from './load.ts';
import { machineSchema } from './machine.ts';
import { processSampleSchema } from './process-samples.ts';
import { recordRequestSchema } from './settings.ts';
import { recordedTargetSchema } from './target.ts';
import { requestTimeSchema } from './request-time.ts';
import { outputVolumeSchema } from './output.ts';
import { listenersSchema } from './listeners.ts';
import { storedProfileSchema } from './profile-extras.ts';
import { growingSchema } from './growing.ts';
import { cpuAccountingSchema } from './cpu-accounting.ts';

/** A tag, as the library keeps it. */
export const recordingTagSchema = z.string().trim().min(1, 'has an empty tag').max(50, 'has a tag over 50 characters');

export const recordingResultSchema = z.object({
  id,
  /** Default "<METHOD path> · <date time>"; editable in the Library. */
  name: z.string().trim().min(1, 'has no name').max(200),
  createdAt: isoDate,
  target: recordedTargetSchema.nullable(),
  /** What was asked: null for a profile imported from a file (no load was run by Flambé). */
  settings: recordRequestSchema.nullable(),
  load: loadSummarySchema.nullable(),
  /**
   * The V8 CPU profile as Profiler.stop returned it, with Flambé's additions
   * (threads, source lines, original frames…) typed under their keys
   * (profile-extras.ts; splitProfile reads it as { v8, extras }); null without
   * a target. shared/profile's importer checks V8's part is a usable profile.
   */
  profile: storedProfileSchema.nullable(),
  samples: list(processSampleSchema, 10_000_000),
  /** CPU model and cores of the machine it ran on (absent in recordings made before Flambé stored it). */
  machine: machineSchema.nullable().optional(),
  /** When the recording ended in a fault: one sentence; what was measured is kept. */
  error: text(10_000).nullable(),
  tags: list(recordingTagSchema, 1000),
  notes: text(100_000),
  /** Where each request's wall time went, measured in the target (absent without the request collector). */
  requestTime: requestTimeSchema.optional(),
  /** Lines the target wrote to stdout/stderr during the burst (absent without a target, and in older recordings). */
  output: outputVolumeSchema.optional(),
  /** Listeners the burst added to one emitter and event and left there (absent without a target, and in older recordings). */
  listeners: listenersSchema.optional(),
  /** What grew between two heap snapshots under load, and what holds it (absent unless asked: record --find-growth). */
  growing: growingSchema.optional(),
  /** The threads' CPU from the OS over the profile's window: what every "ms of CPU" is computed from (absent in imported files and older recordings). */
  cpu: cpuAccountingSchema.optional(),
});
export type RecordingResult = z.output<typeof recordingResultSchema>;

/**
 * A recording as getRecording gives it: everything but the profile, which
 * can be hundreds of MB. The profile travels once, as the stored bytes
 * (getProfile), into the analysis worker that imports it.
 */
export const recordingMetaSchema = recordingResultSchema.omit({ profile: true }).extend({ hasProfile: z.boolean() });
export type RecordingMeta = z.output<typeof recordingMetaSchema>;
