// Minimal types for autocannon 9 (it ships none): only what we use.
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';
  interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    pipelining?: number;
    skipAggregateResult?: boolean;
    /** Cycled through by each connection; extra properties are kept on the client's copy. */
    requests?: { method?: string; path?: string; headers?: Record<string, string>; body?: string; [k: string]: unknown }[];
    /** Called with each client as it is created (its events: response, connError, timeout). */
    setupClient?: (client: never) => void;
    /** Milliseconds between autocannon's samples; a burst ends at the first sample after its duration. */
    sampleInt?: number;
    workers?: number;
  }
  interface Result {
    errors: number;
    timeouts: number;
    non2xx: number;
    totalBytes?: number;
    statusCodeStats?: Record<string, { count: number }>;
    [k: string]: unknown;
  }
  interface Instance extends EventEmitter {
    stop(): void;
  }
  function autocannon(opts: Options, cb: (err: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
