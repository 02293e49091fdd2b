// A profile entering the library is imported ONCE (shared/profile): that one
// import checks it and gives every number the library keeps with it — the
// CPU split and the duration — and its allocation profiles give the bytes it
// allocated (Compare's noise estimate reads them per request, never the profile). What is stored is the .cpuprofile JSON as
// bytes, compressed; opening a recording sends those bytes back as they are
// (getProfile), for the analysis worker to import.
import zlib from 'node:zlib';
import type { CpuSplit } from '../../../shared/api.ts';
import { cpuSplit } from '../../../shared/profile/views/categories.ts';
import type { Profile } from '../../../shared/profile/model.ts';
import { UserError } from '../errors.ts';

/** The numbers the library keeps with a profile (its list columns). */
export interface ProfileFacts {
  cpuSplit: CpuSplit | null;
  durationMs: number;
  /** Bytes the requests allocated, every thread's allocation profile summed (shared/profile/import/all-threads.ts storedRequestBytes); null when none was sampled. */
  allocatedBytes: number | null;
}

/** A profile ready to be written: its compressed bytes and its facts. */
export interface PackedProfile {
  encoding: 'zstd' | 'gzip';
  data: Uint8Array;
  /** Size of the uncompressed .cpuprofile JSON, bytes. */
  rawSize: number;
  facts: ProfileFacts;
}

/** `allocatedBytes`: read from the profile as stored, before an import that may consume it. */
export function factsOf(profile: Profile, allocatedBytes: number | null): ProfileFacts {
  let split: CpuSplit | null = null;
  try {
    split = cpuSplit(profile);
  } catch {
    // The split is a headline for the list: a profile it cannot classify is still kept.
  }
  return { cpuSplit: split, durationMs: profile.durationMs, allocatedBytes };
}

// zstd decompresses several times faster than gzip (a reopened profile is
// decompressed on every open); gzip where this Node lacks zstd.
const hasZstd = typeof (zlib as { zstdCompressSync?: unknown }).zstdCompressSync === 'function';

// Level 1: on profile JSON it is as small as the default (3) or smaller, and twice as fast
// (a 78 MB profile: 0.3 s instead of 0.57 s to compress, 19.6 MB instead of 21.4 MB).
const ZSTD_LEVEL = 1;

export function packProfile(json: string | Uint8Array, facts: ProfileFacts): PackedProfile {
  const raw = typeof json === 'string' ? Buffer.from(json, 'utf8') : json;
  const data = hasZstd
    ? zlib.zstdCompressSync(raw, { params: { [zlib.constants.ZSTD_c_compressionLevel]: ZSTD_LEVEL } })
    : zlib.gzipSync(raw, { level: 6 });
  return { encoding: hasZstd ? 'zstd' : 'gzip', data, rawSize: raw.byteLength, facts };
}

/** The stored .cpuprofile JSON, as bytes (a Buffer: no copy into a string). */
export function unpackProfile(encoding: string, data: Uint8Array): Buffer {
  if (encoding === 'zstd') {
    if (!hasZstd) throw new UserError('This recording was compressed with zstd, which this version of Node cannot read: use Node 22.15 or newer.');
    return zlib.zstdDecompressSync(data);
  }
  if (encoding === 'gzip') return zlib.gunzipSync(data);
  if (encoding === 'none') return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  throw new UserError(`This recording's profile is stored in an unknown encoding "${encoding}".`);
}
