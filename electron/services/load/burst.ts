// One HTTP load burst with autocannon. Latencies are recorded from its
// per-response events into our own HDR histogram in microseconds, because
// autocannon's own histogram rounds to whole milliseconds (docs/ARCHITECTURE.md
// "Sharp edges"). Runs wherever it is called: the caller puts it in a worker.
import autocannon from 'autocannon';
import * as hdr from 'hdr-histogram-js';
import type { LoadSecond, LoadSettingsResolved, LoadSummary } from '../../../shared/api.ts';

export interface BurstHandle {
  stop(): void;
  done: Promise<LoadSummary>;
}

export interface BurstOptions {
  settings: LoadSettingsResolved;
  /** Overrides the settings' duration (used for warm-up). */
  durationSec?: number;
  /** Ignore `requests` and run for the duration (warm-up). */
  ignoreRequestCount?: boolean;
  onSecond?(s: LoadSecond): void;
}

function histogram() {
  // 1 µs .. 10 min, 3 significant digits.
  return hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 600_000_000, numberOfSignificantValueDigits: 3 });
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

export function runBurst(opts: BurstOptions): BurstHandle {
  const { settings } = opts;
  const all = histogram();
  const perSecond = histogram();
  const timeline: LoadSecond[] = [];
  const statusCodes: Record<string, number> = {};
  let requests = 0;
  let bytes = 0;
  let secondCount = 0;
  let stoppedEarly = false;
  const started = performance.now();

  const useCount = settings.requests !== undefined && !opts.ignoreRequestCount;
  // autocannon may call back synchronously (bad options): settle through a deferred.
  let settle!: (err: Error | null, result: { errors: number; timeouts: number }) => void;
  const ended = new Promise<{ errors: number; timeouts: number }>((resolve, reject) => {
    settle = (err, result) => (err ? reject(err) : resolve(result));
  });
  const instance = autocannon(
    {
      url: settings.url,
      method: settings.method,
      headers: settings.headers,
      body: settings.body,
      connections: settings.connections,
      timeout: settings.timeoutSec,
      ...(useCount ? { amount: settings.requests } : { duration: opts.durationSec ?? settings.durationSec }),
      skipAggregateResult: true,
    },
    (err, result) => settle(err, result),
  );

  instance.on('response', (_client: unknown, statusCode: number, resBytes: number, responseTimeMs: number) => {
    const us = Math.max(1, Math.round(responseTimeMs * 1000));
    all.recordValue(us);
    perSecond.recordValue(us);
    requests++;
    secondCount++;
    bytes += resBytes;
    const code = String(statusCode);
    statusCodes[code] = (statusCodes[code] ?? 0) + 1;
  });

  const tick = setInterval(() => {
    const s: LoadSecond = {
      second: timeline.length + 1,
      rps: secondCount,
      p99Ms: perSecond.totalCount ? round3(perSecond.getValueAtPercentile(99) / 1000) : 0,
    };
    timeline.push(s);
    secondCount = 0;
    perSecond.reset();
    opts.onSecond?.(s);
  }, 1000);

  const done = ended.finally(() => clearInterval(tick)).then((result): LoadSummary => {
    const durationSec = (performance.now() - started) / 1000;
    const non2xx = Object.entries(statusCodes).reduce((n, [code, count]) => (code.startsWith('2') ? n : n + count), 0);
    const summary: LoadSummary = {
      requests,
      durationSec: round3(durationSec),
      rps: round3(requests / durationSec),
      latencyMs: requests
        ? {
            p50: round3(all.getValueAtPercentile(50) / 1000),
            p90: round3(all.getValueAtPercentile(90) / 1000),
            p99: round3(all.getValueAtPercentile(99) / 1000),
            max: round3(all.maxValue / 1000),
            mean: round3(all.mean / 1000),
          }
        : { p50: 0, p90: 0, p99: 0, max: 0, mean: 0 },
      errors: Math.max(0, result.errors - result.timeouts),
      timeouts: result.timeouts,
      non2xx,
      statusCodes,
      bytesPerSec: Math.round(bytes / durationSec),
      timeline,
      stoppedEarly,
    };
    all.destroy();
    perSecond.destroy();
    return summary;
  });

  return {
    stop() {
      stoppedEarly = true;
      instance.stop();
    },
    done,
  };
}
