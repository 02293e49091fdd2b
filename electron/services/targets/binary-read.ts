// What the program-file readers (elf-symbols.ts, macho-symbols.ts,
// pe-exports.ts) share: they read through `ReadAt`, never a file of their
// own, so each is a pure function the tests feed with bytes built in memory.

/** Up to `length` bytes at `offset` (fewer at the end of the file). */
export type ReadAt = (offset: number, length: number) => Buffer;

/** A program file of a known format, and whether it is a build of Node. */
export interface BinaryVerdict {
  format: 'ELF' | 'Mach-O' | 'PE';
  node: boolean;
}

/** A reader over bytes in memory (tests, and a slice of a file already read). */
export function readBytes(bytes: Uint8Array): ReadAt {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return (offset, length) => buf.subarray(Math.min(offset, buf.length), Math.min(offset + length, buf.length));
}

/** The NUL-terminated text at `offset` of `buf`, or null when it runs past `buf`'s end. */
export function cString(buf: Buffer, offset: number): string | null {
  const end = buf.indexOf(0, offset);
  return offset < buf.length && end >= 0 ? buf.toString('latin1', offset, end) : null;
}
