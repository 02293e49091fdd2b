// Minimal program files built in the test, for the "is it Node?" readers:
// a Mach-O (thin or universal) with the symbols and dylibs asked for, and a
// PE32+ with the exports asked for. Only what the readers look at is filled
// in; no code, and nothing a system would run.

export interface MachOSymbol {
  name: string;
  /** Defined in a section and external (what an executable exports); false: an undefined import. */
  defined: boolean;
}

const pad8 = (n: number) => (n + 7) & ~7;

/** A 64-bit little-endian Mach-O executable's header, dylib load commands, LC_SYMTAB, symbols and strings. */
export function machO(opts: { symbols?: MachOSymbol[]; dylibs?: string[]; cpu?: 'arm64' | 'x86_64'; dysymtab?: boolean } = {}): Buffer {
  // With LC_DYSYMTAB the linker's order: defined external symbols first, then the undefined ones.
  const symbols = opts.dysymtab ? [...(opts.symbols ?? [])].sort((a, b) => Number(b.defined) - Number(a.defined)) : opts.symbols ?? [];
  const dylibs = opts.dylibs ?? [];
  const dylibCmds = dylibs.map((name) => {
    const size = pad8(24 + name.length + 1);
    const b = Buffer.alloc(size);
    b.writeUInt32LE(0xc, 0); // LC_LOAD_DYLIB
    b.writeUInt32LE(size, 4);
    b.writeUInt32LE(24, 8); // the name follows the dylib struct
    b.write(name, 24, 'latin1');
    return b;
  });
  const symtabCmd = Buffer.alloc(24);
  const dysymtabCmd = Buffer.alloc(opts.dysymtab ? 80 : 0);
  if (opts.dysymtab) {
    const definedCount = symbols.filter((x) => x.defined).length;
    dysymtabCmd.writeUInt32LE(0xb, 0); // LC_DYSYMTAB
    dysymtabCmd.writeUInt32LE(80, 4);
    dysymtabCmd.writeUInt32LE(0, 16); // iextdefsym
    dysymtabCmd.writeUInt32LE(definedCount, 20); // nextdefsym
    dysymtabCmd.writeUInt32LE(definedCount, 24); // iundefsym
    dysymtabCmd.writeUInt32LE(symbols.length - definedCount, 28); // nundefsym
  }
  const cmds = Buffer.concat([...dylibCmds, dysymtabCmd, symtabCmd]);
  const header = Buffer.alloc(32);
  header.writeUInt32LE(0xfeedfacf, 0);
  header.writeUInt32LE(opts.cpu === 'x86_64' ? 0x01000007 : 0x0100000c, 4);
  header.writeUInt32LE(2, 12); // MH_EXECUTE
  header.writeUInt32LE(dylibCmds.length + (opts.dysymtab ? 2 : 1), 16);
  header.writeUInt32LE(cmds.length, 20);
  const strings: Buffer[] = [Buffer.from('\0')];
  let strLen = 1;
  const nlists = symbols.map((s) => {
    const n = Buffer.alloc(16);
    n.writeUInt32LE(strLen, 0);
    n[4] = s.defined ? 0x0f : 0x01; // N_SECT | N_EXT, or N_UNDF | N_EXT
    n[5] = s.defined ? 1 : 0;
    strings.push(Buffer.from(`${s.name}\0`, 'latin1'));
    strLen += s.name.length + 1;
    return n;
  });
  const symoff = header.length + cmds.length;
  const symtab = Buffer.concat(nlists);
  const strtab = Buffer.concat(strings);
  const at = cmds.length - 24;
  cmds.writeUInt32LE(0x2, at); // LC_SYMTAB
  cmds.writeUInt32LE(24, at + 4);
  cmds.writeUInt32LE(symoff, at + 8);
  cmds.writeUInt32LE(symbols.length, at + 12);
  cmds.writeUInt32LE(symoff + symtab.length, at + 16);
  cmds.writeUInt32LE(strtab.length, at + 20);
  return Buffer.concat([header, cmds, symtab, strtab]);
}

/** A universal ("fat") file holding the given Mach-O slices, each at a 4 KB boundary. */
export function fatMachO(slices: Buffer[]): Buffer {
  const head = Buffer.alloc(8 + slices.length * 20);
  head.writeUInt32BE(0xcafebabe, 0);
  head.writeUInt32BE(slices.length, 4);
  const parts: Buffer[] = [head];
  let offset = 4096;
  slices.forEach((s, i) => {
    head.writeUInt32BE(s.readUInt32LE(4), 8 + i * 20); // the slice's own cputype
    head.writeUInt32BE(offset, 8 + i * 20 + 8);
    head.writeUInt32BE(s.length, 8 + i * 20 + 12);
    head.writeUInt32BE(12, 8 + i * 20 + 16);
    const before = parts.reduce((n, p) => n + p.length, 0);
    parts.push(Buffer.alloc(offset - before), s);
    offset = (offset + s.length + 4095) & ~4095;
  });
  return Buffer.concat(parts);
}

/** A PE32+ (64-bit Windows) executable with one section holding an export directory that names `exports` (none: no export directory). */
export function pe(exports: string[]): Buffer {
  const fileAlign = 0x200;
  const sectionVa = 0x1000;
  const n = exports.length;
  // The export data: directory (40), function addresses (4n), name pointers (4n), ordinals (2n), then the names.
  const namesStart = 40 + 8 * n + 2 * n;
  const names = Buffer.concat(exports.map((e) => Buffer.from(`${e}\0`, 'latin1')));
  const data = Buffer.alloc(n ? namesStart + names.length : 16);
  if (n) {
    data.writeUInt32LE(n, 20); // NumberOfFunctions
    data.writeUInt32LE(n, 24); // NumberOfNames
    data.writeUInt32LE(sectionVa + 40, 28); // AddressOfFunctions
    data.writeUInt32LE(sectionVa + 40 + 4 * n, 32); // AddressOfNames
    data.writeUInt32LE(sectionVa + 40 + 8 * n, 36); // AddressOfNameOrdinals
    let nameRva = sectionVa + namesStart;
    exports.forEach((e, i) => {
      data.writeUInt32LE(0x2000 + i * 16, 40 + 4 * i);
      data.writeUInt32LE(nameRva, 40 + 4 * n + 4 * i);
      data.writeUInt16LE(i, 40 + 8 * n + 2 * i);
      nameRva += e.length + 1;
    });
    names.copy(data, namesStart);
  }
  const optionalSize = 112 + 16 * 8;
  const head = Buffer.alloc(fileAlign);
  head.writeUInt16LE(0x5a4d, 0); // "MZ"
  head.writeUInt32LE(64, 0x3c);
  head.writeUInt32LE(0x00004550, 64); // "PE\0\0"
  head.writeUInt16LE(0x8664, 68); // x64
  head.writeUInt16LE(1, 70); // one section
  head.writeUInt16LE(optionalSize, 84);
  head.writeUInt16LE(0x22, 86);
  const opt = 88;
  head.writeUInt16LE(0x20b, opt); // PE32+
  head.writeUInt32LE(16, opt + 108); // NumberOfRvaAndSizes
  if (n) {
    head.writeUInt32LE(sectionVa, opt + 112); // export directory RVA
    head.writeUInt32LE(data.length, opt + 116); // and size
  }
  const sec = opt + optionalSize;
  head.write('.edata', sec, 'latin1');
  head.writeUInt32LE(data.length, sec + 8); // VirtualSize
  head.writeUInt32LE(sectionVa, sec + 12);
  const raw = (data.length + fileAlign - 1) & ~(fileAlign - 1);
  head.writeUInt32LE(raw, sec + 16); // SizeOfRawData
  head.writeUInt32LE(fileAlign, sec + 20); // PointerToRawData
  return Buffer.concat([head, data, Buffer.alloc(raw - data.length)]);
}
