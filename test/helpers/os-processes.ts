// What the OS itself says about processes and sockets (Linux /proc): the
// tests' check that nothing of theirs is left running or listening.
import { readFileSync } from 'node:fs';

/** Every TCP port any process listens on now (the OS's own socket list). */
export function listeningPorts(): Set<number> {
  const ports = new Set<number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length > 3 && f[3] === '0A') ports.add(parseInt(f[1].split(':')[1], 16));
    }
  }
  return ports;
}

/**
 * Whether `pid` still runs. A zombie does not: it holds no socket and runs no
 * code, and only waits for its parent — here this machine's init, which reaps
 * orphans on its own schedule (up to ~2 s seen) — to collect its exit status.
 */
export function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}
