// Does a PE file (Windows .exe) export what only Node has? node.exe exports
// the N-API and addon entry points (`napi_module_register`,
// `node_module_register`) so that native addons (.node DLLs) link against
// the executable itself; its export table names them. A program that only
// imports them lists them elsewhere (the import table), not here.
// Format: Microsoft's "PE Format" (DOS stub → "PE\0\0" → COFF header →
// optional header's data directory 0 → export directory → name pointers).
import { cString, type BinaryVerdict, type ReadAt } from './binary-read.ts';

const NODE_EXPORTS = new Set(['napi_module_register', 'node_module_register']);
const PE32 = 0x10b;
const PE32_PLUS = 0x20b;
/** node.exe names ~20 000 exports; far more is not a program worth reading for this question. */
const MAX_NAMES = 1_000_000;
const MAX_EXPORT_BYTES = 64 << 20;

interface Section { va: number; size: number; raw: number }

/** null: not a PE file. */
export function peVerdict(read: ReadAt): BinaryVerdict | null {
  const dos = read(0, 64);
  if (dos.length < 64 || dos.readUInt16LE(0) !== 0x5a4d) return null; // "MZ"
  const pe = dos.readUInt32LE(0x3c);
  const coff = read(pe, 24);
  if (coff.length < 24 || coff.readUInt32LE(0) !== 0x00004550) return null; // "PE\0\0"
  const sectionCount = coff.readUInt16LE(6);
  const optionalSize = coff.readUInt16LE(20);
  const optional = read(pe + 24, optionalSize);
  const magic = optional.length >= 2 ? optional.readUInt16LE(0) : 0;
  if (magic !== PE32 && magic !== PE32_PLUS) return { format: 'PE', node: false };
  const dirCount = optional.readUInt32LE(magic === PE32 ? 92 : 108);
  const dirAt = magic === PE32 ? 96 : 112;
  if (dirCount < 1 || optional.length < dirAt + 8) return { format: 'PE', node: false };
  const exportRva = optional.readUInt32LE(dirAt);
  const exportSize = optional.readUInt32LE(dirAt + 4);
  if (!exportRva || !exportSize) return { format: 'PE', node: false };
  const table = read(pe + 24 + optionalSize, sectionCount * 40);
  const sections: Section[] = [];
  for (let o = 0; o + 40 <= table.length; o += 40) {
    sections.push({ va: table.readUInt32LE(o + 12), size: Math.max(table.readUInt32LE(o + 8), table.readUInt32LE(o + 16)), raw: table.readUInt32LE(o + 20) });
  }
  const fileOffset = (rva: number) => {
    const s = sections.find((x) => rva >= x.va && rva < x.va + x.size);
    return s ? s.raw + (rva - s.va) : null;
  };
  const at = fileOffset(exportRva);
  if (at === null) return { format: 'PE', node: false };
  // The export directory, its tables and its names usually lie together within the directory's size: one read.
  const region = read(at, Math.min(exportSize, MAX_EXPORT_BYTES));
  if (region.length < 40) return { format: 'PE', node: false };
  const nameCount = Math.min(region.readUInt32LE(24), MAX_NAMES);
  const namesOffset = fileOffset(region.readUInt32LE(32));
  if (namesOffset === null) return { format: 'PE', node: false };
  const pointers = read(namesOffset, nameCount * 4);
  const nameAt = (rva: number): string | null => {
    if (rva >= exportRva && rva < exportRva + region.length) return cString(region, rva - exportRva);
    const o = fileOffset(rva);
    return o === null ? null : cString(read(o, 64), 0);
  };
  for (let i = 0; i + 4 <= pointers.length; i += 4) {
    const name = nameAt(pointers.readUInt32LE(i));
    if (name !== null && NODE_EXPORTS.has(name)) return { format: 'PE', node: true };
  }
  return { format: 'PE', node: false };
}
