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
import { BundleError, isBundle, readBundle, writeBundle } from '../../../shared/bundle.ts';

/** The one .flambe writer (shared/bundle.ts), for the service and the CLI. */
export const toBundle = writeBundle;

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
    let rec;
    try {
      rec = readBundle(data, base);
    } catch (e) {
      if (e instanceof BundleError) throw new UserError(e.message);
      throw e;
    }
    const profile = rec.profile === null ? null : validProfile(rec.profile, base);
    return { ...rec, profile, id: rec.id ?? randomUUID(), tags: [...new Set(rec.tags)] };
  }
  const profile = validProfile(data, base);
  return {
    id: randomUUID(),
    name: base.replace(/\.(cpuprofile|json)$/i, ''),
    createdAt: now.toISOString(),
    target: null, settings: null, load: null, profile, samples: [], error: null, tags: [], notes: `Imported from ${base}`,
  };
}
