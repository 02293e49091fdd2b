// A launched target must not outlive Flambé, even when Flambé is killed with
// SIGKILL and cannot stop it: its inspector would stay open on 127.0.0.1 for
// any local process to attach to. So the target is started with a tiny
// preload (`node -r watchdog.cjs`) that watches a pipe Flambé holds open on
// the target's fd 3; when the pipe closes — Flambé is gone, however it died —
// the target's process group (launch.ts starts it as a group of its own, so
// its children are in it) is sent SIGTERM, then SIGKILL 1 s later.
//
// The target's own children (`child_process.fork`, `cluster.fork`, a spawned
// `node` given `process.execArgv`) inherit the preload with the command line,
// but not fd 3 — in a forked child fd 3 is its IPC channel, which the preload
// must never read. A child knows it is one because Flambé's pid, in
// FLAMBE_WATCHDOG_PARENT, is not its parent's; it watches, on an unref'd
// timer, that its parent and Flambé are both still there, and ends the same
// way when either is gone (a child that ignores SIGTERM still ends: SIGKILL).
//
// Children never inherit the target's open inspector: the preload rewrites
// `--inspect=127.0.0.1:0` (Flambé's own flag) on a child's command line to
// `--inspect-port=127.0.0.1:0`, which opens nothing — it only says where the
// inspector would open if asked (SIGUSR1), on a free port. node:cluster adds
// its own `--inspect-port=<primary's port + 1>` after it (a fixed port, which
// another process may hold): dropped, so a worker Flambé records opens on a
// free port it reads from the OS (child-sessions.ts).
//
// The preload is plain ES5 CommonJS so any `node` the user picks can load it,
// unrefs its handles so it never keeps a process alive by itself, and is
// given on the command line (not NODE_OPTIONS) so only Node children that
// are given the target's execArgv get it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The file descriptor the target sees Flambé's pipe on. */
export const WATCHDOG_FD = 3;

/** The environment variable that carries Flambé's pid to the target and its children. */
export const WATCHDOG_PARENT_ENV = 'FLAMBE_WATCHDOG_PARENT';

/** The inspector flag Flambé launches a target with; children get INHERITED_INSPECTOR_FLAG instead. */
export const TARGET_INSPECTOR_FLAG = '--inspect=127.0.0.1:0';
export const INHERITED_INSPECTOR_FLAG = '--inspect-port=127.0.0.1:0';

/** How often a child checks that its parent and Flambé are there, and how long SIGTERM is given. */
export const CHILD_CHECK_MS = 200;
export const TERM_GRACE_MS = 1000;

export const WATCHDOG_SOURCE = `'use strict';
// Flambé's watchdog: ends this process when the Flambé that launched it is gone.
(function () {
  var flambePid = Number(process.env.${WATCHDOG_PARENT_ENV}) || 0;
  var ended = false;
  function signalGroupOrSelf(sig) {
    // The launched target leads a process group of its own: take its children with it.
    try { process.kill(-process.pid, sig); return; } catch (e) { /* no such group: a child */ }
    try { process.kill(process.pid, sig); } catch (e) { if (sig === 'SIGTERM') process.exit(143); }
  }
  function end() {
    if (ended) return;
    ended = true;
    setTimeout(function () { signalGroupOrSelf('SIGKILL'); }, ${TERM_GRACE_MS}).unref();
    signalGroupOrSelf('SIGTERM');
  }
  function isAlive(pid) {
    try { process.kill(pid, 0); return true; } catch (e) { return e.code === 'EPERM'; }
  }
  // Children get the preload, never the inspector this process opened.
  try {
    var cp = require('child_process');
    var spawn = cp.ChildProcess.prototype.spawn;
    cp.ChildProcess.prototype.spawn = function (options) {
      if (options && Array.isArray(options.args)) {
        var ours = options.args.indexOf('${TARGET_INSPECTOR_FLAG}') >= 0;
        options.args = options.args.map(function (a) { return a === '${TARGET_INSPECTOR_FLAG}' ? '${INHERITED_INSPECTOR_FLAG}' : a; })
          // node:cluster adds --inspect-port=<the primary's port + 1>: a fixed port another process may hold. Ours (a free one) stays.
          .filter(function (a) { return !ours || a === '${INHERITED_INSPECTOR_FLAG}' || !/^--inspect-port=/.test(a); });
      }
      return spawn.apply(this, arguments);
    };
  } catch (e) { /* a Node without it: nothing to rewrite */ }
  if (!flambePid || flambePid === process.ppid) {
    var pipe;
    try { pipe = new (require('net').Socket)({ fd: ${WATCHDOG_FD}, readable: true, writable: false }); } catch (e) { return; }
    pipe.on('error', end);
    pipe.on('end', end);
    pipe.on('close', end);
    pipe.resume();
    pipe.unref();
    return;
  }
  var parent = process.ppid;
  setInterval(function () {
    if (process.ppid !== parent || !isAlive(flambePid)) end();
  }, ${CHILD_CHECK_MS}).unref();
})();
`;

let file: string | null = null;

/**
 * The preload's path, written once per Flambé process into a fresh private
 * directory (0700: no other local user can swap it for their own code).
 */
export function watchdogPreload(): string {
  if (file) return file;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'flambe-watchdog-'));
  const candidate = path.join(dir, 'watchdog.cjs');
  writeFileSync(candidate, WATCHDOG_SOURCE, { mode: 0o600 });
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  file = candidate;
  return file;
}
