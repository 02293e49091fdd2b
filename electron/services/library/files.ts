// Files in and out of the library: a .cpuprofile (or anything shared/profile
// imports), and the .flambe bundle that carries a recording with all its
// metadata, which another Flambé imports unchanged.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { RecordingResult } from '../../../shared/api.ts';
import { importProfileWithFormat } from '../../../shared/profile/import.ts';
import { isProfileFormatError } from '../../../shared/profile/errors.ts';
import { exportCpuProfile } from '../../../shared/profile/export-cpuprofile.ts';
import { UserError } from '../errors.ts';

const BUNDLE_FORMAT = 'flambe-bundle';
const BUNDLE_VERSION = 1;

export function toBundle(rec: RecordingResult): string {
  return JSON.stringify({ format: BUNDLE_FORMAT, version: BUNDLE_VERSION, recording: rec });
}

function isBundle(data: unknown): data is { format: string; version: number; recording: RecordingResult } {
  return typeof data === 'object' && data !== null && (data as { format?: unknown }).format === BUNDLE_FORMAT;
}

/**
 * The V8 profile inside whatever the user imports, validated, or a UserError
 * naming what is wrong. The library stores .cpuprofile JSON: a DevTools trace
 * is converted through the canonical model.
 */
function validProfile(data: unknown, fileName: string): unknown {
  try {
    const { profile, format } = importProfileWithFormat(data, fileName);
    return format === 'cpuprofile' ? data : exportCpuProfile(profile);
  } catch (e) {
    if (isProfileFormatError(e)) throw new UserError(`${fileName} is not a usable CPU profile: ${e.message}`);
    throw new UserError(`${fileName} could not be read as a CPU profile: ${(e as Error).message}`);
  }
}

/**
 * Turns an imported file into a recording ready to save, or throws a
 * UserError (and nothing is written).
 */
export function recordingFromFile(fileName: string, content: string, now = new Date()): RecordingResult {
  const base = path.basename(fileName) || 'profile';
  let data: unknown;
  try {
    data = JSON.parse(content);
  } catch (e) {
    throw new UserError(`${base} is not valid JSON (${(e as Error).message.replace(/^.*?: /, '')}): is the file complete?`);
  }
  if (isBundle(data)) {
    if (data.version > BUNDLE_VERSION) throw new UserError(`${base} was exported by a newer version of Flambé: update Flambé to import it.`);
    const rec = data.recording;
    if (!rec || typeof rec !== 'object' || typeof rec.name !== 'string' || typeof rec.createdAt !== 'string') {
      throw new UserError(`${base} is a damaged Flambé bundle: its recording is missing.`);
    }
    if (rec.profile !== null) validProfile(rec.profile, base);
    return {
      ...rec,
      id: typeof rec.id === 'string' && rec.id ? rec.id : randomUUID(),
      tags: Array.isArray(rec.tags) ? rec.tags.filter((t) => typeof t === 'string') : [],
      notes: typeof rec.notes === 'string' ? rec.notes : '',
      samples: Array.isArray(rec.samples) ? rec.samples : [],
      target: rec.target ?? null, settings: rec.settings ?? null, load: rec.load ?? null, error: rec.error ?? null,
    };
  }
  const profile = validProfile(data, base);
  return {
    id: randomUUID(),
    name: base.replace(/\.(cpuprofile|json|pb|pprof)(\.gz)?$/i, ''),
    createdAt: now.toISOString(),
    target: null, settings: null, load: null, profile, samples: [], error: null, tags: [], notes: `Imported from ${base}`,
  };
}
