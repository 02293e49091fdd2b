// A launched target must not outlive Flambé, even when Flambé is killed with
// SIGKILL and cannot stop it: its inspector would stay open on 127.0.0.1 for
// any local process to attach to. So the target is started with a tiny
// preload (`node -r watchdog.cjs`) that watches a pipe Flambé holds open on
// the target's fd 3; when the pipe closes — Flambé is gone, however it died —
// the target is sent SIGTERM, then SIGKILL if it is still there 2 s later.
// The preload is plain ES5 CommonJS so any `node` the user picks can load it,
// unrefs its handle so it never keeps the target alive by itself, and is
// given on the command line (not NODE_OPTIONS) so the target's own children
// do not get it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The file descriptor the target sees Flambé's pipe on. */
export const WATCHDOG_FD = 3;

export const WATCHDOG_SOURCE = `'use strict';
// Flambé's watchdog: ends this process when the Flambé that launched it is gone.
(function () {
  var net = require('net');
  var pipe;
  try { pipe = new net.Socket({ fd: ${WATCHDOG_FD}, readable: true, writable: false }); } catch (e) { return; }
  var ended = false;
  function flambeGone() {
    if (ended) return;
    ended = true;
    try { process.kill(process.pid, 'SIGTERM'); } catch (e) { process.exit(143); }
    setTimeout(function () { process.kill(process.pid, 'SIGKILL'); }, 2000).unref();
  }
  pipe.on('error', flambeGone);
  pipe.on('end', flambeGone);
  pipe.on('close', flambeGone);
  pipe.resume();
  pipe.unref();
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
