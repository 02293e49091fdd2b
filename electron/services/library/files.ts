// Files in and out of the library: a .cpuprofile (or anything shared/profile
// imports), and the .flambe bundle that carries a recording with all its
// metadata, which another Flambé imports unchanged.
import { MAX_PROFILE_BYTES, tooManyBytes } from '../../../shared/profile/budgets.ts';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { ImportPhase, RecordingMeta } from '../../../shared/api.ts';
import { importProfileWithFormat } from '../../../shared/profile/import/any-format.ts';
import { isProfileFormatError } from '../../../shared/profile/format-error.ts';
import { exportCpuProfileText } from '../../../shared/profile/export/export-cpuprofile.ts';
import { isChromeTrace } from '../../../shared/profile/import/chrome-trace.ts';
import { isCpuProfile } from '../../../shared/profile/import/cpuprofile.ts';
import { exportThreadsCpuProfileText, importThreads, storedRequestBytes } from '../../../shared/profile/import/all-threads.ts';
import { UserError } from '../errors.ts';
import { importedRecording } from '../../../shared/library/imported-recording.ts';
import { importableContent } from '../formats/gunzip.ts';
import { factsOf, packProfile, type PackedProfile } from './stored-profile.ts';
import { BundleError, isBundle, readBundle, writeBundle } from '../../../shared/formats/bundle.ts';
import { isGroupBundle, readGroupBundle, type BundledGroup } from '../../../shared/formats/group-bundle.ts';
import { isHeapProfile, readHeapProfile } from '../../../shared/memory/heap-profile.ts';
import type { Background } from '../../../shared/recording/request-time.ts';

/** The one .flambe writer (shared/formats/bundle.ts), for the service and the CLI. */
export const toBundle = writeBundle;

export type { ImportPhase };

/** A file ready to be saved: its recording, and its profile imported once and compressed. */
export interface PreparedImport {
  rec: RecordingMeta;
  packed: PackedProfile | null;
  /** A profile file (not a .flambe bundle, which carries its own id): it may be saved under the id the UI chose. */
  plain?: true;
  /** A group bundle (an experiment, a sweep): every member ready to save; `rec` is its first. */
  group?: PreparedGroup;
}

export interface PreparedGroup {
  kind: BundledGroup['kind'];
  id: string;
  name: string;
  result: BundledGroup['result'];
  members: { label: string; round: number | null; rec: RecordingMeta; packed: PackedProfile | null }[];
}

/**
 * Imports the profile inside whatever the user imports — once — and packs
 * it for the library, or throws a UserError naming what is wrong. `data` was
 * parsed for this import alone, so the importer may consume it (its fast
 * path). The library stores .cpuprofile JSON: `json` when the file is one
 * (the user's own bytes), a DevTools trace converted through the canonical model.
 */
function packImported(data: unknown, json: () => string | Uint8Array, fileName: string, onPhase: (phase: ImportPhase) => void, background: Background | null = null): PackedProfile {
  try {
    onPhase('checking');
    if (isChromeTrace(data) && !isCpuProfile(data)) {
      // A trace may hold several threads (Flambé's own export, DevTools with workers): all are kept, as a recording keeps them.
      const { threads } = importThreads(data, fileName);
      onPhase('compressing');
      return packProfile(exportThreadsCpuProfileText(threads), factsOf(threads[0].profile, null));
    }
    // Read before the import, which may consume the object; kept only where the file's own bytes are stored.
    const allocated = storedRequestBytes(data, background);
    const { profile, format } = importProfileWithFormat(data, fileName, { owned: true });
    onPhase('compressing');
    return packProfile(format === 'cpuprofile' ? json() : exportCpuProfileText(profile), factsOf(profile, format === 'cpuprofile' ? allocated : null));
  } catch (e) {
    if (isProfileFormatError(e)) throw new UserError(`${fileName} is not a usable CPU profile: ${e.message}`);
    throw new UserError(`${fileName} could not be read as a CPU profile: ${(e as Error).message}`);
  }
}

/**
 * Turns an imported file (its text, or its bytes as read) into a recording
 * ready to save, or throws a UserError (and nothing is written). The file is
 * parsed once and its profile imported once: it runs in a worker thread for
 * big files (import-in-worker.ts).
 */
export function prepareImport(fileName: string, content: string | Uint8Array, now = new Date(), onPhase: (phase: ImportPhase) => void = () => {}): PreparedImport {
  const base = path.basename(fileName) || 'profile';
  try {
    return prepareFile(base, content, now, onPhase);
  } catch (e) {
    // Lists inside lists thousands of levels down (a crafted file) overflow any recursive reader: one sentence, not a stack trace.
    if (e instanceof RangeError && /call stack/i.test(e.message)) {
      throw new UserError(`${base} is nested too deeply to read (a list or object inside another, thousands of levels down): it is not a file Flambé wrote. Nothing was imported.`);
    }
    throw e;
  }
}

function prepareFile(base: string, content: string | Uint8Array, now: Date, onPhase: (phase: ImportPhase) => void): PreparedImport {
  onPhase('reading');
  if (typeof content !== 'string') {
    // Gzip, UTF-16 and pprof become .cpuprofile text here, at the edge (gunzip.ts: shared/ has no zlib).
    try {
      content = importableContent(content);
    } catch (e) {
      if (isProfileFormatError(e)) throw new UserError(`${base} is not a usable CPU profile: ${e.message}`);
      throw e;
    }
  }
  if (typeof content === 'string' && content.length > MAX_PROFILE_BYTES) throw new UserError(`${base}: ${tooManyBytes('is', content.length)}`);
  let data: unknown;
  try {
    const text = typeof content === 'string' ? content : new TextDecoder().decode(content);
    data = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (e) {
    if (e instanceof RangeError && !/call stack/i.test(e.message)) throw new UserError(`${base} is too large to read (${e.message}).`);
    if (e instanceof RangeError) throw e;
    throw new UserError(`${base} is not valid JSON (${(e as Error).message.replace(/^.*?: /, '')}): is the file complete?`);
  }
  if (isGroupBundle(data)) return prepareGroup(data, base, onPhase);
  if (isBundle(data)) {
    let rec;
    try {
      rec = readBundle(data, base);
    } catch (e) {
      if (e instanceof BundleError) throw new UserError(e.message);
      throw e;
    }
    return bundledRecording(rec, base, onPhase);
  }
  const packed = isHeapProfile(data) ? packHeapProfile(data, content, base, onPhase) : packImported(data, () => content, base, onPhase);
  return { rec: importedRecording(base, randomUUID(), now.toISOString()), packed, plain: true };
}

/**
 * A .heapprofile (DevTools' allocation sampling, `node --heap-prof`), checked
 * and kept as the user's bytes: the recording has allocations and no CPU
 * profile (its Memory card draws them; the CPU views say why they are empty).
 */
function packHeapProfile(data: unknown, content: string | Uint8Array, base: string, onPhase: (phase: ImportPhase) => void): PackedProfile {
  onPhase('checking');
  try {
    readHeapProfile(data, base);
  } catch (e) {
    if (isProfileFormatError(e)) throw new UserError(e.message);
    throw e;
  }
  onPhase('compressing');
  return packProfile(content, { cpuSplit: null, durationMs: 0, allocatedBytes: null });
}

/** A bundled recording ready to save: its profile imported once and packed. */
function bundledRecording(rec: ReturnType<typeof readBundle>, base: string, onPhase: (phase: ImportPhase) => void): PreparedImport {
  const { profile, ...meta } = rec;
  // Its text is taken before the import, which may consume the object.
  const text = profile != null ? JSON.stringify(profile) : null;
  const packed = text !== null ? packImported(profile, () => text, base, onPhase, rec.requestTime?.background ?? null) : null;
  return { rec: { ...meta, id: rec.id ?? randomUUID(), tags: [...new Set(rec.tags)], hasProfile: packed !== null }, packed };
}

/** Every recording of a group bundle checked and packed before any is saved: one bad member imports nothing. */
function prepareGroup(data: unknown, base: string, onPhase: (phase: ImportPhase) => void): PreparedImport {
  let group: BundledGroup;
  try {
    group = readGroupBundle(data, base);
  } catch (e) {
    if (e instanceof BundleError) throw new UserError(e.message);
    throw e;
  }
  const members = group.members.map((m) => {
    const { rec, packed } = bundledRecording(m.recording, base, onPhase);
    return { label: m.label, round: m.round, rec, packed };
  });
  return { rec: members[0].rec, packed: members[0].packed, group: { kind: group.kind, id: group.id, name: group.name, result: group.result, members } };
}
