// The load as the server saw it, when the user sent it with their own tool
// (record --no-load, "I will send the load myself"): every request the
// collector saw finish is counted and timed in the target, so the recording
// has requests, latency percentiles and the per-route table as after
// Flambé's own burst. Latency here is the server's (start of the request to
// the end of its response): time queued before the server read a request is
// not in it — the user's tool reports that side.
import type { LatencyMs, LoadSummary, RouteLoad } from '../recording/load.ts';
import type { CollectedBatch } from './collected.ts';

const quantile = (sorted: readonly number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : 0);
const r3 = (x: number) => Math.round(x * 1000) / 1000;

function latency(ms: number[]): LatencyMs {
  const s = [...ms].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / Math.max(1, s.length);
  return {
    p50: r3(quantile(s, 0.5)), p90: r3(quantile(s, 0.9)), p99: r3(quantile(s, 0.99)), max: r3(s[s.length - 1] ?? 0), mean: r3(mean),
    min: r3(s[0] ?? 0), p75: r3(quantile(s, 0.75)),
  };
}

/**
 * The LoadSummary of a recording whose load the user sent, from the collector's batches.
 * `window`: when the recording listened, µs on the collector's clock, and the same moments on the wall clock (epoch ms).
 */
export function serverLoadSummary(
  batches: readonly CollectedBatch[], window: { fromUs: number; toUs: number; startMs: number; endMs: number }, stoppedEarly: boolean,
): LoadSummary {
  const requests = batches.flatMap((b) => b.requests);
  const durationSec = Math.max(1e-3, (window.toUs - window.fromUs) / 1e6);
  const statusCodes: Record<string, number> = {};
  for (const r of requests) statusCodes[String(r[5])] = (statusCodes[String(r[5])] ?? 0) + 1;
  const non2xx = requests.filter((r) => r[5] < 200 || r[5] >= 300).length;
  // Seconds since the recording started, by when each request finished.
  const seconds = Math.max(1, Math.ceil(durationSec));
  const perSecond = Array.from({ length: seconds }, () => [] as number[]);
  for (const r of requests) perSecond[Math.min(seconds - 1, Math.max(0, Math.floor((r[4] - window.fromUs) / 1e6)))].push((r[4] - r[3]) / 1000);
  const timeline = perSecond.map((ms, i) => {
    const length = Math.min(1, durationSec - i) || 1;
    return { second: i + 1, rps: Math.round(ms.length / length), p99Ms: r3(quantile([...ms].sort((a, b) => a - b), 0.99)), requests: ms.length };
  });
  const byRoute = new Map<string, { method: string; path: string; ms: number[]; non2xx: number }>();
  for (const r of requests) {
    const key = `${r[1]} ${r[2]}`;
    let e = byRoute.get(key);
    if (!e) byRoute.set(key, (e = { method: r[1], path: r[2], ms: [], non2xx: 0 }));
    e.ms.push((r[4] - r[3]) / 1000);
    if (r[5] < 200 || r[5] >= 300) e.non2xx++;
  }
  const routes: RouteLoad[] = [...byRoute.values()].sort((a, b) => b.ms.length - a.ms.length).slice(0, 50).map((e) => ({
    method: e.method, path: e.path, requests: e.ms.length, rps: r3(e.ms.length / durationSec), latencyMs: latency(e.ms), errors: 0, non2xx: e.non2xx,
  }));
  return {
    requests: requests.length,
    durationSec: r3(durationSec),
    rps: r3(requests.length / durationSec),
    latencyMs: latency(requests.map((r) => (r[4] - r[3]) / 1000)),
    errors: 0,
    timeouts: 0,
    non2xx,
    statusCodes,
    bytesPerSec: 0,
    timeline,
    stoppedEarly,
    ...(routes.length > 1 ? { routes } : {}),
    clock: { startMs: window.startMs, endMs: window.endMs },
  };
}
