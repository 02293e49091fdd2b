// Launching a script under the inspector: `node --inspect=127.0.0.1:0 script`,
// the inspector URL read from its stderr, its output streamed to the caller.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { UserError } from '../errors.ts';
import { TARGET_INSPECTOR_FLAG, WATCHDOG_PARENT_ENV, watchdogPreload } from './watchdog.ts';
import type { LaunchSpec } from '../../../shared/api.ts';
import { createFileOutput } from './file-output.ts';
import { INSPECTOR_CHATTER } from '../../../shared/targets/inspector-chatter.ts';
import { defaultNodePath } from './node-programs.ts';

export interface LaunchedProcess {
  child: ChildProcess;
  wsUrl: string;
  scriptPath: string;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: string | null }>;
  /** The most telling line of what the script printed on stderr (its error, usually). */
  lastError(): string;
}

export interface LaunchHooks {
  onOutput(stream: 'stdout' | 'stderr', text: string): void;
  /** Node waits for debuggers to detach before it exits: the caller must let go. */
  onWaitingForDebugger(): void;
}

const INSPECTOR_URL = /Debugger listening on (wss?:\/\/\S+)/;
const WAITING = /Waiting for the debugger to disconnect/;
const START_TIMEOUT_MS = 15_000;
/** POSIX: the target leads a process group of its own (Windows has no process groups to signal). */
const OWN_GROUP = process.platform !== 'win32';


/** The line a student needs from a crash: the error itself, not the stack under it (and what to do, where Node's words do not say). */
export function tellingLine(stderr: string): string {
  const lines = stderr.split('\n').map((l) => l.trim()).filter((l) => l && !INSPECTOR_CHATTER.test(l));
  const error = lines.find((l) => /^(\w*Error|Error)\b.*:|^\w+Error$/.test(l));
  return (error ?? lines.filter((l) => !/^at /.test(l)).at(-1) ?? '').slice(0, 300);
}

/**
 * A TypeScript script on a Node that does not strip types fails as it loads: ERR_UNKNOWN_FILE_EXTENSION
 * (as a module) or a SyntaxError at the first type (as CommonJS). Node's words say nothing of which Node would run it.
 */
export function withTypeScriptHint(scriptPath: string, line: string): string {
  if (!/\.[mc]?tsx?$/i.test(scriptPath) || /TypeScript/.test(line)) return line;
  return /ERR_UNKNOWN_FILE_EXTENSION|^SyntaxError/.test(line) ? `${line}. ${TYPESCRIPT_HINT}` : line;
}

// Node's own error for a .ts script says nothing of which Node would run it (nodejs.org/api/typescript.html).
const TYPESCRIPT_HINT = 'This Node cannot run TypeScript: Node 22.18 and later and 23.6 and later strip types by default '
  + '(22.6 to 22.17 with --experimental-strip-types). Choose a newer Node (--node PATH, or the Node program in the app), '
  + 'or compile the script to JavaScript first.';

export async function launchScript(spec: LaunchSpec, hooks: LaunchHooks): Promise<LaunchedProcess> {
  const cwd = path.resolve(spec.cwd || process.cwd());
  if (!existsSync(cwd) || !statSync(cwd).isDirectory()) throw new UserError(`The working directory ${cwd} does not exist.`);
  const scriptPath = path.resolve(cwd, spec.script);
  if (!existsSync(scriptPath)) throw new UserError(`The script ${scriptPath} does not exist.`);
  if (statSync(scriptPath).isDirectory()) throw new UserError(`${scriptPath} is a folder: choose the script file to run (for example server.js).`);

  // Not chosen: the Node the user's terminal runs, not the one npm start put first on Flambé's PATH (node-programs.ts).
  const node = spec.nodePath?.trim() || await defaultNodePath();
  // Output to files Flambé tails (synchronous writes, like a terminal), or to pipes.
  const files = spec.outputToFile ? createFileOutput() : null;
  // fd 3 is the watchdog's pipe (watchdog.ts): the target ends when Flambé does — with files as with pipes.
  // A process group of its own (POSIX): the children it forks are in it, so
  // stopping the target stops them too.
  const child = spawn(node, [TARGET_INSPECTOR_FLAG, '-r', watchdogPreload(), scriptPath, ...(spec.args ?? [])], {
    cwd,
    env: { ...process.env, ...spec.env, [WATCHDOG_PARENT_ENV]: String(process.pid) },
    stdio: ['ignore', files ? files.fds.stdout : 'pipe', files ? files.fds.stderr : 'pipe', 'pipe'],
    detached: OWN_GROUP,
  });
  // Our end of it must not keep Flambé alive; it closes when Flambé exits.
  const watchdogPipe = child.stdio[3] as (NodeJS.ReadableStream & { unref?: () => void }) | null;
  watchdogPipe?.on('error', () => undefined);
  watchdogPipe?.unref?.();

  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => {
    child.once('exit', (code, signal) => { files?.close(); resolve({ code, signal }); });
    child.once('error', () => { files?.close(); resolve({ code: null, signal: null }); });
  });

  let stderrSoFar = '';
  let stderrTail = '';
  let settled = false;
  let onStderr: (text: string) => void = () => undefined;
  if (files) {
    files.start((stream, text) => (stream === 'stdout' ? hooks.onOutput('stdout', text) : onStderr(text)));
  } else {
    child.stdout!.setEncoding('utf8');
    child.stderr!.setEncoding('utf8');
    child.stdout!.on('data', (text: string) => hooks.onOutput('stdout', text));
    child.stderr!.on('data', (text: string) => onStderr(text));
  }

  const wsUrl = await new Promise<string>((resolve, reject) => {
    const fail = (e: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(e);
    };
    const timer = setTimeout(() => fail(new UserError(`The script did not open the Node inspector within ${START_TIMEOUT_MS / 1000} seconds: is ${node} really Node.js?`)), START_TIMEOUT_MS);
    onStderr = (text: string) => {
      hooks.onOutput('stderr', text);
      stderrTail = (stderrTail + text).slice(-8192);
      if (WAITING.test(text)) hooks.onWaitingForDebugger();
      if (settled) return;
      stderrSoFar += text;
      const m = INSPECTOR_URL.exec(stderrSoFar);
      if (m) {
        settled = true;
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.once('error', (e: NodeJS.ErrnoException) => {
      fail(new UserError(e.code === 'ENOENT'
        ? `Could not find the Node.js program "${node}": install Node.js or give the full path to node.`
        : `Could not start "${node}": ${e.message}.`));
    });
    child.once('exit', (code, signal) => {
      // Node prints "Debugger listening on ws://…" before it loads the script: gone before that, it is the
      // node program that failed (a wrong --node, a bad NODE_OPTIONS), not the script.
      const why = withTypeScriptHint(scriptPath, tellingLine(stderrSoFar));
      fail(new UserError(`The Node.js program "${node}" exited ${signal ? `(${signal})` : `with code ${code}`} before it ran the script${why ? `: ${why}` : ', and printed nothing'}. Is it Node.js (run "${node} --version")?`));
    });
  });

  return { child, wsUrl, scriptPath, exited, lastError: () => withTypeScriptHint(scriptPath, tellingLine(stderrTail)) };
}

/** Sends `sig` to the target's whole process group (POSIX), or to the target alone. */
function signalTarget(p: LaunchedProcess, sig: NodeJS.Signals): void {
  const pid = p.child.pid;
  if (pid === undefined) return;
  try {
    if (OWN_GROUP) process.kill(-pid, sig);
    else p.child.kill(sig);
  } catch { /* already gone */ }
}

/** Whether any process of the target's group is still there (its children included). */
function groupAlive(p: LaunchedProcess): boolean {
  const pid = p.child.pid;
  if (pid === undefined) return false;
  if (!OWN_GROUP) return p.child.exitCode === null && p.child.signalCode === null;
  try {
    process.kill(-pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * SIGTERM to the target and every process it started, then SIGKILL to what
 * is still there after `graceMs` — children too, also when the target itself
 * had already exited and left them running.
 */
export async function stopProcess(p: LaunchedProcess, graceMs = 3000): Promise<void> {
  if (!groupAlive(p)) return;
  signalTarget(p, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (groupAlive(p) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  if (groupAlive(p)) signalTarget(p, 'SIGKILL');
  await p.exited;
}
