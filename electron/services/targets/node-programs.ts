// Which Node programs this computer has, and which one the user's own
// terminal would run. A launched script runs on `node` from Flambé's PATH —
// but `npm start` puts Flambé's own bundled Node first on that PATH, and an
// app started from the Dock, Finder or a launcher has no shell PATH at all, so
// `node` installed with nvm, Volta, fnm or Homebrew is not where the user's
// terminal finds it. This lists what a login shell's PATH, the version
// managers and Flambé's PATH hold, each with its version, and says which one
// is Flambé's own. The places are decided by a pure function (tested with a
// made-up home folder); only `findNodePrograms` runs anything.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NodeProgram, NodeProgramSource } from '../../../shared/api.ts';

export interface NodeSearch {
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  home: string;
  /** PATH as the user's login shell sets it; null when it could not be read (Windows, no shell). */
  loginPath: string | null;
}

/** Each version folder's node under `dir` (nvm's versions/node/*, fnm's node-versions/*), newest name last. */
function versionDirs(dir: string, inner: string[]): string[] {
  if (!existsSync(dir)) return [];
  try {
    return readdirSync(dir).sort(byVersion).map((v) => path.join(dir, v, ...inner));
  } catch {
    return [];
  }
}

/** "v20.9.0" before "v22.1.0": by number, not by letter. */
function byVersion(a: string, b: string): number {
  const n = (s: string) => s.replace(/^v/, '').split('.').map((x) => Number.parseInt(x, 10) || 0);
  const [x, y] = [n(a), n(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}

/** The places a `node` may be, in the order the user's terminal would prefer them; duplicates are removed later. */
export function nodeCandidates(s: NodeSearch): { path: string; from: NodeProgramSource }[] {
  const exe = s.platform === 'win32' ? 'node.exe' : 'node';
  const sep = s.platform === 'win32' ? ';' : ':';
  const onPath = (p: string | null | undefined, from: NodeProgramSource) => (p ?? '').split(sep).filter(Boolean).map((dir) => ({ path: path.join(dir, exe), from }));
  const out = [...onPath(s.loginPath, 'login-shell')];
  if (s.platform !== 'win32') {
    const nvm = s.env.NVM_DIR || path.join(s.home, '.nvm');
    out.push(...versionDirs(path.join(nvm, 'versions', 'node'), ['bin', 'node']).reverse().map((p) => ({ path: p, from: 'nvm' as const })));
    out.push({ path: path.join(s.env.VOLTA_HOME || path.join(s.home, '.volta'), 'bin', 'node'), from: 'volta' });
    for (const fnm of [s.env.FNM_DIR, path.join(s.home, '.local', 'share', 'fnm'), path.join(s.home, '.fnm')]) {
      if (fnm) out.push(...versionDirs(path.join(fnm, 'node-versions'), ['installation', 'bin', 'node']).reverse().map((p) => ({ path: p, from: 'fnm' as const })));
    }
    for (const brew of ['/opt/homebrew/bin', '/usr/local/bin', '/home/linuxbrew/.linuxbrew/bin']) out.push({ path: path.join(brew, 'node'), from: 'homebrew' });
  }
  out.push(...onPath(s.env.PATH ?? s.env.Path, 'path'));
  return out;
}

/**
 * Flambé's own Node: the one running Flambé, or one inside a node_modules folder — npm's `.bin` that `npm start`
 * and `npx` put first on PATH, or the bundled node-<platform> package it links to.
 */
export function isFlambesOwn(realPath: string, execPath: string = process.execPath): boolean {
  return realPath === execPath || realPath.split(/[\\/]/).includes('node_modules');
}

/** PATH as a login shell sets it (what a terminal window has), or null. The shell's own output is ignored but the last line. */
export function loginShellPath(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): Promise<string | null> {
  if (platform === 'win32') return Promise.resolve(null);
  const shell = env.SHELL || '/bin/sh';
  const mark = '__flambe_path__';
  return new Promise((resolve) => {
    execFile(shell, ['-ilc', `printf '\\n${mark}%s\\n' "$PATH"`], { timeout: 5000, env: { ...env, TERM: 'dumb' } }, (_e, stdout) => {
      const line = String(stdout ?? '').split('\n').reverse().find((l) => l.startsWith(mark));
      resolve(line ? line.slice(mark.length) : null);
    });
  });
}

function nodeVersion(file: string): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(file, ['--version'], { timeout: 5000 }, (e, stdout) => resolve(!e && /^v\d+\.\d+\.\d+/.test(String(stdout).trim()) ? String(stdout).trim() : null));
  });
}

function realExecutable(file: string): string | null {
  try {
    const real = realpathSync(file);
    return statSync(real).isFile() ? real : null;
  } catch {
    return null;
  }
}

export interface NodePrograms {
  /** Every Node found, once each (by its real file), the terminal's order. */
  programs: NodeProgram[];
  /** What `node` on Flambé's PATH is (under `npm start`, Flambé's own). */
  onPath: NodeProgram | null;
  /** What the user's own terminal would run: the first found that is not Flambé's own. */
  yours: NodeProgram | null;
  /** What a launch without a chosen node runs (defaultNode). */
  runs: NodeProgram | null;
}

/**
 * Names the Node a launch without a chosen one runs, over the terminal's: for the test suite, whose fixtures are
 * written for Flambé's own Node 24 (vitest.config.ts sets it), and for a user who wants another default.
 */
export const TARGET_NODE_ENV = 'FLAMBE_TARGET_NODE';

/**
 * The default Node of a launch (issue 38): the one the user's own terminal runs — `npm start` puts Flambé's
 * bundled Node first on PATH, and a script run on it reads "Node v24" where the user's terminal has v20 — else
 * the one on Flambé's PATH; FLAMBE_TARGET_NODE names another.
 */
export function defaultNode(found: Omit<NodePrograms, 'runs'>, named: string | undefined): NodeProgram | null {
  if (named) return found.programs.find((p) => p.path === named || p.realPath === named) ?? null;
  return found.yours ?? found.onPath;
}

/** Looks for Node programs and asks each its version (a few processes, each with a time limit). */
export async function findNodePrograms(search?: Partial<NodeSearch>): Promise<NodePrograms> {
  const s: NodeSearch = {
    env: search?.env ?? process.env, platform: search?.platform ?? process.platform, home: search?.home ?? os.homedir(),
    loginPath: search?.loginPath !== undefined ? search.loginPath : await loginShellPath(search?.env ?? process.env),
  };
  const seen = new Map<string, NodeProgram>();
  const order: { program: NodeProgram; from: NodeProgramSource }[] = [];
  for (const c of nodeCandidates(s)) {
    const real = realExecutable(c.path);
    if (!real) continue;
    let program = seen.get(real);
    if (!program) {
      const version = await nodeVersion(c.path);
      if (!version) continue;
      program = { path: c.path, realPath: real, version, from: c.from, flambes: isFlambesOwn(real) || isFlambesOwn(c.path) };
      seen.set(real, program);
    }
    order.push({ program, from: c.from });
  }
  const named = s.env[TARGET_NODE_ENV]?.trim() || undefined;
  const namedReal = named ? realExecutable(named) : null;
  if (named && namedReal && !seen.has(namedReal)) {
    const version = await nodeVersion(named);
    if (version) seen.set(namedReal, { path: named, realPath: namedReal, version, from: 'path', flambes: isFlambesOwn(namedReal) || isFlambesOwn(named) });
  }
  const programs = [...seen.values()];
  const onPath = order.find((o) => o.from === 'path')?.program ?? null;
  const yours = programs.find((p) => !p.flambes) ?? null;
  const found = { programs, onPath, yours };
  const runs = defaultNode(found, named && namedReal ? (seen.get(namedReal)?.path ?? named) : named);
  if (!search) lastSearch = Promise.resolve({ ...found, runs });
  return { ...found, runs };
}

let lastSearch: Promise<NodePrograms> | null = null;

/**
 * The program a launch without a chosen Node runs: FLAMBE_TARGET_NODE as given, else the terminal's (defaultNode),
 * from the last search of this process (the Record screen's, or one made now: a login shell and a few
 * `node --version`, each time-limited), else `node` from PATH.
 */
export async function defaultNodePath(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const named = env[TARGET_NODE_ENV]?.trim();
  if (named) return named;
  lastSearch ??= findNodePrograms();
  return (await lastSearch.catch(() => null))?.runs?.path ?? 'node';
}
