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
  const windowSec = Math.max(1e-3, (window.toUs - window.fromUs) / 1e6);
  const durationSec = arrivalSpanSec(requests) ?? windowSec;
  const statusCodes: Record<string, number> = {};
  for (const r of requests) statusCodes[String(r[5])] = (statusCodes[String(r[5])] ?? 0) + 1;
  const non2xx = requests.filter((r) => r[5] < 200 || r[5] >= 300).length;
  // Seconds since the recording started, by when each request finished: the timeline shows when the load came.
  const seconds = Math.max(1, Math.ceil(windowSec));
  const perSecond = Array.from({ length: seconds }, () => [] as number[]);
  for (const r of requests) perSecond[Math.min(seconds - 1, Math.max(0, Math.floor((r[4] - window.fromUs) / 1e6)))].push((r[4] - r[3]) / 1000);
  const timeline = perSecond.map((ms, i) => {
    const length = Math.min(1, windowSec - i) || 1;
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
    measuredInServer: true,
  };
}

/**
 * From the first request's start to the last one's end, s (null without requests). The rate counts this span, not
 * the whole recording: the seconds before the user's tool started and after it ended are no part of its load, and a
 * client tool (ab, k6) divides by about the same span (its first request sent to its last answer).
 */
function arrivalSpanSec(requests: readonly CollectedBatch['requests'][number][]): number | null {
  if (requests.length === 0) return null;
  let first = Infinity;
  let last = -Infinity;
  for (const r of requests) {
    first = Math.min(first, r[3]);
    last = Math.max(last, r[4]);
  }
  return Math.max(1e-3, (last - first) / 1e6);
}

const fmt = (x: number, digits: number) => x.toLocaleString('en-US', { maximumFractionDigits: digits });

/**
 * What the figures of a load the user sent are, and how they relate to the user's own tool's (null for Flambé's
 * burst). A client measures from sending a request to its answer: with C requests in flight at a rate R, its mean
 * latency is about C ÷ R (Little's law) whatever the server's own time, since each request also waits its turn.
 */
export function serverClockSentence(load: Pick<LoadSummary, 'measuredInServer' | 'requests' | 'durationSec' | 'rps'>): string | null {
  if (!load.measuredInServer || load.requests === 0) return null;
  const tenMs = load.rps > 0 ? (10 / load.rps) * 1000 : null;
  return `Measured in the server: ${fmt(load.requests, 0)} requests between the first one's start and the last one's end (${fmt(load.durationSec, 2)} s), ${fmt(load.rps, 1)} requests/s. `
    + 'Latency is the server\'s clock, from reading a request to writing its response\'s last byte: your tool (ab, k6…) measures from sending to receiving, '
    + 'so it adds connecting and the time a request waits behind the others'
    + (tenMs !== null ? ` — its mean latency is about its connections ÷ the rate (${fmt(tenMs, 1)} ms with 10 connections).` : '.');
}
