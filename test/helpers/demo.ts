// Helpers for tests that drive real processes.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const demoScript = path.join(repo, 'assets/demo-server/server.js');
export const flambeBin = path.join(repo, 'bin/flambe.js');

export interface RunResult { code: number | null; stdout: string; stderr: string }

export interface RunOptions {
  timeoutMs?: number;
  env?: Record<string, string>;
  cwd?: string;
  /** Another Node binary, and another user to run as (see unprivileged.ts). */
  node?: string;
  uid?: number;
  gid?: number;
}

// This test file's own default library (unless a test sets $FLAMBE_LIBRARY):
// a CLI run registers its work beside the default library even without --save
// (electron/services/work/work-registry.ts), so test files running side by side in
// CI would otherwise refuse each other's experiments and sweeps.
let ownDefaultLibrary: string | null = null;
const defaultLibrary = () => (ownDefaultLibrary ??= path.join(mkdtempSync(path.join(tmpdir(), 'flambe-cli-default-')), 'library.sqlite'));

/** Runs `flambe …` as a user would, with a hard time limit. */
export function runFlambe(args: string[], opts: RunOptions = {}): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = spawn(opts.node ?? process.execPath, [flambeBin, ...args], {
      cwd: opts.cwd ?? repo, env: { FLAMBE_LIBRARY: defaultLibrary(), ...process.env, ...opts.env }, uid: opts.uid, gid: opts.gid,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 60_000);
    child.on('exit', (code) => { clearTimeout(timer); resolve({ code, stdout, stderr }); });
  });
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function waitFor<T>(fn: () => T | Promise<T>, timeoutMs = 10_000, what = 'condition'): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Function names in a V8 CPU profile. */
export function profileFunctions(profile: unknown): Set<string> {
  const p = profile as { nodes: { callFrame: { functionName: string } }[] };
  return new Set(p.nodes.map((n) => n.callFrame.functionName));
}
