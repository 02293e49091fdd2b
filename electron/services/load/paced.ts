// A fixed request rate (open model), as wrk2 does: request i is due at
// start + i/rate whatever the server does, and its latency is counted from
// when it was due, not from when a connection was free to send it. A server
// that stalls therefore shows the wait of every request queued behind the
// stall (no coordinated omission). autocannon's own rate limit sends each
// second's requests in one go, so it is not used here.
import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import type { LoadSettingsResolved } from '../../../shared/api.ts';
import type { BurstHandle } from './protocol.ts';
import type { LoadCollector } from './collector.ts';
import { burstRequests, type BurstRoute } from './routes.ts';

export interface PacedOptions {
  settings: LoadSettingsResolved;
  routes: BurstRoute[];
  collector: LoadCollector;
  connections: number;
  durationSec: number;
  /** Stop after this many requests instead of the duration. */
  requests?: number;
}

/** Requests waiting for a connection beyond this are not sent (the report then says the server could not keep up). */
const MAX_QUEUED = 100_000;

export function runPaced(opts: PacedOptions): BurstHandle {
  const { settings, collector } = opts;
  const rate = settings.rate!;
  const origin = new URL(settings.url);
  const lib = origin.protocol === 'https:' ? https : http;
  const agent = new lib.Agent({ keepAlive: true, maxSockets: opts.connections, rejectUnauthorized: false } as http.AgentOptions);
  const cycle = burstRequests(opts.routes);
  const start = performance.now();
  let sent = 0;
  let outstanding = 0;
  // The shortest time an answered request held its connection (from getting a socket to the last
  // byte): the server's time for a request that did not queue in it. connections ÷ that is the most
  // the connections could carry even from a server that never queues; asked more, they are a limit.
  let minHeldMs = Infinity;
  let stopped = false;
  let stoppedEarly = false;
  let endedAt = 0;
  const inFlight = new Set<http.ClientRequest>();
  let finish!: () => void;
  const ended = new Promise<void>((resolve) => { finish = resolve; });

  const send = (index: number, dueAt: number) => {
    const r = cycle[index % cycle.length];
    outstanding++;
    let settled = false;
    let onSocketAt = 0; // when the request got its connection
    const settle = () => {
      if (settled) return false;
      settled = true;
      outstanding--;
      inFlight.delete(req);
      return true;
    };
    const req = lib.request({
      agent, protocol: origin.protocol, hostname: origin.hostname, port: origin.port, method: r.method, path: r.path,
      headers: r.body !== undefined ? { 'content-length': Buffer.byteLength(r.body), ...r.headers } : r.headers,
      timeout: settings.timeoutSec * 1000,
    }, (res) => {
      let bytes = 0;
      res.on('data', (d: Buffer) => { bytes += d.length; });
      res.on('end', () => {
        if (onSocketAt) minHeldMs = Math.min(minHeldMs, performance.now() - onSocketAt);
        if (!stopped && settle()) collector.response(r.flambeRoute, res.statusCode ?? 0, bytes, Math.max(1, Math.round((performance.now() - dueAt) * 1000)));
        else settle();
      });
      res.on('error', () => { if (settle() && !stopped) collector.failure(r.flambeRoute, false); });
    });
    req.on('socket', () => { onSocketAt = performance.now(); });
    inFlight.add(req);
    req.on('timeout', () => { if (settle() && !stopped) collector.failure(r.flambeRoute, true); req.destroy(); });
    req.on('error', () => { if (settle() && !stopped) collector.failure(r.flambeRoute, false); });
    req.end(r.body);
  };

  const end = () => {
    if (stopped) return;
    stopped = true;
    endedAt = performance.now();
    clearInterval(timer);
    clearInterval(tick);
    // Answers that come after the end are not counted (as wrk2 does): drop what is in flight or queued.
    for (const req of inFlight) req.destroy();
    agent.destroy();
    finish();
  };

  const durationMs = opts.durationSec * 1000;
  const timer = setInterval(() => {
    const elapsed = performance.now() - start;
    if (opts.requests === undefined && elapsed >= durationMs) return end();
    const due = Math.min(Math.floor((elapsed * rate) / 1000) + 1, opts.requests ?? Infinity);
    while (sent < due && outstanding < MAX_QUEUED) {
      send(sent, start + (sent * 1000) / rate);
      sent++;
    }
    if (opts.requests !== undefined && sent >= opts.requests && outstanding === 0) end();
  }, 1);
  const tick = setInterval(() => collector.tick(), 250);

  return {
    stop() {
      stoppedEarly = true;
      end();
    },
    done: ended.then(() => collector.finish({
      stoppedEarly, connections: opts.connections, askedRps: rate, endedAt,
      ...(Number.isFinite(minHeldMs) ? { carryRps: opts.connections / (Math.max(minHeldMs, 0.001) / 1000) } : {}),
    })),
  };
}
