// One HTTP load burst. Closed loop (N connections, each sending its next
// request when the last is answered) with closed-loop.ts over http: (what
// autocannon spent per request the server lost on 2 cores: issue 36) and
// autocannon over https:; a fixed rate (open model) with paced.ts.
// Latencies go into our own HDR histograms in microseconds (collector.ts),
// because autocannon's own histogram rounds to whole milliseconds
// (docs/ARCHITECTURE.md "Sharp edges").
// Runs wherever it is called: the caller puts it in a worker.
import type { LoadSecond, LoadSettingsResolved } from '../../../shared/api.ts';
import { LoadCollector } from './collector.ts';
import { runClosedLoop } from './closed-loop.ts';
import { runPaced } from './paced.ts';
import { autocannonRequests, burstRequests, routeList } from './routes.ts';
import type { BurstHandle } from './protocol.ts';

// What runBurst returns; declared in protocol.ts, beside its runners' messages, so closed-loop.ts and paced.ts need not import this file back.
export type { BurstHandle };

export interface BurstOptions {
  settings: LoadSettingsResolved;
  /** Overrides the settings' duration (used for warm-up). */
  durationSec?: number;
  /** Ignore `requests` and run for the duration (warm-up). */
  ignoreRequestCount?: boolean;
  onSecond?(s: LoadSecond): void;
}

/** The parts of autocannon's client we read (pipelining 1: the answered request is still the current one). */
interface AcClient {
  on(event: string, listener: (...args: never[]) => void): void;
  requestIterator: { currentRequest: { flambeRoute?: number }; currentRequestIndex: number; requests: { flambeRoute?: number }[] };
}

export function runBurst(opts: BurstOptions): BurstHandle {
  const { settings } = opts;
  const routes = routeList(settings);
  const newCollector = () => new LoadCollector(routes, !!settings.routes, opts.onSecond);
  const useCount = settings.requests !== undefined && !opts.ignoreRequestCount;
  // autocannon refuses more connections than requests: use fewer connections (issue 13, item 9).
  const connections = useCount ? Math.min(settings.connections, settings.requests!) : settings.connections;
  const durationSec = opts.durationSec ?? settings.durationSec;
  const amount = useCount ? settings.requests : undefined;
  if (settings.rate) {
    return runPaced({ settings, routes, collector: newCollector(), connections, durationSec, requests: amount });
  }
  const url = new URL(settings.url);
  if (url.protocol === 'http:') {
    return runClosedLoop({
      url, requests: burstRequests(routes), connections, collector: newCollector(), timeoutSec: settings.timeoutSec,
      durationSec, ...(amount !== undefined ? { amount } : {}),
    });
  }
  return runAutocannon({ settings, routes, connections, durationSec, amount, newCollector });
}

interface AutocannonBurst {
  settings: LoadSettingsResolved;
  routes: ReturnType<typeof routeList>;
  connections: number;
  durationSec: number;
  amount: number | undefined;
  newCollector(): LoadCollector;
}

/**
 * An https: burst with autocannon, loaded only then: its modules cost about
 * 0.3 s of CPU to load in every load worker (issue 36). The collector starts
 * once it is loaded, so neither the burst's time nor its CPU counts the load.
 */
function runAutocannon(o: AutocannonBurst): BurstHandle {
  let stoppedEarly = false;
  let instance: { stop(): void } | null = null;
  const done = import('autocannon').then(({ default: autocannon }) => {
    const collector = o.newCollector();
    const setupClient = (client: AcClient) => {
      const route = () => client.requestIterator.currentRequest.flambeRoute ?? 0;
      client.on('response', (status: number, bytes: number, ms: number) => collector.response(route(), status, bytes, Math.max(1, Math.round(ms * 1000))));
      // A connection error belongs to the request being sent; on a timeout the client
      // has already moved on to the next request, so the failed one is the one before it.
      client.on('connError', () => collector.failure(route(), false));
      client.on('timeout', () => {
        const it = client.requestIterator;
        collector.failure(it.requests[(it.currentRequestIndex - 1 + it.requests.length) % it.requests.length]?.flambeRoute ?? 0, true);
      });
    };
    // autocannon may call back synchronously (bad options): settle through a deferred.
    let settle!: (err: Error | null) => void;
    const ended = new Promise<void>((resolve, reject) => {
      settle = (err) => (err ? reject(err) : resolve());
    });
    instance = autocannon(
      {
        url: o.settings.url,
        requests: autocannonRequests(o.routes),
        connections: o.connections,
        timeout: o.settings.timeoutSec,
        ...(o.amount !== undefined ? { amount: o.amount } : { duration: o.durationSec }),
        setupClient: setupClient as (client: never) => void,
        // autocannon ends a burst at its next sample tick: at the default 1 s a
        // 2.5 s burst ran 3 s. 50 ms keeps the burst as long as asked.
        sampleInt: 50,
        skipAggregateResult: true,
      },
      (err) => settle(err),
    );
    if (stoppedEarly) instance.stop();
    const tick = setInterval(() => collector.tick(), 250);
    return ended.finally(() => clearInterval(tick)).then(() => collector.finish({ stoppedEarly, connections: o.connections }));
  });
  return {
    stop() {
      stoppedEarly = true;
      instance?.stop();
    },
    done,
  };
}
