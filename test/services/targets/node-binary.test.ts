// "Is this process Node?" by more than its name (issue 20 item 4), on every
// system: the program-file readers (ELF, Mach-O, PE) over files built in the
// test, the real Node and /bin/sleep on this machine, and each system's way
// of finding a process's executable with its commands given by the test.
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readBytes } from '../../../electron/services/targets/binary-read.ts';
import { executablePathOf, type RunCommand } from '../../../electron/services/targets/executable-path.ts';
import { machoVerdict } from '../../../electron/services/targets/macho-symbols.ts';
import { binaryVerdict, checkNodeBuild } from '../../../electron/services/targets/node-binary.ts';
import { peVerdict } from '../../../electron/services/targets/pe-exports.ts';
import { fatMachO, machO, pe } from '../../helpers/program-files.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'flambe-binaries-'));
const file = (name: string, bytes: Buffer) => {
  const p = path.join(dir, name);
  writeFileSync(p, bytes);
  return p;
};
const defined = (name: string) => ({ name, defined: true });
const NOT_NODE = { node: false, why: 'its executable is not a build of Node (it has none of the entry points Node offers to native addons)' };

describe('Mach-O (macOS)', () => {
  it('is Node when it defines _napi_module_register or _node_module_register', () => {
    expect(machoVerdict(readBytes(machO({ symbols: [defined('_main'), defined('_napi_module_register')] })))).toEqual({ format: 'Mach-O', node: true });
    expect(machoVerdict(readBytes(machO({ symbols: [defined('_node_module_register'), defined('_main')] })))).toEqual({ format: 'Mach-O', node: true });
  });

  it('is not Node without them, nor when it only calls them (an undefined symbol), nor for a longer name', () => {
    expect(machoVerdict(readBytes(machO({ symbols: [defined('_main'), defined('_nanosleep')] })))).toEqual({ format: 'Mach-O', node: false });
    expect(machoVerdict(readBytes(machO({ symbols: [defined('_main'), { name: '_napi_module_register', defined: false }] })))).toEqual({ format: 'Mach-O', node: false });
    expect(machoVerdict(readBytes(machO({ symbols: [defined('_napi_module_register_x'), defined('__node_module_register')] })))).toEqual({ format: 'Mach-O', node: false });
  });

  it('with LC_DYSYMTAB, reads only the defined external symbols (an undefined import after them does not count)', () => {
    const withDysymtab = (symbols: { name: string; defined: boolean }[]) => machoVerdict(readBytes(machO({ symbols, dysymtab: true })));
    expect(withDysymtab([defined('_main'), { name: '_write', defined: false }, defined('_napi_module_register')])).toEqual({ format: 'Mach-O', node: true });
    expect(withDysymtab([defined('_main'), { name: '_napi_module_register', defined: false }])).toEqual({ format: 'Mach-O', node: false });
  });

  it('is Node when it links libnode.*.dylib (Node built as a shared library), not for another dylib', () => {
    expect(machoVerdict(readBytes(machO({ symbols: [defined('_main')], dylibs: ['/usr/lib/libSystem.B.dylib', '/opt/homebrew/opt/node/lib/libnode.127.dylib'] }))))
      .toEqual({ format: 'Mach-O', node: true });
    expect(machoVerdict(readBytes(machO({ symbols: [defined('_main')], dylibs: ['/usr/lib/libSystem.B.dylib', '/usr/lib/libnodejs-helper.dylib'] }))))
      .toEqual({ format: 'Mach-O', node: false });
  });

  it('reads every slice of a universal file', () => {
    const sleep = machO({ symbols: [defined('_main')], cpu: 'x86_64' });
    expect(machoVerdict(readBytes(fatMachO([sleep, machO({ symbols: [defined('_napi_module_register')] })])))).toEqual({ format: 'Mach-O', node: true });
    expect(machoVerdict(readBytes(fatMachO([sleep, machO({ symbols: [defined('_main')] })])))).toEqual({ format: 'Mach-O', node: false });
  });

  it('is not Mach-O: a Java class (same magic), an ELF, text', () => {
    const javaClass = Buffer.from([0xca, 0xfe, 0xba, 0xbe, 0x00, 0x00, 0x00, 0x41, 0, 0, 0, 0]);
    expect(machoVerdict(readBytes(javaClass))).toBeNull();
    expect(machoVerdict(readBytes(Buffer.from('#!/bin/sh\nexec sleep 30\n')))).toBeNull();
  });
});

describe('PE (Windows)', () => {
  it('is Node when its export table names napi_module_register', () => {
    expect(peVerdict(readBytes(pe(['uv_run', 'napi_create_function', 'napi_module_register'])))).toEqual({ format: 'PE', node: true });
    expect(peVerdict(readBytes(pe(['node_module_register'])))).toEqual({ format: 'PE', node: true });
  });

  it('is not Node without that export, or with no export table at all', () => {
    expect(peVerdict(readBytes(pe(['uv_run', 'napi_module_register_v2'])))).toEqual({ format: 'PE', node: false });
    expect(peVerdict(readBytes(pe([])))).toEqual({ format: 'PE', node: false });
  });

  it('is not PE: a DOS header without "PE\\0\\0", text', () => {
    const dosOnly = Buffer.alloc(128);
    dosOnly.write('MZ', 0, 'latin1');
    dosOnly.writeUInt32LE(64, 0x3c);
    expect(peVerdict(readBytes(dosOnly))).toBeNull();
    expect(peVerdict(readBytes(Buffer.from('MZ but text')))).toBeNull();
  });
});

describe('checkNodeBuild: the file a process runs', () => {
  it.skipIf(process.platform !== 'linux')('this machine\'s Node is Node (ELF), its /bin/sleep is not, even copied as "node"', () => {
    expect(checkNodeBuild(process.execPath)).toEqual({ node: true });
    expect(binaryVerdict(readBytes(Buffer.alloc(0)))).toBeNull();
    const fake = path.join(dir, 'node');
    copyFileSync('/bin/sleep', fake);
    expect(checkNodeBuild(fake)).toEqual(NOT_NODE);
  });

  it('reads generated Mach-O and PE files from disk the same way', () => {
    expect(checkNodeBuild(file('node-macos', machO({ symbols: [defined('_node_module_register')] })))).toEqual({ node: true });
    expect(checkNodeBuild(file('sleep-macos', machO({ symbols: [defined('_main')] })))).toEqual(NOT_NODE);
    expect(checkNodeBuild(file('node.exe', pe(['napi_module_register'])))).toEqual({ node: true });
    expect(checkNodeBuild(file('notepad.exe', pe(['main'])))).toEqual(NOT_NODE);
  });

  it('says why when the file is not a program or cannot be read', () => {
    expect(checkNodeBuild(file('node.sh', Buffer.from('#!/bin/sh\nsleep 30\n')))).toEqual({ node: false, why: 'its executable is not a program file Flambé can read (ELF, Mach-O or PE)' });
    expect(checkNodeBuild(path.join(dir, 'missing'))).toEqual({ node: false, why: 'its executable cannot be read (ENOENT)' });
  });
});

describe('finding the executable of a process, per system', () => {
  const calls: string[] = [];
  const answers = (table: Record<string, string | Error>): RunCommand => async (cmd, args) => {
    calls.push(`${cmd} ${args.join(' ')}`);
    const a = table[cmd];
    if (a === undefined || a instanceof Error) throw a ?? new Error(`${cmd}: not found`);
    return a;
  };

  it('Linux: /proc/PID/exe, the file itself even if renamed, without running anything', async () => {
    calls.length = 0;
    expect(await executablePathOf(42, { platform: 'linux', run: answers({}) })).toEqual({ path: '/proc/42/exe' });
    expect(calls).toEqual([]);
  });

  it('macOS: ps -o comm= when it gives a full path, else the first text mapping lsof lists', async () => {
    calls.length = 0;
    expect(await executablePathOf(42, { platform: 'darwin', run: answers({ ps: '/opt/homebrew/Cellar/node/24.1.0/bin/node\n' }) }))
      .toEqual({ path: '/opt/homebrew/Cellar/node/24.1.0/bin/node' });
    expect(calls).toEqual(['ps -o comm= -p 42']);
    expect(await executablePathOf(42, { platform: 'darwin', run: answers({ ps: 'node\n', lsof: 'p42\nftxt\nn/usr/local/bin/node\nftxt\nn/usr/lib/dyld\n' }) }))
      .toEqual({ path: '/usr/local/bin/node' });
    expect(await executablePathOf(42, { platform: 'darwin', run: answers({ ps: '', lsof: new Error('lsof: not found') }) }))
      .toEqual({ path: null, why: 'Flambé could not find its executable (ps gave no full path and lsof failed)' });
  });

  it('Windows: PowerShell\'s (Get-Process -Id PID).Path; empty for another user\'s elevated process', async () => {
    calls.length = 0;
    expect(await executablePathOf(42, { platform: 'win32', run: answers({ 'powershell.exe': 'C:\\Program Files\\nodejs\\node.exe\r\n' }) }))
      .toEqual({ path: 'C:\\Program Files\\nodejs\\node.exe' });
    expect(calls).toEqual(['powershell.exe -NoProfile -NonInteractive -Command (Get-Process -Id 42).Path']);
    expect(await executablePathOf(42, { platform: 'win32', run: answers({ 'powershell.exe': '\r\n' }) }))
      .toEqual({ path: null, why: 'Windows did not say which executable it runs (another user\'s or an elevated process)' });
  });

  it('any other system: no way to tell, said as such', async () => {
    expect(await executablePathOf(42, { platform: 'freebsd', run: answers({}) })).toEqual({ path: null, unsupported: true });
  });
});
