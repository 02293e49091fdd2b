// The processes a target started that serve its requests: the workers of a
// node:cluster primary, children forked to hand connections to. Flambé
// profiles one process; when the requests run in its children, the recorded
// process served none of them and its profile says nothing about them — the
// recording says so instead of a verdict about an idle primary (issue 34).
// POSIX only: `pgrep -P` (Linux, macOS) lists a process's children; Windows
// has no cheap equivalent here, so it finds none.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { listeningPortsOf } from './processes.ts';

const run = promisify(execFile);

export interface ChildProcessPorts {
  pid: number;
  /** TCP ports it listens on (empty when it listens on none, or they cannot be read). */
  ports: number[];
}

/** The direct children of `pid`, with the ports each listens on; [] when there are none or they cannot be listed. */
export async function childProcessesOf(pid: number): Promise<ChildProcessPorts[]> {
  if (process.platform === 'win32') return [];
  let stdout: string;
  try {
    ({ stdout } = await run('pgrep', ['-P', String(pid)], { timeout: 3000 }));
  } catch {
    return []; // pgrep exits 1 when there is no child
  }
  const pids = stdout.split('\n').map(Number).filter((p) => Number.isInteger(p) && p > 0);
  return Promise.all(pids.map(async (child) => ({ pid: child, ports: await listeningPortsOf(child) })));
}

/**
 * The sentence of a recording whose process served none of the requests the
 * load got answers to, while its children run; null when it has no child (then
 * nothing says where the requests went, and Flambé does not guess).
 */
export function servedElsewhereSentence(recordedPid: number, requests: number, children: readonly ChildProcessPorts[], loadPort: number | null): string | null {
  if (children.length === 0) return null;
  const serving = loadPort === null ? [] : children.filter((c) => c.ports.includes(loadPort));
  const named = (serving.length ? serving : children).map((c) => c.pid);
  const who = serving.length
    ? `${serving.length} child process${serving.length === 1 ? '' : 'es'} listening on port ${loadPort} (pid ${named.join(', ')})`
    : `its ${children.length} child process${children.length === 1 ? '' : 'es'} (pid ${named.join(', ')})`;
  return `This server's requests are served by ${who}, such as node:cluster workers: Flambé recorded process ${recordedPid}, `
    + `which served none of the ${requests} requests, so its profile says nothing about them and no verdict is given. `
    + `Record a worker instead: flambe record --pid ${named[0]} --url … (Flambé does not yet record every worker together).`;
}
