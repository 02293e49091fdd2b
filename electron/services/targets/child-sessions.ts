// The inspectors of a target's Node children (issue 34): the workers of a
// node:cluster primary, children it forked. Each is opened the way `--pid`
// opens one (attach-pid.ts: SIGUSR1, the new port read from the OS, the pid
// confirmed over the protocol) — a launched target's children were given
// `--inspect-port=127.0.0.1:0` by the preload (watchdog.ts), so theirs opens
// on a free port, never one inherited or guessed. Every inspector opened here
// is closed again when the recording is done with it: an open inspector lets
// any local user run code in that process.
import { asProbe } from '../../../shared/profile/probes.ts';
import { messageOf } from '../errors.ts';
import { openInspectorOf } from './attach-pid.ts';
import { childProcessesOf } from './child-processes.ts';
import type { InspectorSession } from './inspector.ts';
import { describeProcess, listeningPortsOf } from './processes.ts';

/** At most this many children are recorded (a pool of 64 forks would cost more than it tells). */
export const MAX_CHILD_PROCESSES = 16;

/** How a recording names a child: what it is to its parent. */
export type ChildRole = 'cluster worker' | 'forked child' | 'child process';

export interface ChildSession {
  pid: number;
  role: ChildRole;
  session: InspectorSession;
  /** Ports it listened on before Flambé opened its inspector: the inspector's own is any other. */
  portsBefore: number[];
  /** Flambé's signal opened its inspector: closed again when done. One the child had open already (its own --inspect) is left open. */
  openedHere: boolean;
}

export interface OpenedChildren {
  children: ChildSession[];
  /** Node children whose inspector could not be opened, each with the reason (said in the recording). */
  refused: { pid: number; why: string }[];
}

// node:cluster says whether this is a worker (it deletes NODE_UNIQUE_ID, its own mark, as the worker starts);
// process.send exists in a child forked with IPC. getBuiltinModule: Node ≥ 20.16; older ones are read as forked children.
const ROLE_JS = asProbe(`(function () {
  var cluster = typeof process.getBuiltinModule === "function" ? process.getBuiltinModule("cluster") : null;
  return cluster && cluster.isWorker ? "cluster worker" : typeof process.send === "function" ? "forked child" : "child process";
})()`);

async function roleOf(session: InspectorSession): Promise<ChildRole> {
  const reply = (await session.protocol.send('Runtime.evaluate', { expression: ROLE_JS, returnByValue: true }).catch(() => null)) as { result?: { value?: unknown } } | null;
  const v = reply?.result?.value;
  return v === 'cluster worker' || v === 'forked child' ? v : 'child process';
}

/** Opens the inspector of each Node child of `pid` (not grandchildren); the others are not Node and are left alone. */
export async function openChildInspectors(pid: number): Promise<OpenedChildren> {
  const kids = await childProcessesOf(pid);
  const infos = await Promise.all(kids.map(async (k) => ({ pid: k.pid, info: await describeProcess(k.pid).catch(() => null) })));
  const node = infos.filter((k) => k.info !== null);
  const opened = await Promise.all(node.slice(0, MAX_CHILD_PROCESSES).map(async ({ pid: child }): Promise<ChildSession | { pid: number; why: string }> => {
    const portsBefore = await listeningPortsOf(child);
    try {
      // A child with no inspector port of its own opens on Node's 9229: with the parent there (--pid), it cannot
      // (said in the recording: moving an inspector to a free port from inside ended a Node 20 cluster primary).
      const { session, openedHere } = await openInspectorOf(child);
      return { pid: child, role: await roleOf(session), session, portsBefore, openedHere };
    } catch (e) {
      return { pid: child, why: messageOf(e) };
    }
  }));
  const refused = opened.filter((o): o is { pid: number; why: string } => 'why' in o);
  for (const { pid: skipped } of node.slice(MAX_CHILD_PROCESSES)) refused.push({ pid: skipped, why: `Flambé records at most ${MAX_CHILD_PROCESSES} child processes` });
  return { children: opened.filter((o): o is ChildSession => 'session' in o), refused };
}

/**
 * Closes the inspector Flambé opened in a child and the session with it (InspectorSession.stopTargetInspector).
 * True when the child listens on no port it did not before.
 */
export async function closeChildInspector(child: ChildSession): Promise<boolean> {
  if (!child.openedHere) {
    await child.session.close().catch(() => undefined);
    return true;
  }
  return closeOpenedInspector(child.session, child.pid, child.portsBefore);
}

/**
 * Closes an inspector Flambé's signal opened in process `pid` (a child, or a
 * `--pid` target when Flambé lets go of it), and the session with it; true
 * when `pid` listens on no port but `portsBefore` (or has ended).
 */
export async function closeOpenedInspector(session: InspectorSession, pid: number, portsBefore: readonly number[]): Promise<boolean> {
  await session.stopTargetInspector();
  for (let i = 0; i < 20; i++) {
    const now = await listeningPortsOf(pid);
    if (now.every((p) => portsBefore.includes(p))) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}
