// The program file a process runs, found the way each system offers it, so
// node-binary.ts can read it before Flambé signals the process:
// - Linux: /proc/PID/exe — the very file, even if renamed or deleted since.
// - macOS: `ps -o comm= -p PID` (the path it was started from, when that is
//   absolute), else the first text mapping lsof lists (`-d txt`).
// - Windows: PowerShell's (Get-Process -Id PID).Path.
// Any other system: Flambé cannot tell, and says so instead of signalling.
// The commands are injectable (`run`), so each system's path is tested anywhere.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

/** Runs a command and resolves with its stdout; rejects when it fails or is missing. */
export type RunCommand = (file: string, args: string[]) => Promise<string>;

export interface ExecutableLookup {
  platform: NodeJS.Platform;
  run: RunCommand;
}

export type ExecutablePath =
  | { path: string }
  /** The system can tell but did not (another user's process, a tool missing): why, as a clause. */
  | { path: null; why: string }
  /** A system where Flambé has no way to find it. */
  | { path: null; unsupported: true };

const runFile = promisify(execFile);
export const systemLookup: ExecutableLookup = {
  platform: process.platform,
  run: async (file, args) => (await runFile(file, args, { timeout: 15_000, maxBuffer: 1 << 20, windowsHide: true })).stdout,
};

const isAbsolute = (p: string, platform: NodeJS.Platform) => p !== '' && (platform === 'win32' ? path.win32 : path.posix).isAbsolute(p);

export async function executablePathOf(pid: number, lookup: ExecutableLookup = systemLookup): Promise<ExecutablePath> {
  const { platform, run } = lookup;
  if (platform === 'linux') return { path: `/proc/${pid}/exe` };
  if (platform === 'darwin') {
    const comm = (await run('ps', ['-o', 'comm=', '-p', String(pid)]).catch(() => '')).trim();
    if (isAbsolute(comm, platform)) return { path: comm };
    const listed = await run('lsof', ['-a', '-p', String(pid), '-d', 'txt', '-Fn']).catch(() => null);
    const first = listed?.split('\n').find((l) => l.startsWith('n/'));
    if (first) return { path: first.slice(1) };
    return { path: null, why: listed === null ? 'Flambé could not find its executable (ps gave no full path and lsof failed)' : 'macOS did not say which executable it runs' };
  }
  if (platform === 'win32') {
    const out = await run('powershell.exe', ['-NoProfile', '-NonInteractive', '-Command', `(Get-Process -Id ${pid}).Path`]).catch(() => null);
    const file = out?.trim().split(/\r?\n/)[0] ?? '';
    if (isAbsolute(file, platform)) return { path: file };
    return { path: null, why: out === null ? 'Flambé could not ask PowerShell which executable it runs' : 'Windows did not say which executable it runs (another user\'s or an elevated process)' };
  }
  return { path: null, unsupported: true };
}
