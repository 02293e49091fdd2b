// How many threads send a burst's requests (issue 13, item 7). One thread of
// load is the default where the machine has 2 cores or fewer: the server under
// test needs the other core, and a second load thread would only take CPU from
// it. With more cores the generator gets up to half of them (at most 4, never
// more than there are connections), so that a generator busy on its own core
// does not set the requests/s instead of the server. `asked` (the load
// settings' `threads`, `--load-threads N`) overrides the rule.

/** The most load threads the rule picks by itself. */
export const MAX_AUTO_LOAD_THREADS = 4;

export function loadThreadCount(o: { cores: number; connections: number; asked?: number }): number {
  const wanted = o.asked ?? (o.cores <= 2 ? 1 : Math.min(MAX_AUTO_LOAD_THREADS, Math.floor(o.cores / 2)));
  return Math.max(1, Math.min(wanted, o.connections));
}

/** `total` split into `parts` whole numbers that differ by at most 1, larger first (10 in 3 → 4, 3, 3). */
export function splitEvenly(total: number, parts: number): number[] {
  const base = Math.floor(total / parts);
  const extra = total - base * parts;
  return Array.from({ length: parts }, (_, i) => base + (i < extra ? 1 : 0));
}
