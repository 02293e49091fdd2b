// Only the requests to the server being measured: a process can serve more
// than one (an upstream stub opened beside the app, an admin port), and the
// collector sees them all. Requests that came in on another port are left
// out of every figure, and counted so the recording can say so.
import type { CollectedBatch } from './collected.ts';

export interface KeptPorts {
  batches: CollectedBatch[];
  /** Requests left out because they came in on another port. */
  otherPorts: number;
}

/** The batches with only the requests that came in on one of `ports`; all of them when `ports` is empty or a request's port is unknown. */
export function keepPorts(batches: readonly CollectedBatch[], ports: readonly number[]): KeptPorts {
  if (ports.length === 0) return { batches: [...batches], otherPorts: 0 };
  let otherPorts = 0;
  const kept = batches.map((b) => {
    const requests = b.requests.filter((r) => {
      const port = r[6] ?? 0;
      const keep = port === 0 || ports.includes(port);
      if (!keep) otherPorts++;
      return keep;
    });
    return { ...b, requests };
  });
  return { batches: kept, otherPorts };
}

/** The port a load URL names ("http://127.0.0.1:3000/x" → 3000, "https://h/" → 443); null when the URL names none and `explicitOnly`. */
export function portOfUrl(url: string, explicitOnly = false): number | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.port) return Number(u.port);
  if (explicitOnly) return null;
  return u.protocol === 'https:' ? 443 : 80;
}
