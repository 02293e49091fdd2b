// Is this executable a build of Node, judged by more than its file name?
// Before Flambé sends SIGUSR1 it must know the process is Node: SIGUSR1
// kills a program that does not catch it (a `sleep` renamed `node` dies).
//
// How (Linux): read the ELF file behind /proc/PID/exe — the very file the
// process runs, even if renamed or deleted — and look in its dynamic string
// table (.dynstr, the names the loader links by) for what only Node has:
// the addon entry points it exports to native modules (`node_module_register`,
// `napi_module_register`), or, for distributions that build Node as a shared
// library (Debian's nodejs), a dependency on `libnode.so`. That table is a
// few MB at most, read once; the rest of the 100 MB binary is never read.
// A version string would be weaker: any program can contain the text "v24".
import { closeSync, openSync, readSync } from 'node:fs';

const NODE_MARKERS = ['\0node_module_register\0', '\0napi_module_register\0', '\0libnode.so'];
/** Node's .dynstr is 2–6 MB; a larger one is not worth reading for this question. */
const MAX_DYNSTR_BYTES = 32 << 20;
const SHT_DYNSYM = 11;

export type NodeBuildCheck = { node: true } | { node: false; why: string };

function readAt(fd: number, offset: number, length: number): Buffer {
  const buf = Buffer.alloc(length);
  const n = readSync(fd, buf, 0, length, offset);
  return buf.subarray(0, n);
}

/** The bytes of the string table the dynamic symbols name themselves with, or null when there is none. */
function dynamicStrings(fd: number): Buffer | null | 'not-elf' {
  const h = readAt(fd, 0, 64);
  if (h.length < 52 || h.readUInt32BE(0) !== 0x7f454c46) return 'not-elf';
  const is64 = h[4] === 2;
  const le = h[5] === 1;
  const u16 = (b: Buffer, o: number) => (le ? b.readUInt16LE(o) : b.readUInt16BE(o));
  const u32 = (b: Buffer, o: number) => (le ? b.readUInt32LE(o) : b.readUInt32BE(o));
  const word = (b: Buffer, o: number) => (is64 ? Number(le ? b.readBigUInt64LE(o) : b.readBigUInt64BE(o)) : u32(b, o));
  const shoff = word(h, is64 ? 0x28 : 0x20);
  const shentsize = u16(h, is64 ? 0x3a : 0x2e);
  const shnum = u16(h, is64 ? 0x3c : 0x30);
  if (!shoff || !shnum || shentsize < (is64 ? 64 : 40)) return null;
  const table = readAt(fd, shoff, shentsize * shnum);
  const section = (i: number) => {
    const o = i * shentsize;
    return { type: u32(table, o + 4), offset: word(table, o + (is64 ? 0x18 : 0x10)), size: word(table, o + (is64 ? 0x20 : 0x14)), link: u32(table, o + (is64 ? 0x28 : 0x18)) };
  };
  for (let i = 0; i < shnum && (i + 1) * shentsize <= table.length; i++) {
    const s = section(i);
    if (s.type !== SHT_DYNSYM || s.link >= shnum) continue;
    const strtab = section(s.link);
    if (strtab.size > MAX_DYNSTR_BYTES) return null;
    return readAt(fd, strtab.offset, strtab.size);
  }
  return null;
}

/** Whether the ELF file at `file` is a Node build (exports Node's addon entry points or links libnode). */
export function checkNodeBuild(file: string): NodeBuildCheck {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { node: false, why: code === 'EACCES' || code === 'EPERM' ? 'Flambé may not read its executable' : `its executable cannot be read (${code ?? 'error'})` };
  }
  try {
    const strings = dynamicStrings(fd);
    if (strings === 'not-elf') return { node: false, why: 'its executable is not a Linux program file (ELF)' };
    if (strings && NODE_MARKERS.some((m) => strings.includes(m, 0, 'latin1'))) return { node: true };
    return { node: false, why: 'its executable is not a build of Node (it has none of the entry points Node offers to native addons)' };
  } catch {
    return { node: false, why: 'its executable could not be read as a program file' };
  } finally {
    closeSync(fd);
  }
}
