// Attach to a running Node process by its pid, without a restart
// (nodejs/node#45790): open its inspector the way `node inspect -p PID` does —
// SIGUSR1 on Linux and macOS, process._debugProcess on Windows — find the
// port it opened (9229, its --inspect-port, or any new port it listens on)
// and confirm over the protocol that the inspector there is that process.
// Before any signal: the pid must be a process, not one of its threads, and
// its executable a build of Node, not only a file named `node` — read from
// the program file itself on Linux, macOS and Windows (executable-path.ts
// finds it, node-binary.ts reads it); elsewhere Flambé refuses rather than
// signal a process it could not confirm. An inspector Flambé opened but could not use is closed
// again, so it is not left for any local user to run code through.
import path from 'node:path';
import { UserError } from '../errors.ts';
import { listInspectorTargets } from './attach.ts';
import { InspectorSession } from './inspector.ts';
import { executablePathOf, systemLookup, type ExecutableLookup } from './executable-path.ts';
import { checkNodeBuild } from './node-binary.ts';
import { commandOf, describeProcess, inspectorOptions, listeningPortsOf, nodeOptionsOf, owningProcessOf, processExists } from './processes.ts';

const DEFAULT_PORT = 9229;
const OPEN_TIMEOUT_MS = 6000;

export interface OpenedInspector {
  session: InspectorSession;
  /** How the process is named to the user: "pid 1234 (node server.js)". */
  label: string;
  /** Flambé's signal opened it (it was not open before): Flambé closes it again when done (closeOpenedInspector). */
  openedHere: boolean;
}

type Debuggable = { _debugProcess?: (pid: number) => void };

function signal(pid: number, user: string | null): void {
  try {
    if (process.platform === 'win32') (process as unknown as Debuggable)._debugProcess?.(pid);
    else process.kill(pid, 'SIGUSR1');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EPERM') {
      throw new UserError(`Process ${pid} belongs to ${user ? `the user ${user}` : 'another user'}: Flambé may not signal it. Run Flambé as that user, or start the process with --inspect.`);
    }
    if (code === 'ESRCH') throw new UserError(`Process ${pid} has exited.`);
    throw new UserError(`Could not open the inspector of process ${pid}: ${(e as Error).message}.`);
  }
}

/** The session of the inspector at 127.0.0.1:port that belongs to `pid`, or the pid that answers there instead. */
async function probe(port: number, pid: number): Promise<{ session: InspectorSession } | { otherPid: number } | null> {
  let entries;
  try {
    entries = await listInspectorTargets('127.0.0.1', port, 800);
  } catch {
    return null;
  }
  let otherPid: number | null = null;
  for (const entry of entries) {
    let session: InspectorSession | null = null;
    try {
      session = await InspectorSession.connect(entry.webSocketDebuggerUrl);
      const identity = await session.identity();
      if (identity.pid === pid) return { session };
      otherPid = identity.pid;
    } catch { /* not an inspector we can use */ }
    await session?.close();
  }
  return otherPid === null ? null : { otherPid };
}

const short = (command: string) => (command.length > 60 ? `${command.slice(0, 57)}…` : command);

/** "node server.js --port 3000": paths by their file name, so the label stays short. */
function describeCommand(argv: string[]): string {
  return short(argv.map((a) => (/[\\/]/.test(a) && !a.startsWith('-') ? path.basename(a) : a)).join(' '));
}

/**
 * Refuses unless the program file process `pid` runs is a build of Node
 * (SIGUSR1 kills a program that does not catch it); where Flambé cannot
 * read that file, it refuses too: an unconfirmed process is never signalled.
 */
async function refuseUnlessNode(pid: number, command: string, lookup: ExecutableLookup): Promise<void> {
  const exe = await executablePathOf(pid, lookup);
  if ('unsupported' in exe) {
    throw new UserError(`Process ${pid} (${short(command)}) is named like Node, but on this system (${lookup.platform}) Flambé cannot read which program it runs to confirm it, so it sends it no signal: start the process with --inspect and attach to its host and port.`);
  }
  const build = exe.path === null ? { node: false as const, why: exe.why } : checkNodeBuild(exe.path);
  if (!build.node) throw new UserError(`Process ${pid} (${short(command)}) is named like Node, but ${build.why}: Flambé sends it no signal.`);
}

export interface OpenOptions {
  /** How the process's executable is found (tests give another system's commands). */
  lookup?: ExecutableLookup;
}

/** Opens (or finds) the inspector of Node process `pid`; throws a UserError naming what stops it. */
export async function openInspectorOf(pid: number, opts: OpenOptions = {}): Promise<OpenedInspector> {
  if (pid === process.pid) throw new UserError(`Process ${pid} is Flambé itself: choose the server you want to profile.`);
  const owner = owningProcessOf(pid);
  if (owner !== null) {
    const command = commandOf(owner);
    throw new UserError(`${pid} is a thread of process ${owner}${command ? ` (${short(command)})` : ''}, not a process: use the process id ${owner}.`);
  }
  const info = await describeProcess(pid);
  if (!info) {
    if (!processExists(pid)) throw new UserError(`No process with id ${pid} is running.`);
    const command = commandOf(pid);
    throw new UserError(`Process ${pid} is not a Node.js process${command ? ` (it runs ${short(command)})` : ''}.`);
  }
  const label = `pid ${pid} (${describeCommand(info.argv)})`;
  await refuseUnlessNode(pid, info.command, opts.lookup ?? systemLookup);
  const options = inspectorOptions([...info.argv.slice(1), ...nodeOptionsOf(pid)]);
  if (options.sigusr1Disabled && process.platform !== 'win32') {
    throw new UserError(`Process ${pid} was started with --disable-sigusr1: its inspector cannot be opened from outside. Restart it with --inspect (or without that flag).`);
  }
  const expected = options.port ?? DEFAULT_PORT;
  // Already open (started with --inspect, or signalled before)?
  const before = await listeningPortsOf(pid);
  for (const port of new Set([expected, ...before])) {
    const found = await probe(port, pid);
    if (found && 'session' in found) return { session: found.session, label, openedHere: false };
  }
  // Who holds the port now: if another process does, Node cannot open it for ours.
  const holder = await probe(expected, pid);
  signal(pid, info.user);
  const deadline = Date.now() + OPEN_TIMEOUT_MS;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 150));
    const now = await listeningPortsOf(pid);
    const fresh = now.filter((p) => !before.includes(p));
    for (const port of new Set([...fresh, ...(holder ? [] : [expected])])) {
      const found = await probe(port, pid);
      if (found && 'session' in found) return { session: found.session, label, openedHere: true };
    }
    if (!processExists(pid)) throw new UserError(`Process ${pid} exited when Flambé asked it to open its inspector.`);
  }
  const closed = await closeInspectorsOpenedBy(pid, before);
  if (holder && 'otherPid' in holder) {
    throw new UserError(`Port ${expected} is taken by the inspector of process ${holder.otherPid}, so process ${pid} could not open its own (Node says so on that process's stderr). Stop the other debugging session, or start the process with --inspect-port=0.`);
  }
  if (closed.left.length > 0) {
    throw new UserError(`Process ${pid} opened its inspector on port ${closed.left.join(', ')} but did not answer there within ${OPEN_TIMEOUT_MS / 1000} seconds (is its main thread busy?), and Flambé could not close it again: restart the process to close it.`);
  }
  if (closed.closed.length > 0) {
    throw new UserError(`Process ${pid} opened its inspector on port ${closed.closed.join(', ')} but Flambé could not confirm it there, so Flambé closed it again.`);
  }
  throw new UserError(`Process ${pid} did not open its inspector within ${OPEN_TIMEOUT_MS / 1000} seconds. If the application handles SIGUSR1 itself (to rotate its logs, for example), that handler ran instead: restart it with --inspect to profile it. Otherwise its inspector may be disabled (a Node built without it, or a policy) or port ${expected} taken — Node prints why on that process's stderr.`);
}

/**
 * Closes the inspectors that process `pid` opened after the signal (ports it
 * listens on now and did not before) — Flambé could not use them, and an open
 * inspector lets any local user run code in that process (InspectorSession.stopTargetInspector).
 */
async function closeInspectorsOpenedBy(pid: number, before: number[]): Promise<{ closed: number[]; left: number[] }> {
  const fresh = (await listeningPortsOf(pid)).filter((p) => !before.includes(p));
  const result = { closed: [] as number[], left: [] as number[] };
  for (const port of fresh) {
    let entries;
    try {
      entries = await listInspectorTargets('127.0.0.1', port, 800);
    } catch {
      continue; // not an inspector: the application's own new port
    }
    for (const entry of entries) {
      let session: InspectorSession | null = null;
      try {
        session = await InspectorSession.connect(entry.webSocketDebuggerUrl);
        await session.stopTargetInspector();
      } catch { /* busy or gone: checked below */ }
      await session?.close();
    }
    await new Promise((r) => setTimeout(r, 200));
    (((await listeningPortsOf(pid)).includes(port)) ? result.left : result.closed).push(port);
  }
  return result;
}
