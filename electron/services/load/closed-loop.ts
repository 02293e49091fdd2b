// A closed-loop burst on plain TCP sockets, as wrk runs it: N keep-alive
// connections, each sending its next request (prebuilt bytes) when the last is
// answered. On 2 cores the generator and the server share the CPU: autocannon
// spent 43 µs per request (a JS HTTP parser, streams, its own histograms and
// events) where wrk spends about 20 (issue 36). Here a request is one
// socket.write of a ready Buffer and a response is framed by
// response-framer.ts, its latency timed from the write to its last byte.
// http: only; https stays with autocannon (burst.ts).
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import type { BurstHandle } from './protocol.ts';
import type { LoadCollector } from './collector.ts';
import { ResponseFramer } from './response-framer.ts';
import type { burstRequests } from './routes.ts';

type BurstRequest = ReturnType<typeof burstRequests>[number];

export interface ClosedLoopOptions {
  url: URL;
  requests: BurstRequest[];
  connections: number;
  collector: LoadCollector;
  timeoutSec: number;
  durationSec: number;
  /** Stop after this many responses instead of the duration. */
  amount?: number;
}

interface Prepared {
  bytes: Buffer;
  route: number;
  head: boolean;
}

/** The bytes autocannon sent for the same request: request line, Host, keep-alive, the headers, Content-Length with a body. */
export function requestBytes(url: URL, r: BurstRequest): Buffer {
  const lines = [`${r.method} ${r.path} HTTP/1.1`];
  if (!Object.keys(r.headers).some((k) => k.toLowerCase() === 'host')) lines.push(`Host: ${url.host}`);
  lines.push('Connection: keep-alive');
  const body = r.body ? Buffer.from(r.body) : null;
  const headers: Record<string, string> = { ...r.headers };
  if (body?.length) headers['Content-Length'] = String(body.length);
  for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
  const head = Buffer.from(lines.join('\r\n') + '\r\n\r\n');
  return body?.length ? Buffer.concat([head, body]) : head;
}

/** What the connections of one burst share. */
interface BurstState {
  host: string;
  port: number;
  prepared: Prepared[];
  collector: LoadCollector;
  timeoutMs: number;
  readBuffer: Buffer;
  stopped: boolean;
  /** A response was recorded (a burst of -n requests then may end). */
  answered(): void;
}

export function runClosedLoop(opts: ClosedLoopOptions): BurstHandle {
  const { collector, url } = opts;
  const prepared: Prepared[] = opts.requests.map((r) => ({ bytes: requestBytes(url, r), route: r.flambeRoute, head: r.method === 'HEAD' }));
  const timeoutMs = opts.timeoutSec * 1000;
  let stoppedEarly = false;
  let answered = 0;
  let finish!: () => void;
  const ended = new Promise<void>((resolve) => (finish = resolve));

  const conns: Connection[] = [];
  const state: BurstState = {
    host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port) || 80, prepared, collector, timeoutMs,
    // Shared by every connection: each read is framed before the next (the framer copies what it keeps).
    readBuffer: Buffer.allocUnsafe(64 * 1024),
    stopped: false,
    answered: () => {
      answered++;
      if (opts.amount !== undefined && answered >= opts.amount) stop(false);
    },
  };
  const stop = (early: boolean) => {
    if (state.stopped) return;
    state.stopped = true;
    stoppedEarly = early;
    endedAtMs = performance.now();
    clearTimeout(durationTimer);
    clearInterval(watch);
    for (const c of conns) c.close();
    finish();
  };
  let endedAtMs: number | undefined;

  // One timer for every connection's timeout (a timer per request costs more than the request).
  const watch = setInterval(() => {
    const now = performance.now();
    for (const c of conns) if (c.timedOut(now)) c.fail(true);
  }, Math.min(250, Math.max(10, timeoutMs / 10)));
  const durationTimer = opts.amount === undefined ? setTimeout(() => stop(false), opts.durationSec * 1000) : undefined;
  for (let i = 0; i < opts.connections; i++) conns.push(new Connection(state));
  for (const c of conns) c.open();

  return {
    stop: () => stop(true),
    done: ended.then(() => collector.finish({ stoppedEarly, connections: opts.connections, endedAt: endedAtMs })),
  };
}

/** One keep-alive connection: sends a request, frames its response, sends the next. */
class Connection {
  private readonly b: BurstState;
  private socket: net.Socket | null = null;
  private next = 0;
  private inFlight: Prepared | null = null;
  sentAt = 0;
  private readonly framer = new ResponseFramer((status, bytes, closes) => this.answered(status, bytes, closes));

  constructor(b: BurstState) {
    this.b = b;
  }

  open(): void {
    if (this.b.stopped) return;
    // onread: bytes land in one reused buffer and come to a callback, without a
    // stream's push/emit/read-more per response (a tenth of the generator's CPU).
    const socket = net.connect({
      host: this.b.host, port: this.b.port,
      onread: {
        buffer: this.b.readBuffer,
        callback: (n: number, buf: Uint8Array): boolean => {
          if (this.socket === socket && this.framer.feed(Buffer.from(buf.buffer, buf.byteOffset, n)) === 'error') this.fail(false);
          return true; // keep reading
        },
      },
    });
    this.socket = socket;
    socket.setNoDelay(true);
    socket.on('connect', () => this.send());
    socket.on('error', () => {
      if (this.socket === socket) this.fail(false);
    });
    socket.on('close', () => {
      if (this.socket !== socket) return;
      // A body that runs to the end of the connection ends here; a request cut short is an error.
      if (this.framer.end() || this.inFlight) this.fail(false);
      else this.reopen();
    });
  }

  private send(): void {
    if (this.b.stopped || !this.socket) return;
    const req = this.b.prepared[this.next];
    this.next = (this.next + 1) % this.b.prepared.length;
    this.inFlight = req;
    this.framer.noBody = req.head;
    this.sentAt = performance.now();
    this.socket.write(req.bytes);
  }

  private answered(status: number, bytes: number, closes: boolean): void {
    const req = this.inFlight;
    if (!req || this.b.stopped) return;
    this.inFlight = null;
    this.b.collector.response(req.route, status, bytes, Math.max(1, Math.round((performance.now() - this.sentAt) * 1000)));
    this.b.answered();
    if (this.b.stopped) return;
    if (closes) this.reopen();
    else this.send();
  }

  /** The request in flight failed: counted once, against its route, and the connection starts over. */
  fail(timeout: boolean): void {
    if (this.b.stopped) return;
    const route = this.inFlight?.route ?? this.b.prepared[this.next].route;
    this.inFlight = null;
    this.b.collector.failure(route, timeout);
    this.reopen();
  }

  /** Starts a new connection (on the next turn: a refused connect must not spin this one). */
  private reopen(): void {
    this.close();
    this.framer.reset();
    if (!this.b.stopped) setImmediate(() => this.open());
  }

  close(): void {
    const s = this.socket;
    this.socket = null;
    s?.destroy();
  }

  timedOut(now: number): boolean {
    return this.inFlight !== null && now - this.sentAt > this.b.timeoutMs;
  }
}
