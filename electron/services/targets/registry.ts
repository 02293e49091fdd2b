// The targets this service holds: launched processes and attached inspectors,
// each with its inspector session. Emits their output and their exit.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { AttachSpec, FlambeEvents, LaunchSpec, StdioKind, TargetInfo, TargetSnapshot, TargetStdio } from '../../../shared/api.ts';
import { UserError } from '../errors.ts';
import { InspectorSession, suggestUrls, type ProcessIdentity } from './inspector.ts';
import { launchScript, stopProcess, type LaunchedProcess } from './launch.ts';
import { listInspectorTargets } from './attach.ts';
import { openInspectorOf } from './attach-pid.ts';
import { isLoopbackHost } from '../../../shared/targets/hosts.ts';
import { OutputBuffer } from './output-buffer.ts';
import { OutputTail } from './output-tail.ts';
import { speaksTls } from '../load/probe.ts';
import { childProcessesOf } from './child-processes.ts';
import { closeOpenedInspector } from './child-sessions.ts';
import { describeProcess, inspectorOptions, listeningPortsOf } from './processes.ts';

export interface Target {
  info: TargetInfo;
  session: InspectorSession;
  process?: LaunchedProcess;
  host: string;
  /** What it printed lately (launched targets), for a UI that opens later. */
  output?: OutputTail;
  /** Resolves when the target is gone (process exit or inspector disconnect). */
  gone: Promise<string>;
  /** A --pid target whose inspector Flambé's signal opened: closed again when Flambé lets go (the ports it had before). */
  openedInspector?: { portsBefore: number[] };
}

const START_GRACE_MS = 500;
/** Why a target is gone when Flambé's own Stop (stopTarget) ended it: not "the process exited". */
const STOPPED_BY_USER = 'The target was stopped from Flambé (Stop target) before the recording ended';

type Emit = <K extends keyof FlambeEvents>(name: K, payload: FlambeEvents[K]) => void;

const STDIO_KINDS: Record<string, StdioKind> = { tty: 'terminal', fs: 'file', pipe: 'pipe' };

function newInfo(targetId: string, kind: TargetInfo['kind'], label: string, identity: ProcessIdentity, tailedFile = false): TargetInfo {
  const { stdio: kinds, ...who } = identity;
  const stdio: TargetStdio = {
    stdout: STDIO_KINDS[kinds?.stdout ?? ''] ?? 'unknown',
    stderr: STDIO_KINDS[kinds?.stderr ?? ''] ?? 'unknown',
    tailedFile,
  };
  return { targetId, kind, label, ...who, listeningPorts: [], suggestedUrls: [], running: true, stdio };
}

/**
 * Why a launched script is gone before it listened. Exit code 0 with nothing
 * on stderr is a server that never listened: often its port is taken and the
 * error was swallowed (Express 5 hands a failed listen to the callback, which
 * usually ignores it), so the sentence asks about the port.
 */
export function exitedAtStart(exit: { code: number | null; signal: string | null }, lastError: string | null): string {
  const how = exit.signal ? `(${exit.signal})` : `with code ${exit.code}`;
  if (lastError) return `The script exited ${how} as it started: ${lastError}`;
  if (exit.code === 0 && !exit.signal) return 'The script exited with code 0 as it started, without listening on a port: is it a server, and is its port free (not used by another copy of it)?';
  return `The script exited ${how} as it started.`;
}

/** The host of an inspector's ws:// URL, or null when it is not a ws(s) URL. */
function webSocketHost(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'ws:' || u.protocol === 'wss:' ? u.hostname : null;
  } catch {
    return null;
  }
}

/**
 * The ports the OS says the target and its children listen on, as loopback
 * listeners, less the target's inspector: a node:cluster primary holds the
 * workers' listening socket (round-robin) without a server of its own that
 * the inspector can list; forked children may listen themselves.
 */
async function osListeners(t: Target): Promise<{ address: string; port: number }[]> {
  const inspectorPort = Number(new URL(t.session.wsUrl).port);
  const children = await childProcessesOf(t.info.pid).catch(() => []);
  const ports = [...new Set([...await listeningPortsOf(t.info.pid).catch(() => []), ...children.flatMap((c) => c.ports)])].filter((p) => p !== inspectorPort);
  // A child's own inspector is no server port: a cluster primary started with --inspect gives each worker
  // --inspect and --inspect-port=<its port + n>, read from the worker's command line (nothing is sent to its ports).
  const inspectors = new Set((await Promise.all(children.map((c) => describeProcess(c.pid).catch(() => null)))).flatMap((info) => {
    const o = info ? inspectorOptions(info.argv.slice(1)) : null;
    return o?.open && o.port ? [o.port] : [];
  }));
  return ports.filter((p) => !inspectors.has(p)).sort((a, b) => a - b).map((port) => ({ address: '127.0.0.1', port }));
}

export class TargetRegistry {
  private readonly targets = new Map<string, Target>();
  /** host:port → whether it completed a TLS handshake (asked once per port). */
  private readonly handshakes = new Map<string, Promise<boolean>>();
  private readonly emit: Emit;

  constructor(emit: Emit) {
    this.emit = emit;
  }

  get(targetId: string): Target {
    const t = this.targets.get(targetId);
    if (!t) throw new UserError('That target is no longer available: launch or attach again.');
    return t;
  }

  async launch(spec: LaunchSpec): Promise<TargetInfo> {
    const targetId = randomUUID();
    const tail = new OutputTail();
    const output = new OutputBuffer((stream, text) => {
      tail.push(stream, text);
      this.emit('targetOutput', { targetId, stream, text });
    });
    let session: InspectorSession | undefined;
    const proc = await launchScript(spec, {
      onOutput: (stream, text) => output.push(stream, text),
      // Node keeps an exiting process alive while a debugger is attached.
      onWaitingForDebugger: () => void session?.close(),
    });
    let identity;
    try {
      session = await InspectorSession.connect(proc.wsUrl);
      // The same, told over the protocol: the stderr line can be lost when the pipe is full.
      session.onExiting(() => void session?.close());
      identity = await session.identity();
    } catch (e) {
      // A script that throws at start prints the inspector URL first, then dies.
      const exit = await Promise.race([proc.exited, new Promise<null>((r) => setTimeout(() => r(null), 1000))]);
      await stopProcess(proc);
      output.flush();
      if (exit) throw new UserError(exitedAtStart(exit, proc.lastError()));
      throw e;
    }
    // A script that throws while it loads may still answer the first inspector
    // call: give it a moment to either listen on a port or die, so a crash at
    // start is reported here, as a failed launch.
    const settled = await Promise.race([
      proc.exited,
      (async () => {
        const deadline = Date.now() + START_GRACE_MS;
        while (Date.now() < deadline) {
          if ((await session.listeners().catch(() => [])).length) return null;
          await new Promise((r) => setTimeout(r, 50));
        }
        return null;
      })(),
    ]);
    if (settled) {
      output.flush();
      void session.close();
      throw new UserError(exitedAtStart(settled, proc.lastError()));
    }
    const gone = proc.exited.then(({ code, signal }) => {
      output.flush();
      const t = this.targets.get(targetId);
      if (t) t.info.running = false;
      this.emit('targetExit', { targetId, code, signal });
      void session?.close();
      // stop() takes the target out of the list before it ends it: the user stopped it, it did not exit by itself.
      if (!this.targets.has(targetId)) return STOPPED_BY_USER;
      const why = proc.lastError();
      return `The target process exited ${signal ? `(${signal})` : `with code ${code}`}${why && code ? ` (${why})` : ''}`;
    });
    const relative = path.relative(process.cwd(), proc.scriptPath);
    const label = !relative || relative.startsWith('..') ? proc.scriptPath : relative;
    const info = { ...newInfo(targetId, 'launched', label, identity, !!spec.outputToFile), env: { ...spec.env }, args: [...(spec.args ?? [])] };
    return this.add({ info, session, process: proc, host: '127.0.0.1', gone, output: tail });
  }

  async attach(spec: AttachSpec): Promise<TargetInfo> {
    if (!isLoopbackHost(spec.host) && !spec.confirmRemote) {
      throw new UserError(`${spec.host} is another computer: the inspector can run any code in that process, so confirm that you trust it before attaching.`);
    }
    const entries = await listInspectorTargets(spec.host, spec.port);
    if (entries.length === 0) throw new UserError(`The inspector at ${spec.host}:${spec.port} lists no targets.`);
    const entry = spec.inspectorId ? entries.find((e) => e.id === spec.inspectorId) : entries[0];
    if (!entry) throw new UserError(`The inspector target ${spec.inspectorId} is no longer listed at ${spec.host}:${spec.port}.`);
    // The session goes where the WebSocket URL says, which may not be the host typed in.
    const wsHost = webSocketHost(entry.webSocketDebuggerUrl);
    if (wsHost === null) throw new UserError(`The inspector at ${spec.host}:${spec.port} gave a WebSocket address Flambé cannot use: ${entry.webSocketDebuggerUrl.slice(0, 200)}`);
    if (!isLoopbackHost(wsHost) && !spec.confirmRemote) {
      throw new UserError(`The inspector at ${spec.host}:${spec.port} points to ${wsHost}, another computer: the inspector can run any code in that process, so confirm that you trust it before attaching.`);
    }
    const session = await InspectorSession.connect(entry.webSocketDebuggerUrl);
    return this.attachSession(session, `${spec.host}:${spec.port}`, spec.host);
  }

  /** Attaches to a running Node process by pid, opening its inspector first (attach-pid.ts). */
  async attachPid(pid: number): Promise<TargetInfo> {
    const portsBefore = await listeningPortsOf(pid).catch(() => []);
    const { session, label, openedHere } = await openInspectorOf(pid);
    return this.attachSession(session, label, '127.0.0.1', openedHere ? { portsBefore } : undefined);
  }

  private async attachSession(session: InspectorSession, label: string, host: string, openedInspector?: { portsBefore: number[] }): Promise<TargetInfo> {
    const identity = await session.identity();
    const targetId = randomUUID();
    // An exiting process waits for this session: let go, so it can end (and gone says so).
    session.onExiting(() => void session.close());
    const gone = new Promise<string>((resolve) => {
      session.onDisconnect(() => {
        const t = this.targets.get(targetId);
        if (t) t.info.running = false;
        this.emit('targetExit', { targetId, code: null, signal: null });
        resolve(t ? 'The inspector connection closed (the target process exited or was stopped)' : STOPPED_BY_USER);
      });
    });
    return this.add({ info: newInfo(targetId, 'attached', label, identity), session, host, gone, ...(openedInspector ? { openedInspector } : {}) });
  }

  private add(target: Target): Promise<TargetInfo> {
    this.targets.set(target.info.targetId, target);
    return this.refresh(target.info.targetId);
  }

  /**
   * The ports that speak TLS, found by a handshake once per port: an https-only
   * server is loaded over https, not told it "closed the connection without answering".
   */
  private async tlsPorts(host: string, ports: number[]): Promise<Set<number>> {
    const answers = await Promise.all(ports.map((port) => {
      const key = `${host}:${port}`;
      let known = this.handshakes.get(key);
      if (!known) this.handshakes.set(key, (known = speaksTls(`http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}/`)));
      return known.then((tls) => (tls ? port : null));
    }));
    return new Set(answers.filter((p): p is number => p !== null));
  }

  /** Re-reads the ports the target listens on. */
  async refresh(targetId: string): Promise<TargetInfo> {
    const t = this.get(targetId);
    if (t.info.running && !t.session.isClosed) {
      const own = await t.session.listeners().catch(() => []);
      // A cluster primary, or a process whose forked children listen: the OS's ports are the server's (path-only --url).
      const listeners = own.length || !isLoopbackHost(t.host) ? own : await osListeners(t);
      t.info.listeningPorts = [...new Set(listeners.map((l) => l.port))];
      t.info.suggestedUrls = suggestUrls(listeners, t.host, await this.tlsPorts(t.host, t.info.listeningPorts));
    }
    if (!t.info.running && t.process) t.info.lastError = t.process.lastError();
    return { ...t.info };
  }

  /** Every target held, oldest first, with the tail of its output. */
  async list(): Promise<TargetSnapshot[]> {
    const ids = [...this.targets.keys()];
    const infos = await Promise.all(ids.map((id) => this.refresh(id).catch(() => null)));
    return infos.flatMap((info, i) => (info ? [{ ...info, output: this.targets.get(ids[i])?.output?.read() ?? [] }] : []));
  }

  async stop(targetId: string): Promise<void> {
    const t = this.targets.get(targetId);
    if (!t) return;
    this.targets.delete(targetId);
    // An inspector Flambé opened by its signal (--pid) is closed again: left open, any local user could run code there.
    if (t.openedInspector && !t.session.isClosed) await closeOpenedInspector(t.session, t.info.pid, t.openedInspector.portsBefore);
    await t.session.close();
    if (t.process) await stopProcess(t.process);
  }

  async disposeAll(): Promise<void> {
    await Promise.all([...this.targets.keys()].map((id) => this.stop(id)));
  }
}
