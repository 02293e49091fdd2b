// Is this executable a build of Node, judged by more than its file name?
// Before Flambé sends SIGUSR1 (or, on Windows, asks the process to open its
// inspector) it must know the process is Node: SIGUSR1 kills a program that
// does not catch it (a `sleep` renamed `node` dies).
//
// How: read the program file the process runs (executable-path.ts finds it
// on each system) and look for what only Node has — the entry points it
// exports to native addons, or a dependency on libnode — in the table its
// format keeps them in: ELF's .dynstr (Linux, elf-symbols.ts), Mach-O's
// symbol table and dylib list (macOS, macho-symbols.ts), PE's export table
// (Windows, pe-exports.ts). Only those tables are read, never the whole
// 100 MB binary. A version string would be weaker: any program can contain
// the text "v24".
import { closeSync, openSync, readSync } from 'node:fs';
import type { BinaryVerdict, ReadAt } from './binary-read.ts';
import { elfVerdict } from './elf-symbols.ts';
import { machoVerdict } from './macho-symbols.ts';
import { peVerdict } from './pe-exports.ts';

export type NodeBuildCheck = { node: true } | { node: false; why: string };

/** Which program-file format `read` holds, and whether it is Node; null when it is none of the three. */
export function binaryVerdict(read: ReadAt): BinaryVerdict | null {
  return elfVerdict(read) ?? machoVerdict(read) ?? peVerdict(read);
}

function fileReader(fd: number): ReadAt {
  return (offset, length) => {
    const buf = Buffer.alloc(Math.max(0, length));
    const n = length > 0 ? readSync(fd, buf, 0, length, offset) : 0;
    return buf.subarray(0, n);
  };
}

/** Whether the program file at `file` (ELF, Mach-O or PE) is a Node build. */
export function checkNodeBuild(file: string): NodeBuildCheck {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { node: false, why: code === 'EACCES' || code === 'EPERM' ? 'Flambé may not read its executable' : `its executable cannot be read (${code ?? 'error'})` };
  }
  try {
    const verdict = binaryVerdict(fileReader(fd));
    if (!verdict) return { node: false, why: 'its executable is not a program file Flambé can read (ELF, Mach-O or PE)' };
    if (verdict.node) return { node: true };
    return { node: false, why: 'its executable is not a build of Node (it has none of the entry points Node offers to native addons)' };
  } catch {
    return { node: false, why: 'its executable could not be read as a program file' };
  } finally {
    closeSync(fd);
  }
}
