// A round from what the library or a file holds: the recording's metadata,
// load and process samples, and its profile already imported into the model.
import { processCpuPerSampledMs, type PerRequest } from '../profile/cpu-time.ts';
import { requestsHandledCount } from '../load/request-counts.ts';
import type { RecordingMeta, RecordingResult } from '../recording/recording.ts';
import type { Profile } from '../profile/model.ts';
import type { ThreadAllocations } from '../profile/import/all-threads.ts';
import type { CompareRound, RunMeta } from './types.ts';
import { withoutBackground } from '../profile/background.ts';

/** A recording with or without its profile: the metadata is all a RunMeta needs. */
export function runMetaOf(rec: RecordingMeta | RecordingResult, source: RunMeta['source'] = rec.settings || rec.load ? 'recorded' : 'imported'): RunMeta {
  const load = rec.settings?.load;
  return {
    id: rec.id || null,
    name: rec.name,
    createdAt: rec.createdAt || null,
    source,
    targetLabel: rec.target?.label ?? null,
    nodeVersion: rec.target?.nodeVersion || null,
    method: load?.method ?? null,
    url: load?.url ?? null,
    connections: load?.connections ?? null,
    durationSec: load ? (load.requests ? null : load.durationSec) : null,
    requestLimit: load?.requests ?? null,
    samplingIntervalUs: rec.settings?.samplingIntervalUs ?? null,
    machine: rec.machine ?? null,
    sameness: samenessOf(rec),
  };
}

/**
 * Arguments, environment (sorted), headers, body, routes and rate: a run with
 * LOG=1 and one with LOG=0 are not repeats of each other, whatever else they share.
 */
function samenessOf(rec: RecordingMeta | RecordingResult): string {
  const load = rec.settings?.load;
  const sorted = (o: Record<string, unknown> | undefined | null) => (o ? Object.entries(o).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)) : null);
  return JSON.stringify([
    rec.target?.argv?.slice(1) ?? null, rec.target?.args ?? null, sorted(rec.target?.env),
    sorted(load?.headers), load?.body ?? null, load?.routes ?? null, load?.rate ?? null,
  ]);
}

/** `allocations`: each thread's allocation profile, read with the profile (importWholeProcessWithAllocations). */
export function roundFromRecording(rec: RecordingMeta | RecordingResult, profile: Profile | null, allocations: ThreadAllocations[] | null = null): CompareRound {
  return {
    meta: runMetaOf(rec), load: rec.load, profile, samples: rec.samples ?? [], requestTime: rec.requestTime ?? null,
    ...(rec.cpu ? { cpu: rec.cpu } : {}),
    ...(allocations?.length ? { allocations } : {}),
  };
}

/** Requests the server handled while the profile was recorded: the per-1k denominator (null when unknown; shared/load/request-counts.ts). */
export function roundRequests(round: CompareRound): number | null {
  return requestsHandledCount(round);
}

const perRequestOfRound = new WeakMap<CompareRound, PerRequest | null>();

/** The per-1k basis of a round (../profile/cpu-time.ts): its requests and its threads' CPU from the OS clock; null without requests or a profile. */
export function roundPerRequest(round: CompareRound): PerRequest | null {
  if (perRequestOfRound.has(round)) return perRequestOfRound.get(round)!;
  const requests = roundRequests(round);
  const per = requests === null || !round.profile ? null : { requests, cpuPerSampledMs: processCpuPerSampledMs(round.cpu, round.profile) };
  perRequestOfRound.set(round, per);
  return per;
}

const requestWork = new WeakMap<CompareRound, Profile>();

/**
 * The round's profile with what background timers ran (no request behind it) set aside under one
 * "(background work)" node (shared/profile/background.ts): every per-request figure — CPU per 1 000
 * requests, the function, file, package and kind-of-work rows — is read from it, as the recording's
 * own verdict is, so a timer's work is never charged to the requests. Null without a profile.
 */
export function requestWorkOf(round: CompareRound): Profile | null {
  if (!round.profile) return null;
  let p = requestWork.get(round);
  if (!p) {
    p = withoutBackground(round.profile, round.requestTime?.background?.spans);
    requestWork.set(round, p);
  }
  return p;
}
