// Attach to a running Node process by its pid, without a restart
// (nodejs/node#45790): open its inspector the way `node inspect -p PID` does —
// SIGUSR1 on Linux and macOS, process._debugProcess on Windows — find the
// port it opened (9229, its --inspect-port, or any new port it listens on)
// and confirm over the protocol that the inspector there is that process.
import path from 'node:path';
import { UserError } from '../errors.ts';
import { listInspectorTargets } from './attach.ts';
import { InspectorSession } from './inspector.ts';
import { commandOf, describeProcess, inspectorOptions, listeningPortsOf, nodeOptionsOf, processExists } from './processes.ts';

const DEFAULT_PORT = 9229;
const OPEN_TIMEOUT_MS = 6000;

export interface OpenedInspector {
  session: InspectorSession;
  /** How the process is named to the user: "pid 1234 (node server.js)". */
  label: string;
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

/** Opens (or finds) the inspector of Node process `pid`; throws a UserError naming what stops it. */
export async function openInspectorOf(pid: number): Promise<OpenedInspector> {
  if (pid === process.pid) throw new UserError(`Process ${pid} is Flambé itself: choose the server you want to profile.`);
  const info = await describeProcess(pid);
  if (!info) {
    if (!processExists(pid)) throw new UserError(`No process with id ${pid} is running.`);
    const command = commandOf(pid);
    throw new UserError(`Process ${pid} is not a Node.js process${command ? ` (it runs ${short(command)})` : ''}.`);
  }
  const label = `pid ${pid} (${describeCommand(info.argv)})`;
  const options = inspectorOptions([...info.argv.slice(1), ...nodeOptionsOf(pid)]);
  if (options.sigusr1Disabled && process.platform !== 'win32') {
    throw new UserError(`Process ${pid} was started with --disable-sigusr1: its inspector cannot be opened from outside. Restart it with --inspect (or without that flag).`);
  }
  const expected = options.port ?? DEFAULT_PORT;
  // Already open (started with --inspect, or signalled before)?
  const before = await listeningPortsOf(pid);
  for (const port of new Set([expected, ...before])) {
    const found = await probe(port, pid);
    if (found && 'session' in found) return { session: found.session, label };
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
      if (found && 'session' in found) return { session: found.session, label };
    }
    if (!processExists(pid)) throw new UserError(`Process ${pid} exited when Flambé asked it to open its inspector.`);
  }
  if (holder && 'otherPid' in holder) {
    throw new UserError(`Port ${expected} is taken by the inspector of process ${holder.otherPid}, so process ${pid} could not open its own (Node says so on that process's stderr). Stop the other debugging session, or start the process with --inspect-port=0.`);
  }
  throw new UserError(`Process ${pid} did not open its inspector within ${OPEN_TIMEOUT_MS / 1000} seconds: its inspector may be disabled (a Node built without it, or a policy), or port ${expected} may be taken — Node prints why on that process's stderr.`);
}
