// One entry point for every profile file. Like speedscope's import/index.ts:
// try the importer the file name suggests, then detect by content.
import { binaryKindOfText, binaryRefusal, readProfileBytes } from './binary-files.ts';
import { importChromeTrace, isChromeTrace } from './chrome-trace.ts';
import { importCpuProfile, isCpuProfile } from './cpuprofile.ts';
import { ProfileFormatError } from '../format-error.ts';
import { parseJsonText } from './json-text.ts';
import { importLegacyCpuProfile, isLegacyCpuProfile } from './legacy-cpuprofile.ts';
import type { Profile } from '../model.ts';
import { HEAP_PROFILE_NOT_CPU, isHeapProfile } from '../../recording/memory.ts';

export { HEAP_PROFILE_NOT_CPU };

export type ProfileFormat = 'cpuprofile' | 'chrome-trace' | 'cpuprofile-legacy' | 'pprof';

export interface ImportedProfile {
  profile: Profile;
  format: ProfileFormat;
}

type JsonFormat = Exclude<ProfileFormat, 'pprof'>;

/** `owned`: the JSON was parsed here, for this import alone (the importer may consume it). */
const importers: Record<JsonFormat, { matches: (data: unknown) => boolean; run: (data: unknown, owned: boolean) => Profile }> = {
  cpuprofile: { matches: isCpuProfile, run: (data, owned) => importCpuProfile(data, { consume: owned }) },
  'chrome-trace': { matches: isChromeTrace, run: importChromeTrace },
  'cpuprofile-legacy': { matches: isLegacyCpuProfile, run: importLegacyCpuProfile },
};

function formatFromName(fileName: string | undefined): JsonFormat | null {
  if (!fileName) return null;
  const lower = fileName.toLowerCase().replace(/\.gz$/, '');
  if (lower.endsWith('.cpuprofile')) return 'cpuprofile';
  if (/\btrace\b|^trace|profile-\d{8}t\d{6}\.json$/.test(lower) && lower.endsWith('.json')) return 'chrome-trace';
  return null;
}

export interface ImportOptions {
  /**
   * Already-parsed JSON that was parsed for this import alone: the importer
   * may consume it (its fast path), as it does for text or bytes.
   */
  owned?: boolean;
}

/**
 * Reads a profile from file text (or bytes, or already-parsed JSON) and tells
 * which format it was. `fileName` helps detection; content decides.
 * Throws ProfileFormatError — and only that — with a message for the user.
 */
export function importProfileWithFormat(input: unknown, fileName?: string, opts: ImportOptions = {}): ImportedProfile {
  try {
    let text: string | null = typeof input === 'string' ? input : null;
    if (input instanceof Uint8Array || input instanceof ArrayBuffer) {
      const read = readProfileBytes(input);
      if ('pprof' in read) return { profile: read.pprof, format: 'pprof' };
      text = read.text;
    }
    if (text !== null) {
      const kind = binaryKindOfText(text);
      if (kind) throw new ProfileFormatError(binaryRefusal(kind));
    }
    const owned = text !== null || opts.owned === true;
    const data = text !== null ? parseJsonText(text) : input;
    // An allocation profile's tree looks like an old CPU profile's (a "head" with children): said, not misread.
    if (isHeapProfile(data)) throw new ProfileFormatError(HEAP_PROFILE_NOT_CPU);
    const byName = formatFromName(fileName);
    if (byName && importers[byName].matches(data)) return { profile: importers[byName].run(data, owned), format: byName };
    for (const [format, importer] of Object.entries(importers) as [JsonFormat, (typeof importers)[JsonFormat]][]) {
      if (importer.matches(data)) return { profile: importer.run(data, owned), format };
    }
    throw new ProfileFormatError(
      'Flambé cannot read this file: it is neither a V8 CPU profile (.cpuprofile from Node, Chrome or VS Code) nor a Chrome DevTools trace with a CPU profile, nor a pprof profile.',
    );
  } catch (e) {
    // A file too large for memory (or nested too deep for the parser) is a fact
    // about the file, not our bug. Anything else is a bug and stays visible.
    if (e instanceof RangeError) {
      throw new ProfileFormatError(`Flambé could not open this profile: it is too large or too deeply nested to read (${e.message}).`);
    }
    throw e;
  }
}

/** importProfileWithFormat, when the format does not matter. */
export function importProfile(input: unknown, fileName?: string, opts?: ImportOptions): Profile {
  return importProfileWithFormat(input, fileName, opts).profile;
}
