// Running `flambe` as a user that file permissions apply to. Root ignores
// them (a root test of a read-only folder proves nothing), so as root the
// command runs as `nobody`; as any other user it runs as that user.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { flambeBin, repo, runFlambe, type RunOptions, type RunResult } from './demo.ts';

const NOBODY = 65534;
const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const ids = asRoot ? { uid: NOBODY, gid: NOBODY } : {};

/** A Node binary the unprivileged user can run Flambé with, else the sentence why the tests are skipped. */
function findNode(): { node: string; skip: null } | { node: null; skip: string } {
  if (process.platform === 'win32') return { node: null, skip: 'file permissions are not POSIX modes on Windows' };
  // process.execPath may sit in root's home (0700); npm's own node_modules/.bin/node is inside the clone.
  const candidates = [process.execPath, path.join(repo, 'node_modules/.bin/node')].filter((n) => existsSync(n));
  for (const node of candidates) {
    const probe = spawnSync(node, [flambeBin, 'library', '--help'], { ...ids, cwd: tmpdir(), encoding: 'utf8', timeout: 30_000 });
    if (probe.status === 0) return { node, skip: null };
  }
  return { node: null, skip: `user ${NOBODY} (nobody) cannot run Flambé from ${repo} (a folder above it, or its Node binary, is not readable by others), so these tests cannot drop root's privileges here` };
}

export const unprivileged = findNode();

/** A new folder the unprivileged user can enter (mode 0755) or also write (0777). */
export function sharedDir(prefix: string, mode = 0o755): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  chmodSync(dir, mode);
  return dir;
}

/** Runs `flambe …` as the unprivileged user, with a hard time limit. */
export function runUnprivileged(args: string[], opts: Omit<RunOptions, 'node' | 'uid' | 'gid'> & { cwd: string }): Promise<RunResult> {
  if (unprivileged.node === null) throw new Error(unprivileged.skip);
  return runFlambe(args, { ...opts, ...ids, node: unprivileged.node });
}
