// A noisy neighbour for validating experiments on a busy machine (issue 24):
// another process that takes CPU beside the experiment, as a build or a
// browser would. 'constant': one process spinning without pause. 'bursty':
// one process that spins for 0.5–3 s, rests for 0.5–3 s, and so on (seeded,
// so two runs meet the same pattern). Stop it with stop(); it also ends
// with its parent.
import { spawn, type ChildProcess } from 'node:child_process';

export type NeighbourKind = 'none' | 'constant' | 'bursty';

const CONSTANT = 'setInterval(() => {}, 1 << 30); for (;;) { if (process.ppid === 1) process.exit(0); for (let i = 0; i < 1e7; i++); }';
// mulberry32 for the on/off lengths; a busy spell checks its parent every ~10 ms of work.
const BURSTY = `
let s = Number(process.argv[1]) >>> 0;
const rnd = () => { s = (s + 0x6d2b79f5) >>> 0; let t = s; t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
const spell = () => 500 + 2500 * rnd();
function busy() {
  const until = Date.now() + spell();
  while (Date.now() < until) for (let i = 0; i < 1e6; i++);
  if (process.ppid === 1) process.exit(0);
  setTimeout(busy, spell());
}
busy();`;

export interface Neighbour { kind: NeighbourKind; pid: number | null; stop(): Promise<void> }

export function startNeighbour(kind: NeighbourKind, seed = 24): Neighbour {
  if (kind === 'none') return { kind, pid: null, stop: async () => undefined };
  const child: ChildProcess = spawn(process.execPath, ['-e', kind === 'constant' ? CONSTANT : BURSTY, String(seed)], { stdio: 'ignore' });
  return {
    kind,
    pid: child.pid ?? null,
    stop: () => new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    }),
  };
}
