// Does a Mach-O file (macOS) define what only Node has? Node exports its
// addon entry points to native modules (addons link with
// `-undefined dynamic_lookup` and find them in the executable), so its symbol
// table (LC_SYMTAB) holds `_node_module_register` / `_napi_module_register`
// as defined external symbols; a Node built as a shared library links
// `libnode.*.dylib` instead (LC_LOAD_DYLIB). A name merely present is not
// enough: a program that *calls* napi_module_register lists it too, as
// undefined. Universal ("fat") files are read slice by slice.
// Format: <mach-o/loader.h>, <mach-o/nlist.h>, <mach-o/fat.h>.
import { cString, type BinaryVerdict, type ReadAt } from './binary-read.ts';

const MH_MAGIC = 0xfeedface;
const MH_MAGIC_64 = 0xfeedfacf;
const FAT_MAGIC = 0xcafebabe;
const FAT_MAGIC_64 = 0xcafebabf;
/** Java class files share FAT_MAGIC; their next word (a version) is far above any real count of slices. */
const MAX_FAT_SLICES = 16;
const LC_SYMTAB = 0x2;
const LC_DYSYMTAB = 0xb;
const DYLIB_COMMANDS = new Set([0xc /* LOAD_DYLIB */, 0x80000018 /* LOAD_WEAK_DYLIB */, 0x8000001f /* REEXPORT_DYLIB */, 0x20 /* LAZY_LOAD_DYLIB */, 0x80000023 /* LOAD_UPWARD_DYLIB */]);
const N_STAB = 0xe0;
const N_TYPE = 0x0e;
const N_SECT = 0x0e;
const N_EXT = 0x01;
/** With their terminating NUL: compared in place in the string table, no string made per symbol (Node defines ~40 000). */
const NODE_SYMBOLS = ['_node_module_register\0', '_napi_module_register\0'].map((n) => Buffer.from(n, 'latin1'));
const LIBNODE = /(^|\/)libnode(\.[^/]*)?\.dylib$/;
/** Node's load commands are a few KB and its tables a few MB; larger is not worth reading for this question. */
const MAX_COMMANDS_BYTES = 1 << 20;
const MAX_TABLE_BYTES = 64 << 20;

/** null: not a Mach-O file (thin or universal). */
export function machoVerdict(read: ReadAt): BinaryVerdict | null {
  const head = read(0, 8);
  if (head.length < 8) return null;
  const magic = head.readUInt32BE(0);
  if (magic === FAT_MAGIC || magic === FAT_MAGIC_64) {
    const count = head.readUInt32BE(4);
    if (count === 0 || count > MAX_FAT_SLICES) return null;
    const entry = magic === FAT_MAGIC_64 ? 32 : 20;
    const table = read(8, count * entry);
    let node = false;
    for (let i = 0; i < count && (i + 1) * entry <= table.length && !node; i++) {
      const offset = magic === FAT_MAGIC_64 ? Number(table.readBigUInt64BE(i * entry + 8)) : table.readUInt32BE(i * entry + 8);
      node = thinIsNode((o, n) => read(offset + o, n)) === true;
    }
    return { format: 'Mach-O', node };
  }
  const node = thinIsNode(read);
  return node === null ? null : { format: 'Mach-O', node };
}

/** One architecture's Mach-O: whether it defines Node's entry points or links libnode; null when it is not Mach-O. */
function thinIsNode(read: ReadAt): boolean | null {
  const h = read(0, 32);
  if (h.length < 28) return null;
  const le = h.readUInt32LE(0) === MH_MAGIC || h.readUInt32LE(0) === MH_MAGIC_64;
  const be = h.readUInt32BE(0) === MH_MAGIC || h.readUInt32BE(0) === MH_MAGIC_64;
  if (!le && !be) return null;
  const u32 = (b: Buffer, o: number) => (le ? b.readUInt32LE(o) : b.readUInt32BE(o));
  const is64 = u32(h, 0) === MH_MAGIC_64;
  const ncmds = u32(h, 16);
  const sizeofcmds = Math.min(u32(h, 20), MAX_COMMANDS_BYTES);
  const cmds = read(is64 ? 32 : 28, sizeofcmds);
  let symtab: { symoff: number; nsyms: number; stroff: number; strsize: number } | null = null;
  let exported: { first: number; count: number } | null = null;
  for (let i = 0, o = 0; i < ncmds && o + 8 <= cmds.length; i++) {
    const cmd = u32(cmds, o);
    const size = u32(cmds, o + 4);
    if (size < 8 || o + size > cmds.length) break;
    if (cmd === LC_SYMTAB && size >= 24) symtab = { symoff: u32(cmds, o + 8), nsyms: u32(cmds, o + 12), stroff: u32(cmds, o + 16), strsize: u32(cmds, o + 20) };
    if (cmd === LC_DYSYMTAB && size >= 24) exported = { first: u32(cmds, o + 16), count: u32(cmds, o + 20) };
    if (DYLIB_COMMANDS.has(cmd) && size >= 12) {
      const name = cString(cmds.subarray(o, o + size), u32(cmds, o + 8));
      if (name && LIBNODE.test(name)) return true;
    }
    o += size;
  }
  if (!symtab) return false;
  const entry = is64 ? 16 : 12;
  // LC_DYSYMTAB says which run of the table is the defined external symbols: Node's 40 000 of 900 000 (the rest are
  // local), so 0.6 MB is read instead of 14; and only the strings up to the last of their names.
  const range = exported && exported.first + exported.count <= symtab.nsyms ? exported : { first: 0, count: symtab.nsyms };
  if (range.count * entry > MAX_TABLE_BYTES) return false;
  const symbols = read(symtab.symoff + range.first * entry, range.count * entry);
  let lastName = 0;
  for (let o = 0; o + entry <= symbols.length; o += entry) lastName = Math.max(lastName, u32(symbols, o));
  const stringBytes = Math.min(symtab.strsize, lastName + 64);
  if (stringBytes > MAX_TABLE_BYTES) return false;
  const strings = read(symtab.stroff, stringBytes);
  for (let o = 0; o + entry <= symbols.length; o += entry) {
    const type = symbols[o + 4];
    const definedExternal = (type & N_STAB) === 0 && (type & N_EXT) !== 0 && (type & N_TYPE) === N_SECT;
    if (!definedExternal) continue;
    const at = u32(symbols, o);
    if (NODE_SYMBOLS.some((n) => at + n.length <= strings.length && strings.compare(n, 0, n.length, at, at + n.length) === 0)) return true;
  }
  return false;
}
