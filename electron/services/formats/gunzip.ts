// Gzip is undone here, at the edge (shared/ has no zlib): .json.gz and
// .cpuprofile.gz as DevTools saves them, and pprof's .pb.gz.
import { gunzipSync } from 'node:zlib';
import { binaryKind, profileTextFromBytes } from '../../../shared/profile/import/binary-files.ts';
import { MAX_PROFILE_BYTES, tooManyBytes } from '../../../shared/profile/budgets.ts';
import { ProfileFormatError } from '../../../shared/profile/format-error.ts';
import { exportThreadsCpuProfileText } from '../../../shared/profile/import/all-threads.ts';
import { importPprofThreads, isPprof } from '../../../shared/profile/import/pprof.ts';

/**
 * The file's bytes, decompressed when they are gzip (once: a profile is never
 * gzipped twice), within the byte budget (shared/profile/budgets.ts). zlib
 * inflates chunk by chunk and stops at maxOutputLength: a gzip bomb costs
 * the budget, never the whole of what it unpacks to.
 */
export function gunzipIfNeeded(bytes: Uint8Array): Uint8Array {
  if (binaryKind(bytes) !== 'gzip') {
    if (bytes.byteLength > MAX_PROFILE_BYTES) throw new ProfileFormatError(tooManyBytes('is', bytes.byteLength));
    return bytes;
  }
  try {
    return gunzipSync(bytes, { maxOutputLength: MAX_PROFILE_BYTES });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ERR_BUFFER_TOO_LARGE') throw new ProfileFormatError(tooManyBytes('unpacks', null));
    throw new ProfileFormatError('This file is gzip-compressed but its data is damaged or cut off: was it copied completely?');
  }
}

/**
 * A file to import into the library: gunzipped, and UTF-16 decoded or a
 * pprof profile turned into .cpuprofile JSON text; plain UTF-8 stays the
 * bytes as read (no text round trip: the import parses them once and stores
 * the user's own bytes). Throws ProfileFormatError with the sentence for the user.
 */
export function importableContent(bytes: Uint8Array): string | Uint8Array {
  const plain = gunzipIfNeeded(bytes);
  const kind = binaryKind(plain);
  if (kind === null) return plain;
  // pprof of several threads (Flambé's export labels each sample): every thread kept, as .cpuprofile + flambeThreads.
  if (kind === 'protobuf' && isPprof(plain)) return exportThreadsCpuProfileText(importPprofThreads(plain));
  return profileTextFromBytes(plain);
}
