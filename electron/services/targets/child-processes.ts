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

/** Node's words when a child's inspector could not open because another process's holds its port (attach-pid.ts). */
const PORT_TAKEN = /is taken by the inspector of process/;

/**
 * The sentence of a recording whose process served none of the requests the
 * load got answers to, while its children run; null when it has no child (then
 * nothing says where the requests went, and Flambé does not guess). `refused`:
 * the children Flambé tried to record and could not, each with Node's reason —
 * and, when that is the inspector port a cluster's workers share (`--pid` of a
 * primary started without `--inspect`), what to type instead.
 */
export function servedElsewhereSentence(
  recordedPid: number, requests: number, children: readonly ChildProcessPorts[], loadPort: number | null, refused: readonly { pid: number; why: string }[] = [],
): string | null {
  if (children.length === 0) return null;
  const serving = loadPort === null ? [] : children.filter((c) => c.ports.includes(loadPort));
  const named = (serving.length ? serving : children).map((c) => c.pid);
  const who = serving.length
    ? `${serving.length} child process${serving.length === 1 ? '' : 'es'} listening on port ${loadPort} (pid ${named.join(', ')})`
    : `its ${children.length} child process${children.length === 1 ? '' : 'es'} (pid ${named.join(', ')})`;
  const sentence = `This server's requests are served by ${who}, such as node:cluster workers: Flambé recorded process ${recordedPid}, `
    + `which served none of the ${requests} requests, so its profile says nothing about them and no verdict is given.`;
  const couldNot = refused.length ? ` Flambé could not record them: ${refused.map((r) => `pid ${r.pid}: ${r.why.replace(/\.$/, '')}`).join('; ')}.` : '';
  const instead = refused.some((r) => PORT_TAKEN.test(r.why))
    // node:cluster gives a worker an inspector port of its own (the primary's + 1, + 2…) only when the primary runs with
    // --inspect; without it, SIGUSR1 opens every one on Node's 9229, and only one process can hold it.
    ? ' A node:cluster worker gets an inspector port of its own only when its primary runs with --inspect; without it, each opens on '
      + `Node's 9229, which only one process can hold. Start the server with node --inspect=127.0.0.1:0 and record it with `
      + `flambe record --attach 127.0.0.1:<the port it prints> --url … (its workers are then recorded together), or record one worker: flambe record --pid ${named[0]} --url ….`
    : ` Record a worker instead: flambe record --pid ${named[0]} --url ….`;
  return sentence + couldNot + instead;
}
