// Does an ELF file (Linux) name what only Node has? Its dynamic string
// table (.dynstr — the names the loader links by) holds the addon entry
// points Node exports to native modules (`node_module_register`,
// `napi_module_register`), or, for distributions that build Node as a shared
// library (Debian's nodejs), a dependency on `libnode.so`. That table is a
// few MB at most, read once; the rest of the 100 MB binary is never read.
// Pure over `read`, so the tests feed it bytes built in memory.
import type { BinaryVerdict, ReadAt } from './binary-read.ts';

const NODE_MARKERS = ['\0node_module_register\0', '\0napi_module_register\0', '\0libnode.so'];
/** Node's .dynstr is 2–6 MB; a larger one is not worth reading for this question. */
const MAX_DYNSTR_BYTES = 32 << 20;
const SHT_DYNSYM = 11;

/** The bytes of the string table the dynamic symbols name themselves with, or null when there is none. */
function dynamicStrings(read: ReadAt, h: Buffer): Buffer | null {
  const is64 = h[4] === 2;
  const le = h[5] === 1;
  const u16 = (b: Buffer, o: number) => (le ? b.readUInt16LE(o) : b.readUInt16BE(o));
  const u32 = (b: Buffer, o: number) => (le ? b.readUInt32LE(o) : b.readUInt32BE(o));
  const word = (b: Buffer, o: number) => (is64 ? Number(le ? b.readBigUInt64LE(o) : b.readBigUInt64BE(o)) : u32(b, o));
  const shoff = word(h, is64 ? 0x28 : 0x20);
  const shentsize = u16(h, is64 ? 0x3a : 0x2e);
  const shnum = u16(h, is64 ? 0x3c : 0x30);
  if (!shoff || !shnum || shentsize < (is64 ? 64 : 40)) return null;
  const table = read(shoff, shentsize * shnum);
  const section = (i: number) => {
    const o = i * shentsize;
    return { type: u32(table, o + 4), offset: word(table, o + (is64 ? 0x18 : 0x10)), size: word(table, o + (is64 ? 0x20 : 0x14)), link: u32(table, o + (is64 ? 0x28 : 0x18)) };
  };
  for (let i = 0; i < shnum && (i + 1) * shentsize <= table.length; i++) {
    const s = section(i);
    if (s.type !== SHT_DYNSYM || s.link >= shnum) continue;
    const strtab = section(s.link);
    if (strtab.size > MAX_DYNSTR_BYTES) return null;
    return read(strtab.offset, strtab.size);
  }
  return null;
}

/** null: not an ELF file. */
export function elfVerdict(read: ReadAt): BinaryVerdict | null {
  const h = read(0, 64);
  if (h.length < 52 || h.readUInt32BE(0) !== 0x7f454c46) return null;
  const strings = dynamicStrings(read, h);
  return { format: 'ELF', node: !!strings && NODE_MARKERS.some((m) => strings.includes(m, 0, 'latin1')) };
}
