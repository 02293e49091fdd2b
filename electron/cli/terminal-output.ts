// Terminal output for the CLI: a one-line progress bar on a TTY (plain phase
// lines elsewhere) and the human-readable load summary.
import { oneLine } from '../../shared/terminal-text.ts';
import { maskSecrets } from '../../shared/recording/secrets.ts';
import { writeRaw } from './terminal.ts';
import type { LatencyMs, LoadSummary, RecordingProgress, RouteCpuRow } from '../../shared/api.ts';
import { DEFAULT_SLOW_P75_MS, slowRoutesSentence } from '../../shared/load/slow-routes.ts';
import { formatBytes, formatCount, groupThousands } from '../../shared/number-format.ts';
import { serverClockSentence } from '../../shared/request-time/server-load.ts';

const ms = (x: number) => `${groupThousands(x, 3)} ms`;

/** "min … p50 … max" with every percentile the recording has (older ones lack some). */
export function formatLatency(l: LatencyMs): string {
  const parts: [string, number | undefined][] = [['min', l.min], ['p50', l.p50], ['p75', l.p75], ['p90', l.p90], ['p95', l.p95], ['p99', l.p99], ['p99.9', l.p999], ['max', l.max]];
  return parts.filter(([, v]) => v !== undefined).map(([k, v]) => `${k} ${ms(v!)}`).join('  ');
}

/**
 * `ownLoad`: the user's own tool sent the load (--no-load): the server counted and timed the requests, but the bytes on
 * the wire were never seen — "Traffic 0 B/s" beside thousands of requests read as a measurement.
 */
export function formatLoadSummary(l: LoadSummary, slowMs = DEFAULT_SLOW_P75_MS, ownLoad = false): string[] {
  const codes = Object.entries(l.statusCodes).map(([c, n]) => `${c}×${n}`).join(' ');
  const lines = [
    `Requests ${formatCount(l.requests)} in ${l.durationSec.toFixed(2)} s — ${formatCount(l.rps)} requests/s${l.loadThreads && l.loadThreads > 1 ? ` (${l.loadThreads} load threads)` : ''}${l.stoppedEarly ? ' (stopped early)' : ''}`,
    `Latency  ${formatLatency(l.latencyMs)}${l.rate ? ' (from when each request was due)' : ''}`,
    `Errors   ${l.errors} errors, ${l.timeouts} timeouts, ${l.non2xx} non-2xx${codes ? `  (status ${codes})` : ''}`,
    ownLoad ? 'Traffic  not measured: your own tool sent the load, Flambé counted the requests in the server' : `Traffic  ${formatBytes(l.bytesPerSec)}/s`,
  ];
  if (l.rate) lines.push(`Rate     ${l.rate.shortfall ?? `asked ${l.rate.askedRps} req/s, served ${Math.round(l.rate.servedRps)}.`}`);
  if (l.generatorBusy) lines.push(`Note     ${l.generatorBusy.sentence}`);
  const serverClock = serverClockSentence(l);
  if (serverClock) lines.push(`Note     ${serverClock}`);
  if (l.routes) {
    lines.push('', ...routeTable(['Route', 'Requests', 'Req/s', 'p50 ms', 'p75 ms', 'p95 ms', 'p99 ms', 'Failed', 'Non-2xx'], l.routes.map((r) => [
      `${r.method} ${r.path}`, groupThousands(r.requests), groupThousands(r.rps, 1), groupThousands(r.latencyMs.p50, 3), groupThousands(r.latencyMs.p75 ?? 0, 3),
      groupThousands(r.latencyMs.p95 ?? 0, 3), groupThousands(r.latencyMs.p99, 3), groupThousands(r.errors), groupThousands(r.non2xx),
    ])), '', slowRoutesSentence(l.routes, slowMs));
  }
  return lines;
}

export class ProgressLine {
  private readonly stream: NodeJS.WriteStream;
  private readonly enabled: boolean;
  private readonly tty: boolean;
  private lastPhase = '';
  private shown = false;

  constructor(stream: NodeJS.WriteStream, enabled: boolean) {
    this.stream = stream;
    this.enabled = enabled;
    this.tty = !!stream.isTTY;
  }

  status(given: string): void {
    if (!this.enabled) return;
    // Progress quotes the URL and the variants (?token=…, DB_PASSWORD=…): masked by the one rule (shared/recording/secrets.ts).
    const text = maskSecrets(given).value;
    if (this.tty) this.draw(text);
    else this.stream.write(`${text}\n`);
  }

  progress(given: RecordingProgress): void {
    if (!this.enabled) return;
    const p = { ...given, message: maskSecrets(given.message).value };
    if (!this.tty) {
      if (p.phase !== this.lastPhase) this.stream.write(`${p.phase}: ${p.message}\n`);
      this.lastPhase = p.phase;
      return;
    }
    const width = 24;
    const filled = Math.round(p.fraction * width);
    const bar = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(Math.round(p.fraction * 100)).padStart(3)}%`;
    this.draw(`${bar} ${p.message}`);
  }

  /** The launched script's own output, printed above the progress line. */
  passThrough(text: string): void {
    if (!this.enabled) return;
    this.clear();
    writeRaw(this.stream, text.endsWith('\n') ? text : `${text}\n`);
  }

  /** A sentence the user must read before what follows (what a heap snapshot will cost): on its own line, also when the progress line is off (--json). */
  say(text: string): void {
    this.clear();
    this.stream.write(`${maskSecrets(text).value}\n`);
  }

  clear(): void {
    if (this.tty && this.shown) writeRaw(this.stream, '\r\x1b[2K');
    this.shown = false;
  }

  private draw(text: string): void {
    const cols = this.stream.columns || 80;
    writeRaw(this.stream, '\r\x1b[2K');
    this.stream.write(oneLine(text).slice(0, cols - 1));
    this.shown = true;
  }
}

/** `record --per-route-cpu`: one row per route, heaviest CPU per request first. */
export function formatRouteCpu(rows: RouteCpuRow[]): string[] {
  const sorted = [...rows].sort((a, b) => b.cpuMsPerRequest - a.cpuMsPerRequest);
  return routeTable(['Route', 'Req/s', 'p75 ms', 'p99 ms', 'CPU ms/req', 'Top function'], sorted.map((r) => [
    `${r.method} ${r.path}`, groupThousands(r.rps, 1), groupThousands(r.p75Ms, 3), groupThousands(r.p99Ms, 3), groupThousands(r.cpuMsPerRequest, 3),
    r.topFunction ? `${r.topFunction.name}${r.topFunction.location ? ` (${r.topFunction.location})` : ''}` : '-',
  ]), { textLast: true });
}

/** First column (the route) left-aligned, numbers right-aligned; `textLast`: the last column is text, left-aligned too. */
export function routeTable(header: string[], rows: string[][], opts: { textLast?: boolean; textColumns?: number[] } = {}): string[] {
  const all = [header, ...rows].map((r) => r.map(oneLine));
  const widths = header.map((_, c) => Math.max(...all.map((r) => r[c].length)));
  const left = (c: number) => c === 0 || (opts.textLast === true && c === header.length - 1) || (opts.textColumns?.includes(c) ?? false);
  return all.map((r) => r.map((cell, c) => (left(c) ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ').trimEnd());
}

/**
 * "URL      GET http://127.0.0.1:3000/hello"; with routes the burst's own method and URL are only their origin, so
 * the line says what was sent: "URL      http://127.0.0.1:3000 — POST /orders" (or "— 3 routes", their table below).
 */
export function urlLine(load: { method: string; url: string; routes?: readonly { method: string; path: string }[] }): string {
  if (!load.routes?.length) return `URL      ${load.method} ${load.url}`;
  const what = load.routes.length === 1 ? `${load.routes[0].method} ${load.routes[0].path}` : `${load.routes.length} routes`;
  return `URL      ${new URL(load.url).origin} — ${what}`;
}
