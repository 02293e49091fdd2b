// Files that are not text: recognized by their first bytes, so the user gets
// a sentence naming what the file is — never raw bytes in an error message.
// Gzip is decompressed at the edges (node:zlib in electron/services/formats/gunzip.ts,
// for the CLI and the UI's imports, whose bytes go to the services as read:
// shared/ has no zlib); pprof is read here (pprof.ts).
import { ProfileFormatError } from '../format-error.ts';
import { exportCpuProfileText } from '../export/export-cpuprofile.ts';
import type { Profile } from '../model.ts';
import { importPprof, isPprof } from './pprof.ts';

export type BinaryKind = 'gzip' | 'zip' | 'perf' | 'utf16le' | 'utf16be' | 'utf8bom' | 'protobuf';

/** What the first bytes say the file is; null for plain text (or unknown). */
export function binaryKind(b: Uint8Array): BinaryKind | null {
  if (b.length >= 2 && b[0] === 0x1f && b[1] === 0x8b) return 'gzip';
  if (b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && (b[2] === 3 || b[2] === 5) && (b[3] === 4 || b[3] === 6)) return 'zip';
  if (b.length >= 8 && startsWithAscii(b, 'PERFILE2')) return 'perf';
  if (b.length >= 2 && b[0] === 0xff && b[1] === 0xfe) return 'utf16le';
  if (b.length >= 2 && b[0] === 0xfe && b[1] === 0xff) return 'utf16be';
  if (b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return 'utf8bom';
  if (b.length >= 2 && isPprofTag(b[0]) && !isJsonStart(b)) return 'protobuf';
  return null;
}

/**
 * A pprof Profile starts with one of its fields (1–14: varints or
 * length-delimited). pprof-format writes sample_type (0x0a) first, Go writes
 * time_nanos (0x48, "H") first.
 */
function isPprofTag(byte: number): boolean {
  const field = byte >> 3;
  const wire = byte & 7;
  return field >= 1 && field <= 14 && (wire === 0 || wire === 2);
}

/** JSON starts with "{" or "[" after whitespace. */
function isJsonStart(b: Uint8Array): boolean {
  let i = 0;
  while (i < b.length && i < 64 && (b[i] === 0x20 || b[i] === 0x0a || b[i] === 0x0d || b[i] === 0x09)) i++;
  return b[i] === 0x7b || b[i] === 0x5b;
}

function startsWithAscii(b: Uint8Array, s: string): boolean {
  for (let i = 0; i < s.length; i++) if (b[i] !== s.charCodeAt(i)) return false;
  return true;
}

/** Text: the first bytes hold no control characters other than whitespace. */
function isTextStart(b: Uint8Array): boolean {
  for (let i = 0; i < b.length && i < 64; i++) {
    const c = b[i];
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return false;
  }
  return b.length > 0;
}

/** The same signatures in text that was decoded as UTF-8 from those bytes (0x8b and 0xff become U+FFFD). */
export function binaryKindOfText(text: string): 'gzip' | 'zip' | 'perf' | null {
  const c0 = text.charCodeAt(0);
  if (c0 === 0x1f && (text.charCodeAt(1) === 0xfffd || text.charCodeAt(1) === 0x8b)) return 'gzip';
  if (text.startsWith('PK\u0003\u0004') || text.startsWith('PK\u0005\u0006')) return 'zip';
  if (text.startsWith('PERFILE2')) return 'perf';
  return null;
}

/** The sentence for a file Flambé cannot read. */
export function binaryRefusal(kind: 'gzip' | 'zip' | 'perf' | 'protobuf'): string {
  switch (kind) {
    case 'gzip': return 'This file is gzip-compressed and could not be decompressed here: decompress it (gunzip) and open the file inside.';
    case 'zip': return 'This file is a zip archive: unzip it and open the profile inside (a .cpuprofile, a trace .json or a pprof .pb.gz).';
    case 'perf': return 'This file is a Linux perf.data recording (perf record): Flambé reads V8 profiles, not perf\'s format. Record with Flambé, or run node --cpu-prof to get a .cpuprofile.';
    case 'protobuf': return 'This file is binary (protobuf) but not a pprof CPU profile Flambé can read.';
  }
}

/**
 * File bytes (gzip already undone) → text, or a pprof profile. UTF-16 files
 * (with their BOM) are decoded as such; gzip, zip and perf files are named in
 * a ProfileFormatError, never shown as bytes.
 */
export function readProfileBytes(input: Uint8Array | ArrayBuffer): { text: string } | { pprof: Profile } {
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  const kind = binaryKind(bytes);
  if (kind === 'gzip' || kind === 'zip' || kind === 'perf') throw new ProfileFormatError(binaryRefusal(kind));
  if (kind === 'protobuf') {
    if (isPprof(bytes)) return { pprof: importPprof(bytes) };
    // Text that merely starts like a protobuf field ("H…", "P…") is refused as text, below.
    if (!isTextStart(bytes)) throw new ProfileFormatError(binaryRefusal('protobuf'));
  }
  try {
    const encoding = kind === 'utf16le' ? 'utf-16le' : kind === 'utf16be' ? 'utf-16be' : 'utf-8';
    return { text: new TextDecoder(encoding, { fatal: false }).decode(bytes) };
  } catch {
    throw new ProfileFormatError('The file is too large to read as text.');
  }
}

/**
 * The JSON text of a profile file's bytes, for the paths that carry text
 * (the library's import): a pprof profile becomes a .cpuprofile.
 */
export function profileTextFromBytes(bytes: Uint8Array | ArrayBuffer): string {
  const read = readProfileBytes(bytes);
  return 'text' in read ? read.text : exportCpuProfileText(read.pprof);
}
