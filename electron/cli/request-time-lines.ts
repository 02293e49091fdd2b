// Where each request's time went, in a terminal and in --json (README "flambe record").
import { answeredBesideSeen } from '../../shared/load/request-counts.ts';
import type { LoadSummary } from '../../shared/recording/load.ts';
import type { RequestTime, RequestTimePart } from '../../shared/recording/request-time.ts';
import { partLabel, requestsSeenText } from '../../shared/request-time/sentence.ts';

const ms = (x: number) => (x >= 100 ? `${Math.round(x)} ms` : `${Number(x.toPrecision(2))} ms`);
const pct = (share: number) => `${Math.round(share * 100)}%`;
const partsLine = (parts: readonly RequestTimePart[]) => parts.filter((p) => p.share >= 0.01).slice(0, 5)
  .map((p) => `${partLabel(p)} ${ms(p.msPerRequest)} (${pct(p.share)})`).join(' · ');

/** "Time     per request, 213 ms mean: GET 127.0.0.1:4001/quote 207 ms (97%) · own CPU 2 ms (1%)", then one line per route. */
export function formatRequestTime(rt: RequestTime, load: LoadSummary | null = null): string[] {
  const lines = [`Time     ${requestsSeenText(rt)}${answeredBesideSeen(rt.requests, load)}, ${ms(rt.perRequestMs.mean)} each on average: ${partsLine(rt.parts)}`];
  if (rt.byRoute.length > 1) {
    for (const r of rt.byRoute.slice(0, 10)) {
      lines.push(`         ${r.method} ${r.path}: ${r.requests} requests, ${ms(r.perRequestMs.mean)} — ${partsLine(r.parts)}${r.topFunction ? `; CPU in ${r.topFunction}` : ''}`);
    }
  }
  return lines;
}

/** The --json "requestTime" and "background" (the shape is documented in README). */
export function requestTimeJson(rt: RequestTime) {
  const { background, ...requestTime } = rt;
  return { requestTime, background: background ?? null };
}
