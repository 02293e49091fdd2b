// This machine's Node processes, for "attach by pid": pid, command line,
// working directory and user. Linux reads /proc; macOS asks ps and lsof;
// Windows asks PowerShell (Get-CimInstance). Never throws for one process
// that cannot be read: its unknown fields are null.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { NodeProcessInfo } from '../../../shared/api.ts';

const run = promisify(execFile);

/** node, nodejs, node.exe, node24… — the executable names of Node. */
export function isNodeExecutable(file: string): boolean {
  return /^(node|nodejs)(\d+(\.\d+)*)?(\.exe)?$/i.test(path.basename(file));
}

/** The inspector options on a command line (and NODE_OPTIONS): the port, and whether SIGUSR1 may open it. */
export function inspectorOptions(args: string[]): { port: number | null; sigusr1Disabled: boolean; open: boolean } {
  let port: number | null = null;
  let sigusr1Disabled = false;
  let open = false;
  for (const a of args) {
    if (a === '--') break;
    if (a === '--disable-sigusr1') sigusr1Disabled = true;
    const m = /^--(inspect|inspect-brk|inspect-wait|inspect-port|debug-port)(?:=(?:.*:)?(\d+))?$/.exec(a);
    if (m) {
      if (m[1] !== 'inspect-port' && m[1] !== 'debug-port') open = true;
      if (m[2] !== undefined) port = Number(m[2]);
    }
  }
  return { port, sigusr1Disabled, open };
}

let users: Map<number, string> | null = null;
function userName(uid: number): string {
  if (!users) {
    users = new Map();
    try {
      for (const line of readFileSync('/etc/passwd', 'utf8').split('\n')) {
        const [name, , id] = line.split(':');
        if (name && id) users.set(Number(id), name);
      }
    } catch { /* no passwd file: numeric ids */ }
  }
  return users.get(uid) ?? String(uid);
}

function readLinux(pid: number): NodeProcessInfo | null {
  let argv: string[];
  try {
    argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return null; // gone meanwhile
  }
  if (argv.length === 0) return null; // a kernel thread
  let exe: string | null = null;
  try { exe = readlinkSync(`/proc/${pid}/exe`); } catch { /* another user's process */ }
  if (!isNodeExecutable(exe ?? argv[0]) && !(exe === null && isNodeExecutable(argv[0]))) return null;
  let cwd: string | null = null;
  try { cwd = readlinkSync(`/proc/${pid}/cwd`); } catch { /* another user's process */ }
  let user: string | null = null;
  try {
    const uid = /^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    if (uid) user = userName(Number(uid[1]));
  } catch { /* gone meanwhile */ }
  return { pid, command: argv.join(' '), argv, cwd, user };
}

/** The NODE_OPTIONS a process started with, when this user may read them (Linux). */
export function nodeOptionsOf(pid: number): string[] {
  if (process.platform !== 'linux') return [];
  try {
    const env = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
    const v = env.find((e) => e.startsWith('NODE_OPTIONS='));
    return v ? v.slice('NODE_OPTIONS='.length).split(/\s+/).filter(Boolean) : [];
  } catch {
    return [];
  }
}

async function listPosixPs(): Promise<NodeProcessInfo[]> {
  const { stdout } = await run('ps', ['-axo', 'pid=,user=,command='], { maxBuffer: 16 << 20 });
  const out: NodeProcessInfo[] = [];
  for (const line of stdout.split('\n')) {
    const m = /^\s*(\d+)\s+(\S+)\s+(.*)$/.exec(line);
    if (!m) continue;
    const argv = m[3].split(/\s+/);
    if (!isNodeExecutable(argv[0])) continue;
    out.push({ pid: Number(m[1]), command: m[3], argv, cwd: await cwdByLsof(Number(m[1])), user: m[2] });
  }
  return out;
}

async function cwdByLsof(pid: number): Promise<string | null> {
  try {
    const { stdout } = await run('lsof', ['-a', '-p', String(pid), '-d', 'cwd', '-Fn'], { timeout: 3000 });
    const n = stdout.split('\n').find((l) => l.startsWith('n'));
    return n ? n.slice(1) : null;
  } catch {
    return null;
  }
}

async function listWindows(): Promise<NodeProcessInfo[]> {
  const script = "Get-CimInstance Win32_Process -Filter \"Name like 'node%.exe'\" | Select-Object ProcessId,CommandLine | ConvertTo-Json -Compress";
  const { stdout } = await run('powershell.exe', ['-NoProfile', '-Command', script], { maxBuffer: 16 << 20, timeout: 15_000 });
  const rows = stdout.trim() ? JSON.parse(stdout) : [];
  return (Array.isArray(rows) ? rows : [rows]).map((r: { ProcessId: number; CommandLine: string | null }) => ({
    pid: r.ProcessId, command: r.CommandLine ?? '', argv: (r.CommandLine ?? '').split(/\s+/).filter(Boolean), cwd: null, user: null,
  }));
}

/** One process, or null when no Node process has that pid. */
export async function describeProcess(pid: number): Promise<NodeProcessInfo | null> {
  if (process.platform === 'linux') return readLinux(pid);
  return (await listNodeProcesses({ includeSelf: true })).find((p) => p.pid === pid) ?? null;
}

/**
 * The process a Linux thread id belongs to (its thread group), or null when
 * `pid` is a process itself or cannot be read. /proc/TID exists for every
 * thread, and a signal sent to a thread id goes to its whole process.
 */
export function owningProcessOf(pid: number): number | null {
  if (process.platform !== 'linux') return null;
  try {
    const tgid = /^Tgid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return tgid && Number(tgid[1]) !== pid ? Number(tgid[1]) : null;
  } catch {
    return null;
  }
}

/** Whether any process has that pid (Node or not). */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The command of any process (for "process N is not Node: it runs …"). */
export function commandOf(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ') || null;
  } catch {
    return null;
  }
}

/** This machine's Node processes, Flambé's own left out; by pid. */
export async function listNodeProcesses(opts: { includeSelf?: boolean } = {}): Promise<NodeProcessInfo[]> {
  let list: NodeProcessInfo[];
  if (process.platform === 'linux') {
    list = [];
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      const p = readLinux(Number(name));
      if (p) list.push(p);
    }
  } else if (process.platform === 'win32') list = await listWindows();
  else list = await listPosixPs();
  return list.filter((p) => opts.includeSelf || p.pid !== process.pid).sort((a, b) => a.pid - b.pid);
}

/** TCP ports a process listens on (Linux: its socket inodes in /proc/net/tcp*; macOS: lsof). */
export async function listeningPortsOf(pid: number): Promise<number[]> {
  if (process.platform === 'linux') {
    const inodes = new Set<string>();
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        try {
          const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
          if (m) inodes.add(m[1]);
        } catch { /* closed meanwhile */ }
      }
    } catch {
      return [];
    }
    const ports = new Set<number>();
    for (const table of ['tcp', 'tcp6']) {
      let text: string;
      try { text = readFileSync(`/proc/${pid}/net/${table}`, 'utf8'); } catch { continue; }
      for (const line of text.split('\n').slice(1)) {
        const f = line.trim().split(/\s+/);
        if (f.length > 9 && f[3] === '0A' && inodes.has(f[9])) ports.add(parseInt(f[1].split(':')[1], 16));
      }
    }
    return [...ports];
  }
  if (process.platform === 'win32') return [];
  try {
    const { stdout } = await run('lsof', ['-nP', '-a', '-p', String(pid), '-iTCP', '-sTCP:LISTEN', '-Fn'], { timeout: 3000 });
    return [...new Set(stdout.split('\n').filter((l) => l.startsWith('n')).map((l) => Number(l.slice(l.lastIndexOf(':') + 1))).filter(Number.isFinite))];
  } catch {
    return [];
  }
}
